/**
 * The schedule exchange format (docs/schedule-format.md): a schedule and its network as JSON or CSV,
 * and back. Import turns a file into the same columns the algorithms build, so an independent
 * schedule is checked by the one verifier (kernel/verify/verifier.ts), not by rules written here. The
 * importer only refuses what cannot be represented: wrong types, a network or block table that
 * names vertices that do not exist, values that do not fit a column.
 */
import { pairDestination, pairSource } from '../model/block-pairs';
import { indexArray } from '../model/columns';
import { pathLength, pathLinks, receiversOf } from '../model/paths';
import {
  blockIdsOf,
  destinationRange,
  destinationTable,
  type ListedBlocks,
  type Collective,
  type Schedule,
} from '../model/schedule';
import { ScheduleBuilder } from '../model/schedule-builder';
import type { Topology } from '../model/topology';
import type { ParamValue } from '../params/schema';
import { MAX_HOLDING_CELLS } from '../replay/holdings';
import type { RunResult } from '../../run';

export const SCHEDULE_FORMAT = 'optical-collectives/schedule-v1';

export const COLLECTIVES = [
  'allgather',
  'allreduce',
  'alltoall',
  'broadcast',
  'scatter',
  'gather',
  'gossip',
  'multiscatter',
] as const satisfies readonly Collective[];
// Fails to compile when a collective is added to the model but not to the list above.
const _everyCollective: readonly (typeof COLLECTIVES)[number][] = [] as Collective[];

export interface LinkJson {
  id: number;
  from: number;
  to: number;
  kind: string;
  channels: number;
  sharing: 'exclusive' | 'shared';
}

export interface BlockJson {
  id: number;
  origin: number;
  to: number[] | 'all';
  bytes: number;
}

export interface TransferJson {
  from: number;
  to: number[];
  path: number[];
  channel: number;
  blocks: number[];
}

export interface StepJson {
  phase: string;
  active_links?: number[];
  transfers: TransferJson[];
}

export interface SummaryJson {
  steps: number;
  phases: number;
  channels_used: number;
  transfers: number;
  max_link_load: number;
  longest_route: number;
  seconds: number;
  verified: boolean;
}

export interface ScheduleJson {
  format: typeof SCHEDULE_FORMAT;
  algorithm: string;
  collective: Collective;
  variant?: string;
  params: Record<string, ParamValue>;
  nodes: number;
  auxiliary_nodes?: number;
  ports?: { tx: number; rx: number; fanout?: number };
  links: LinkJson[];
  blocks: BlockJson[];
  steps: StepJson[];
  summary: SummaryJson;
}

/** What an export needs: a run result, or any schedule with its topology, measures and verdict. */
export type Exportable = Pick<
  RunResult,
  'algorithm' | 'params' | 'variant' | 'topology' | 'schedule' | 'summary'
> & {
  report: { ok: boolean };
};

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
    const nl = pathLinks(s, this.topo, t, this.links);
    const nr = receiversOf(s, this.topo, t, this.rx);
    const ids = blockIdsOf(s, t);
    return (
      `{"from":${s.src[t]},"to":[${listText(this.rx, 0, nr, ',')}],"path":[${listText(this.links, 0, nl, ',')}],` +
      `"channel":${s.channel[t]},"blocks":[${listText(ids, 0, ids.length, ',')}]}`
    );
  }

  /** Transfer t as the CSV columns from, to, path, channel, blocks. */
  transferCsv(t: number): string {
    const s = this.s;
    const nl = pathLinks(s, this.topo, t, this.links);
    const nr = receiversOf(s, this.topo, t, this.rx);
    const ids = blockIdsOf(s, t);
    return (
      `${s.src[t]},${listText(this.rx, 0, nr, ' ')},${listText(this.links, 0, nl, ' ')},` +
      `${s.channel[t]},${listText(ids, 0, ids.length, ' ')}`
    );
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
    algorithm: r.algorithm,
    collective: s.collective,
  };
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

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One line per transfer: step (from 1), phase, transfer index (from 0, as in verifier messages),
 * sender, receivers, route links, channel, blocks; lists are space-separated ids.
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

// ---------------------------------------------------------------------------------------------------
// Import

/** A schedule document that cannot be read; the message names the field, e.g. `steps[3].phase`. */
export class ScheduleFormatError extends Error {
  override name = 'ScheduleFormatError';
}

