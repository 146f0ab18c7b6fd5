import type { ParamValues } from '../params/schema';
import { csvField } from './csv';
import { pairDestination, pairSource } from '../model/block-pairs';
import { pathLength, pathLinks, receiversOf } from '../model/paths';
import { blockIdsOf, destinationRange, type Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import {
  SCHEDULE_FORMAT,
  SCHEDULE_VERSION,
  type BlockJson,
  type LinkJson,
  type ScheduleJson,
  type StepJson,
  type SummaryJson,
  type TransferJson,
} from './schedule-json';

/** What an export needs: a run result, or any schedule with its topology, measures and verdict. */
export interface Exportable {
  algorithm: string;
  params: ParamValues;
  variant?: string;
  topology: Topology;
  schedule: Schedule;
  summary: {
    steps: number;
    phases: number;
    channelsUsed: number;
    transfers: number;
    maxLinkLoad: number;
    longestRoute: number;
    seconds: number;
  };
  report: { ok: boolean };
}

// ---------------------------------------------------------------------------------------------------
// Export

/** Reads links, blocks and transfers of one schedule as plain objects (shared by all writers). */
class Reader {
  private readonly links: Uint32Array;
  private readonly rx: Uint32Array;

  constructor(
    private readonly s: Schedule,
    private readonly topo: Topology,
  ) {
    let longest = 1;
    for (let t = 0; t < s.transferCount; t++) longest = Math.max(longest, pathLength(s, t));
    this.links = new Uint32Array(Math.max(longest, topo.linkCount));
    let most = Math.max(1, topo.nodeCount + topo.auxCount);
    if (s.receivers.kind === 'list') {
      const off = s.receivers.offsets;
      for (let t = 0; t < s.transferCount; t++) most = Math.max(most, off[t + 1] - off[t]);
    }
    this.rx = new Uint32Array(most);
  }

  link(l: number): LinkJson {
    const t = this.topo;
    return {
      id: l,
      from: t.linkFrom[l],
      to: t.linkTo[l],
      kind: t.linkKinds[t.linkKind[l]] ?? 'link',
      channels: t.linkChannels[l],
      sharing: t.linkShared[l] ? 'shared' : 'exclusive',
    };
  }

  block(b: number): BlockJson {
    const bt = this.s.blocks;
    if (bt.kind === 'pairs')
      return { id: b, origin: pairSource(bt.nodes, b), to: [pairDestination(bt.nodes, b)], bytes: bt.bytes };
    const d = bt.destinations;
    return {
      id: b,
      origin: bt.origin[b],
      to: d.kind === 'all' ? 'all' : Array.from(d.nodes.subarray(...destinationRange(d, b))),
      bytes: bt.bytes,
    };
  }

  transfer(t: number): TransferJson {
    const s = this.s;
    const nl = pathLinks(s, this.topo, t, this.links);
    const nr = receiversOf(s, this.topo, t, this.rx);
    return {
      from: s.src[t],
      to: Array.from(this.rx.subarray(0, nr)),
      path: Array.from(this.links.subarray(0, nl)),
      channel: s.channel[t],
      blocks: Array.from(blockIdsOf(s, t)),
    };
  }

  /**
   * Transfer t as one line of JSON, exactly `JSON.stringify(this.transfer(t))`, built without the
   * intermediate object (the streaming writers call this millions of times).
   */
  transferText(t: number): string {
    const s = this.s;
    const [to, path, blocks] = this.lists(t, ',');
    return `{"from":${s.src[t]},"to":[${to}],"path":[${path}],"channel":${s.channel[t]},"blocks":[${blocks}]}`;
  }

  /** Transfer t as the CSV columns from, to, path, channel, blocks. */
  transferCsv(t: number): string {
    const s = this.s;
    const [to, path, blocks] = this.lists(t, ' ');
    return `${s.src[t]},${to},${path},${s.channel[t]},${blocks}`;
  }

  /** Transfer t's receivers, route links and block ids, each list joined by `sep`. */
  private lists(t: number, sep: string): [string, string, string] {
    const s = this.s;
    const nl = pathLinks(s, this.topo, t, this.links);
    const nr = receiversOf(s, this.topo, t, this.rx);
    const ids = blockIdsOf(s, t);
    return [
      listText(this.rx, 0, nr, sep),
      listText(this.links, 0, nl, sep),
      listText(ids, 0, ids.length, sep),
    ];
  }

  /** Active links of step `step` (1-based), or undefined when every link exists. */
  activeLinks(step: number): number[] | undefined {
    const a = this.s.activeLinks;
    return a ? Array.from(a.links.subarray(a.stepStart[step - 1], a.stepStart[step])) : undefined;
  }

  phase(step: number): string {
    return this.s.phases[this.s.stepPhase[step - 1]];
  }
}

/** Values a[from..to) joined by `sep`. */
function listText(a: ArrayLike<number>, from: number, to: number, sep: string): string {
  if (to - from === 1) return String(a[from]);
  let out = '';
  for (let i = from; i < to; i++) out += i > from ? sep + a[i] : `${a[i]}`;
  return out;
}

/** Top-level fields before `links`, in output order (undefined ones are left out). */
function head(r: Exportable): Partial<ScheduleJson> {
  const s = r.schedule;
  const h: Partial<ScheduleJson> = {
    format: SCHEDULE_FORMAT,
    version: SCHEDULE_VERSION,
    algorithm: r.algorithm,
    collective: s.collective,
  };
  if (s.chunkedReduction) h.chunked_reduction = true;
  if (r.variant !== undefined) h.variant = r.variant;
  h.params = { ...r.params };
  h.nodes = r.topology.nodeCount;
  if (r.topology.auxCount > 0) h.auxiliary_nodes = r.topology.auxCount;
  if (s.ports)
    h.ports = {
      tx: s.ports.tx,
      rx: s.ports.rx,
      ...(s.ports.fanout !== undefined ? { fanout: s.ports.fanout } : {}),
    };
  return h;
}

function summaryOf(r: Exportable): SummaryJson {
  const m = r.summary;
  return {
    steps: m.steps,
    phases: m.phases,
    channels_used: m.channelsUsed,
    transfers: m.transfers,
    max_link_load: m.maxLinkLoad,
    longest_route: m.longestRoute,
    seconds: m.seconds,
    verified: r.report.ok,
  };
}

/** The whole document as one object. Fine for small schedules; big ones go through the writers. */
export function toScheduleJson(r: Exportable): ScheduleJson {
  const s = r.schedule;
  const rd = new Reader(s, r.topology);
  const links: LinkJson[] = [];
  for (let l = 0; l < r.topology.linkCount; l++) links.push(rd.link(l));
  const blocks: BlockJson[] = [];
  for (let b = 0; b < s.blocks.count; b++) blocks.push(rd.block(b));
  const steps: StepJson[] = [];
  for (let step = 1; step <= s.stepCount; step++) {
    const st: StepJson = { phase: rd.phase(step), transfers: [] };
    const active = rd.activeLinks(step);
    if (active) st.active_links = active;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) st.transfers.push(rd.transfer(t));
    steps.push(st);
  }
  return { ...head(r), links, blocks, steps, summary: summaryOf(r) } as ScheduleJson;
}

