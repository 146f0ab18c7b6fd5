/**
 * `importTeccl(doc, options)`: TE-CCL's output as a Lab schedule. GPUs become processors (in the
 * order of their ids), switches auxiliary vertices; each epoch that carries a flow becomes one step,
 * in order (epochs without flows are left out: the steps keep the order, not the solver's clock).
 * The network is by default the one the flows imply: every link a flow crosses, shared (the file
 * gives no link capacities, so the verifier counts each link's load but finds no clash). A chunk split
 * into fractions is drawn as its whole block on every fraction's path; whether the fractions add up
 * to the chunk is checked per demand.
 */
import { indexArray } from '../../kernel/model/columns';
import { destinationTable, type Collective, type ListedBlocks } from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import { InputError } from '../../limits';
import type { MessageSet } from '../lab-schedule';
import { routerFor, type Router } from '../network';
import { importResult, onNetwork } from '../on-network';
import { PrecedenceBuilder } from '../precedence';
import type { ImportOptions, InteropImport } from '../result';
import { Verdicts } from '../verdicts';
import { readTeccl, type Flow } from './parse';

export function importTeccl(doc: Record<string, unknown>, options: ImportOptions = {}): InteropImport {
  const file = options.name ?? 'the file';
  const v = new Verdicts();
  const l = options.limits;
  const t = readTeccl(doc, file, v, l ? { flows: l.tecclFlows, where: l.name } : undefined);
  if (t.gpus.length < 2) throw new InputError(`${file}: its flows name fewer than two GPUs`);
  const R = t.gpus.length;
  const rank = new Map(t.gpus.map((g, i) => [g, i]));
  const switches = [...t.switches].sort((a, b) => a - b);
  const vertex = new Map<number, number>(rank);
  switches.forEach((s, i) => vertex.set(s, R + i));

  // Blocks: a chunk of a source (all-gather) or a chunk of a source for one GPU (all-to-all).
  const blockId = new Map<string, number>();
  const blockOrigin: number[] = [];
  const blockDest: number[][] = [];
  /** Each block's name in the file: source GPU, chunk, destination GPU (−1: all-gather). */
  const names: number[] = [];
  const keyOf = (f: { source: number; chunk: number; dest: number }) =>
    t.personalised ? `${f.source} ${f.chunk} ${f.dest}` : `${f.source} ${f.chunk}`;
  const block = (f: { source: number; chunk: number; dest: number }) => {
    const k = keyOf(f);
    let id = blockId.get(k);
    if (id === undefined) {
      id = blockOrigin.push(rank.get(f.source) ?? 0) - 1;
      blockId.set(k, id);
      blockDest.push([]);
      names.push(f.source, f.chunk, t.personalised ? f.dest : -1);
    }
    return id;
  };
  for (const d of t.demands) if (rank.has(d.dest)) blockDest[block(d)].push(rank.get(d.dest)!);

  // Messages: one per distinct (block, hop, epoch); a fraction's path is a chain of them.
  const msgOf = new Map<string, number>();
  const flowMsg = new Int32Array(t.flows.length).fill(-1);
  const msgs: { flow: Flow; at: number; block: number; volume: number }[] = [];
  t.flows.forEach((f, i) => {
    const [a, b2] = [f.via[0], f.via[f.via.length - 1]];
    if (a === b2 || !rank.has(a) || !rank.has(b2)) return;
    const b = block(f);
    const k = `${b} ${f.via.join('>')} ${f.epoch}`;
    let m = msgOf.get(k);
    if (m === undefined) {
      m = msgs.push({ flow: f, at: i, block: b, volume: 0 }) - 1;
      msgOf.set(k, m);
    }
    msgs[m].volume += f.volume;
    flowMsg[i] = m;
  });
  const M = msgs.length;
  const epochs = [...new Set(msgs.map((m) => m.flow.epoch))].sort((a, b) => a - b);
  const stepOfEpoch = new Map(epochs.map((e, i) => [e, i + 1]));
  const step = Int32Array.from(msgs, (m) => stepOfEpoch.get(m.flow.epoch)!);

  // What each message waits for: the hop before it on its path, or the chunk's first arrival at its sender.
  const first = new Map<string, number>();
  msgs.forEach((m, i) => {
    const k = `${m.block} ${rank.get(m.flow.via[m.flow.via.length - 1])}`;
    const f = first.get(k);
    if (f === undefined || msgs[f].flow.epoch > m.flow.epoch) first.set(k, i);
  });
  const pb = new PrecedenceBuilder();
  msgs.forEach((m, i) => {
    const waits: number[] = [];
    if (t.personalised) {
      const before = t.flows[m.at].after;
      if (before >= 0 && flowMsg[before] >= 0) waits.push(flowMsg[before]);
    } else if (blockOrigin[m.block] !== rank.get(m.flow.via[0])) {
      const a = first.get(`${m.block} ${rank.get(m.flow.via[0])}`);
      if (a !== undefined && msgs[a].flow.epoch < m.flow.epoch) waits.push(a);
    }
    pb.add(i, waits);
  });

  // Did every demand get its whole chunk?
  if (t.personalised) {
    const got = new Float64Array(blockOrigin.length);
    for (const m of msgs) if (m.flow.via[m.flow.via.length - 1] === m.flow.dest) got[m.block] += m.volume;
    for (const d of t.demands) {
      const b = blockId.get(keyOf(d))!;
      if (got[b] < 1 - 1e-6)
        v.error(
          'demand',
          { rank: rank.get(d.dest) },
          `GPU ${d.dest} receives ${+got[b].toFixed(6)} of chunk ${d.chunk} from GPU ${d.source}, not all of it`,
        );
    }
    const parts = msgs.filter((m) => m.volume < 1 - 1e-9);
    let smallest = 1;
    for (const m of parts) smallest = Math.min(smallest, m.volume);
    if (parts.length)
      v.note(
        'fraction',
        `${parts.length} of ${M} hops carry part of a chunk (the smallest ${smallest}): each is drawn as the whole chunk's block, and the parts are added up per demand`,
      );
  }

  const blocks = blockTable(blockOrigin, blockDest, R, t.personalised);
  const ids = Uint32Array.from(msgs, (m) => m.block);
  const messages: MessageSet = {
    count: M,
    src: Uint32Array.from(msgs, (m) => rank.get(m.flow.via[0])!),
    dst: Uint32Array.from(msgs, (m) => rank.get(m.flow.via[m.flow.via.length - 1])!),
    channel: new Uint16Array(M),
    blockStart: Uint32Array.from({ length: M + 1 }, (_, i) => i),
    blocks: ids,
  };
  const choice = options.network ?? { kind: 'implied' };
  const router =
    choice.kind === 'implied'
      ? impliedRouter(
          msgs.map((m) => m.flow.via.map((x) => vertex.get(x)!)),
          R,
          switches.length,
          messages,
        )
      : routerFor(choice, R, busiestPair(messages, step));
  const collective: Collective = t.personalised ? 'alltoall' : 'allgather';
  const net = onNetwork(
    { algorithm: 'TE-CCL', collective, ranks: R, blocks, phase: 'epoch', chunkedReduction: false },
    messages,
    step,
    epochs.length,
    router,
    options.stretch ? { graph: pb.finish(), priority: step } : null,
  );
  const notes = [
    `GPUs ${t.gpus[0]} to ${t.gpus[R - 1]} are processors 0 to ${R - 1} in order of their ids${switches.length ? `; switches ${switches.join(', ')} forward without holding` : ''}.`,
    `${epochs.length} epochs carry flows (of ${t.epochsRequired ?? epochs[epochs.length - 1] + 1}); each is one step, the empty ones are left out${t.epochSeconds ? ` (an epoch lasts ${t.epochSeconds} s in the solver's model)` : ''}.`,
  ];
  const fields = {
    format: 'teccl' as const,
    file,
    algorithm: 'TE-CCL',
    coll: collective,
    collective,
    ranks: R,
    notes,
    teccl: {
      chunks: {
        gpus: Int32Array.from(t.gpus),
        source: Int32Array.from(blockOrigin, (_, b) => names[3 * b]),
        chunk: Int32Array.from(blockOrigin, (_, b) => names[3 * b + 1]),
        dest: Int32Array.from(blockOrigin, (_, b) => names[3 * b + 2]),
      },
      volume: Float64Array.from(msgs, (m) => m.volume),
    },
  };
  return importResult(fields, choice, net, v);
}

/** Each block's destinations: the demands the file states, or (none stated) every GPU. */
function blockTable(origin: number[], dest: number[][], R: number, personalised: boolean): ListedBlocks {
  const B = origin.length;
  const offsets = new Uint32Array(B + 1);
  const nodes: number[] = [];
  for (let b = 0; b < B; b++) {
    const d = dest[b].length
      ? [...new Set(dest[b])]
      : personalised
        ? [origin[b]]
        : Array.from({ length: R }, (_, i) => i);
    nodes.push(...d);
    offsets[b + 1] = nodes.length;
  }
  const dn = indexArray(nodes.length, R);
  dn.set(nodes);
  const o = indexArray(B, R);
  o.set(origin);
  return { count: B, origin: o, destinations: destinationTable(offsets, dn), bytes: 1 };
}

/** The most messages between one ordered pair of GPUs in one step (channels a direct link needs). */
function busiestPair(m: MessageSet, step: Int32Array): number {
  const count = new Map<string, number>();
  let most = 1;
  for (let i = 0; i < m.count; i++) {
    const k = `${m.src[i]} ${m.dst[i]} ${step[i]}`;
    const c = (count.get(k) ?? 0) + 1;
    count.set(k, c);
    most = Math.max(most, c);
  }
  return most;
}

/**
 * The links the flows use (vertex paths `paths`). The file gives no capacities, so each link is
 * shared: the verifier counts the flows on it per step (the load) but finds no clash.
 */
function impliedRouter(paths: number[][], R: number, S: number, m: MessageSet): Router {
  const linkOf = new Map<string, number>();
  const from: number[] = [];
  const to: number[] = [];
  const routeStart = new Uint32Array(paths.length + 1);
  const routeIds: number[] = [];
  paths.forEach((p, i) => {
    for (let k = 0; k + 1 < p.length; k++) {
      const key = `${p[k]} ${p[k + 1]}`;
      let l = linkOf.get(key);
      if (l === undefined) {
        l = from.push(p[k]) - 1;
        to.push(p[k + 1]);
        linkOf.set(key, l);
      }
      routeIds.push(l);
    }
    routeStart[i + 1] = routeIds.length;
  });
  const L = from.length;
  m.links = { start: routeStart, ids: Uint32Array.from(routeIds) };
  const topology: Topology = {
    kind: 'generic',
    nodeCount: R,
    auxCount: S,
    linkCount: L,
    linkFrom: indexArray(L, R + S).map((_, l) => from[l]),
    linkTo: indexArray(L, R + S).map((_, l) => to[l]),
    linkChannels: new Uint32Array(L).fill(1),
    // 0 GPU → GPU, 1 GPU → switch, 2 switch → GPU, 3 switch → switch.
    linkKind: Uint8Array.from({ length: L }, (_, l) => (from[l] >= R ? 2 : 0) + (to[l] >= R ? 1 : 0)),
    linkKinds: ['gpu-gpu', 'gpu-switch', 'switch-gpu', 'switch-switch'],
    linkShared: new Uint8Array(L).fill(1),
  };
  return {
    name: `the links TE-CCL's flows use (shared: the file gives no capacities), ${R} GPUs, ${S} switch${S === 1 ? '' : 'es'}, ${L} links`,
    choice: { kind: 'implied' },
    topology,
    fit: (_occ, _s, h) => ({ links: [...(h.links ?? [])], channel: 0 }),
    fallback: (h) => ({ links: [...(h.links ?? [])], channel: 0 }),
  };
}