const U16 = 0xffff;
const U32 = 0xffffffff;

function got(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const text = JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function fail(path: string, must: string, v: unknown): never {
  throw new ScheduleFormatError(`${path} must be ${must}; got ${got(v)}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function record(v: unknown, path: string): Record<string, unknown> {
  return isRecord(v) ? v : fail(path, 'an object', v);
}

function array(v: unknown, path: string): unknown[] {
  return Array.isArray(v) ? v : fail(path, 'an array', v);
}

function text(v: unknown, path: string): string {
  return typeof v === 'string' ? v : fail(path, 'a string', v);
}

/**
 * Most processors (plus auxiliary nodes) a schedule file may declare: 4 × 2^20, four times the largest
 * network the app builds (the million-processor OTIS-Mesh of the roadmap).
 */
export const MAX_FILE_NODES = 4 * 1024 * 1024;
const PER_NODE_TABLES = 'the checker keeps tables per processor';

/** A whole number ≥ min; `max` is a limit of the columns, stated with its reason. */
function whole(v: unknown, path: string, min: number, max = U32, why = 'ids and counts are 32-bit'): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) fail(path, `a whole number ≥ ${min}`, v);
  if (v > max) fail(path, `at most ${max} (${why})`, v);
  return v;
}

/** An id below `limit`, naming what it refers to. */
function idBelow(v: unknown, path: string, limit: number, what: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= limit)
    fail(path, limit > 0 ? `${what} from 0 to ${limit - 1}` : `${what}, but there are none`, v);
  return v;
}

/** The transfers of a parsed document, type-checked, with the sizes the builder needs. */
interface Scan {
  transfers: number;
  pathLinks: number;
  receivers: number;
  blockRefs: number;
  maxNode: number;
  maxBlock: number;
  anyActive: boolean;
}

function scanSteps(steps: unknown[], nodes: number, linkCount: number): Scan {
  const sc: Scan = {
    transfers: 0,
    pathLinks: 0,
    receivers: 0,
    blockRefs: 0,
    maxNode: 0,
    maxBlock: 0,
    anyActive: false,
  };
  const phases = new Set<string>();
  for (let i = 0; i < steps.length; i++) {
    const sp = `steps[${i}]`;
    const st = record(steps[i], sp);
    phases.add(text(st.phase, `${sp}.phase`));
    if (phases.size > U16)
      throw new ScheduleFormatError(`${sp}.phase: at most ${U16} different phase names are supported`);
    if (st.active_links !== undefined) {
      sc.anyActive = true;
      const al = array(st.active_links, `${sp}.active_links`);
      for (let k = 0; k < al.length; k++) idBelow(al[k], `${sp}.active_links[${k}]`, linkCount, 'a link id');
    }
    const ts = array(st.transfers, `${sp}.transfers`);
    for (let j = 0; j < ts.length; j++) {
      const tp = `${sp}.transfers[${j}]`;
      const tr = record(ts[j], tp);
      sc.maxNode = Math.max(sc.maxNode, whole(tr.from, `${tp}.from`, 0));
      const to = array(tr.to, `${tp}.to`);
      // Longer lists must repeat a receiver or a link; they would also overrun the checker's buffers.
      if (to.length > nodes)
        throw new ScheduleFormatError(
          `${tp}.to lists ${to.length} receivers, but there are only ${nodes} processors`,
        );
      for (let k = 0; k < to.length; k++)
        sc.maxNode = Math.max(sc.maxNode, whole(to[k], `${tp}.to[${k}]`, 0));
      const path = array(tr.path, `${tp}.path`);
      if (path.length > linkCount)
        throw new ScheduleFormatError(
          `${tp}.path has ${path.length} links, but the network has only ${linkCount}`,
        );
      for (let k = 0; k < path.length; k++) whole(path[k], `${tp}.path[${k}]`, 0);
      whole(tr.channel, `${tp}.channel`, 0, U16, 'the channel column is 16-bit');
      const bl = array(tr.blocks, `${tp}.blocks`);
      for (let k = 0; k < bl.length; k++)
        sc.maxBlock = Math.max(sc.maxBlock, whole(bl[k], `${tp}.blocks[${k}]`, 0));
      sc.transfers++;
      sc.pathLinks += path.length;
      sc.receivers += to.length;
      sc.blockRefs += bl.length;
    }
  }
  return sc;
}

function readTopology(doc: Record<string, unknown>, nodes: number, aux: number): Topology {
  const vertices = nodes + aux;
  const links = array(doc.links, 'links');
  const L = links.length;
  if (L > U32) throw new ScheduleFormatError(`links: at most ${U32} links are supported`);
  const linkFrom = indexArray(L, vertices);
  const linkTo = indexArray(L, vertices);
  const linkChannels = new Uint32Array(L);
  const linkKind = new Uint8Array(L);
  const linkShared = new Uint8Array(L);
  const kinds: string[] = [];
  const kindIndex = new Map<string, number>();
  const vertexIds = aux > 0 ? 'a vertex id (processors, then auxiliary nodes)' : 'a processor id';
  for (let i = 0; i < L; i++) {
    const p = `links[${i}]`;
    const l = record(links[i], p);
    if (l.id !== i) fail(`${p}.id`, `${i} (links are listed in id order, from 0)`, l.id);
    linkFrom[i] = idBelow(l.from, `${p}.from`, vertices, vertexIds);
    linkTo[i] = idBelow(l.to, `${p}.to`, vertices, vertexIds);
    linkChannels[i] = whole(l.channels, `${p}.channels`, 1);
    const kind = l.kind === undefined ? 'link' : text(l.kind, `${p}.kind`);
    let k = kindIndex.get(kind);
    if (k === undefined) {
      if (kinds.length > 0xff)
        throw new ScheduleFormatError(`${p}.kind: at most 256 link kinds are supported`);
      k = kinds.push(kind) - 1;
      kindIndex.set(kind, k);
    }
    linkKind[i] = k;
    if (l.sharing !== undefined && l.sharing !== 'exclusive' && l.sharing !== 'shared')
      fail(`${p}.sharing`, '"exclusive" or "shared"', l.sharing);
    linkShared[i] = l.sharing === 'shared' ? 1 : 0;
  }
  return {
    kind: 'generic',
    nodeCount: nodes,
    auxCount: aux,
    linkCount: L,
    linkFrom,
    linkTo,
    linkChannels,
    linkKind,
    linkKinds: kinds,
    linkShared,
  };
}

function readBlocks(doc: Record<string, unknown>, nodes: number): ListedBlocks {
  const blocks = array(doc.blocks, 'blocks');
  const B = blocks.length;
  // Personalised blocks (one destination each, as in all-to-all) are tracked sparsely, per block;
  // any other table needs one holding cell per (processor, block).
  const personalised = blocks.every(
    (b) =>
      typeof b === 'object' &&
      b !== null &&
      Array.isArray((b as { to?: unknown }).to) &&
      (b as { to: unknown[] }).to.length === 1,
  );
  if (!personalised && nodes * B > MAX_HOLDING_CELLS)
    throw new ScheduleFormatError(
      `blocks: ${nodes} processors × ${B} blocks need ${nodes * B} holding cells; at most ${MAX_HOLDING_CELLS} are supported (unless every block has exactly one destination)`,
    );
  const origin = indexArray(B, nodes);
  const lists: (number[] | null)[] = [];
  let everyAll = true;
  let listed = 0;
  let bytes: number | undefined;
  let bytesFrom = '';
  for (let i = 0; i < B; i++) {
    const p = `blocks[${i}]`;
    const b = record(blocks[i], p);
    if (b.id !== i) fail(`${p}.id`, `${i} (blocks are listed in id order, from 0)`, b.id);
    origin[i] = idBelow(b.origin, `${p}.origin`, nodes, 'a processor id');
    if (b.to === 'all') lists.push(null);
    else {
      if (!Array.isArray(b.to)) fail(`${p}.to`, '"all" or an array of processor ids', b.to);
      const to = b.to.map((v, k) => idBelow(v, `${p}.to[${k}]`, nodes, 'a processor id'));
      lists.push(to);
      listed += to.length;
      everyAll = false;
    }
    if (b.bytes !== undefined) {
      const x = whole(b.bytes, `${p}.bytes`, 0, Number.MAX_SAFE_INTEGER, 'bytes must be exact');
      if (bytes === undefined) {
        bytes = x;
        bytesFrom = `${p}.bytes`;
      } else if (x !== bytes) fail(`${p}.bytes`, `${bytes}, as ${bytesFrom} (all blocks have one size)`, x);
    }
  }
  let destinations: ListedBlocks['destinations'] = { kind: 'all' };
  if (!everyAll) {
    // A mixed table: "all" becomes the list of every processor.
    let total = listed;
    for (const l of lists) if (!l) total += nodes;
    const offsets = new Uint32Array(B + 1);
    const dn = indexArray(total, nodes);
    let k = 0;
    lists.forEach((l, b) => {
      if (l) for (const v of l) dn[k++] = v;
      else for (let v = 0; v < nodes; v++) dn[k++] = v;
      offsets[b + 1] = k;
    });
    destinations = destinationTable(offsets, dn);
  }
  return { count: B, origin, destinations, bytes: bytes ?? 1 };
}

/**
 * Reads a parsed schedule document into a topology and columns, ready for verify(). Throws
 * ScheduleFormatError with a one-line message naming the first bad field.
 */
export function fromScheduleJson(obj: unknown): { topology: Topology; schedule: Schedule } {
  const doc = isRecord(obj) ? obj : fail('the schedule', 'a JSON object', obj);
  if (doc.format !== SCHEDULE_FORMAT) fail('format', JSON.stringify(SCHEDULE_FORMAT), doc.format);
  const algorithm = doc.algorithm === undefined ? 'imported' : text(doc.algorithm, 'algorithm');
  const collective = doc.collective as Collective;
  if (!COLLECTIVES.includes(collective)) fail('collective', `one of ${COLLECTIVES.join(', ')}`, collective);
  // Checked before anything is sized by them: the reader and the verifier keep tables per processor.
  const nodes = whole(doc.nodes, 'nodes', 1, MAX_FILE_NODES, PER_NODE_TABLES);
  const aux =
    doc.auxiliary_nodes === undefined
      ? 0
      : whole(doc.auxiliary_nodes, 'auxiliary_nodes', 0, MAX_FILE_NODES - nodes, PER_NODE_TABLES);
  let ports: { tx: number; rx: number; fanout?: number } | undefined;
  if (doc.ports !== undefined) {
    const p = record(doc.ports, 'ports');
    ports = { tx: whole(p.tx, 'ports.tx', 1), rx: whole(p.rx, 'ports.rx', 1) };
    if (p.fanout !== undefined) ports.fanout = whole(p.fanout, 'ports.fanout', 1);
  }
  const topology = readTopology(doc, nodes, aux);
  const blocks = readBlocks(doc, nodes);
  const steps = array(doc.steps, 'steps');
  const sc = scanSteps(steps, nodes, topology.linkCount);

  // The columns must hold every id as written, including ids the verifier will reject (a sender that
  // is no processor, a block that does not exist), so they are sized by the largest id seen; the
  // schedule then states the real processor count and block table.
  const b = new ScheduleBuilder({
    algorithm,
    collective,
    nodeCount: Math.max(nodes, sc.maxNode),
    blocks: { ...blocks, count: Math.max(blocks.count, sc.maxBlock) },
    pathKind: 'link-list',
    receiverKind: 'list',
    singleBlock: false,
    capacity: {
      transfers: sc.transfers,
      pathLinks: sc.pathLinks,
      receivers: sc.receivers,
      blockRefs: sc.blockRefs,
    },
    ports,
  });
  let activeCount = 0;
  const activeStart = sc.anyActive ? new Uint32Array(steps.length + 1) : null;
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i] as Record<string, unknown>;
    b.beginStep(st.phase as string);
    // scanSteps has checked every field's type.
    for (const x of st.transfers as TransferJson[]) b.addTransfer(x.from, x.path, x.to, x.channel, x.blocks);
    if (activeStart) {
      // A step without active_links, in a schedule where others have them, has every link.
      activeCount += Array.isArray(st.active_links) ? st.active_links.length : topology.linkCount;
      activeStart[i + 1] = activeCount;
    }
  }
  const schedule: Schedule = { ...b.finish(), nodeCount: nodes, blocks };
  if (activeStart) {
    const links = new Uint32Array(activeCount);
    for (let i = 0, k = 0; i < steps.length; i++) {
      const al = (steps[i] as Record<string, unknown>).active_links;
      if (Array.isArray(al)) for (const l of al) links[k++] = l;
      else for (let l = 0; l < topology.linkCount; l++) links[k++] = l;
    }
    schedule.activeLinks = { stepStart: activeStart, links };
  }
  return { topology, schedule };
}