/** Characters gathered before a chunk is handed out. */
const CHUNK_CHARS = 1 << 16;

/**
 * The document as text in chunks of about 64 K characters, one item per line, so a schedule of
 * millions of transfers never becomes one string. Parses to exactly what toScheduleJson returns.
 */
export function* scheduleJsonChunks(r: Exportable): Generator<string, void, undefined> {
  const s = r.schedule;
  const rd = new Reader(s, r.topology);
  let buf = '{\n';
  for (const [k, v] of Object.entries(head(r))) buf += `  ${JSON.stringify(k)}: ${JSON.stringify(v)},\n`;

  // An array of one-line items: `  "key": [\n    item,\n    item\n  ]`.
  function* list(key: string, count: number, item: (i: number) => unknown, last = false) {
    buf += `  ${JSON.stringify(key)}: [`;
    for (let i = 0; i < count; i++) {
      buf += `${i ? ',' : ''}\n    ${JSON.stringify(item(i))}`;
      if (buf.length >= CHUNK_CHARS) {
        yield buf;
        buf = '';
      }
    }
    buf += `${count ? '\n  ' : ''}]${last ? '' : ','}\n`;
  }
  yield* list('links', r.topology.linkCount, (l) => rd.link(l));
  yield* list('blocks', s.blocks.count, (b) => rd.block(b));

  buf += '  "steps": [';
  for (let step = 1; step <= s.stepCount; step++) {
    const active = rd.activeLinks(step);
    buf +=
      `${step > 1 ? ',' : ''}\n    {"phase":${JSON.stringify(rd.phase(step))},` +
      `${active ? `"active_links":${JSON.stringify(active)},` : ''}"transfers":[`;
    const a = s.stepStart[step - 1];
    const b = s.stepStart[step];
    for (let t = a; t < b; t++) {
      buf += `${t > a ? ',' : ''}\n      ${rd.transferText(t)}`;
      if (buf.length >= CHUNK_CHARS) {
        yield buf;
        buf = '';
      }
    }
    buf += `${b > a ? '\n    ' : ''}]}`;
  }
  buf += `${s.stepCount ? '\n  ' : ''}],\n  "summary": ${JSON.stringify(summaryOf(r))}\n}\n`;
  yield buf;
}

/** Writes the JSON document through `write`, a chunk at a time. */
export function writeScheduleJson(r: Exportable, write: (chunk: string) => void): void {
  for (const chunk of scheduleJsonChunks(r)) write(chunk);
}

export const CSV_HEADER = 'step,phase,transfer,from,to,path,channel,blocks';

/**
 * One line per transfer: step (from 1), phase, transfer index (from 0, as in verifier messages),
 * sender, receivers, route links, channel, blocks; lists are space-separated ids. Only the phase can
 * need quoting (a file's phase names are free text); the other columns are numbers and spaces.
 */
export function* scheduleCsvChunks(r: Pick<Exportable, 'schedule' | 'topology'>): Generator<string> {
  const s = r.schedule;
  const rd = new Reader(s, r.topology);
  let buf = `${CSV_HEADER}\n`;
  for (let step = 1; step <= s.stepCount; step++) {
    const phase = csvField(rd.phase(step));
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      buf += `${step},${phase},${t},${rd.transferCsv(t)}\n`;
      if (buf.length >= CHUNK_CHARS) {
        yield buf;
        buf = '';
      }
    }
  }
  yield buf;
}

/** Writes the CSV table through `write`, a chunk at a time. */
export function writeScheduleCsv(
  r: Pick<Exportable, 'schedule' | 'topology'>,
  write: (chunk: string) => void,
) {
  for (const chunk of scheduleCsvChunks(r)) write(chunk);
}
