/**
 * `importMsccl(text, options)`: an MSCCL XML algorithm read, checked against the runtime's rules,
 * replayed symbolically, judged against its collective, timed by the longest chain of waits, and
 * placed as a Lab schedule on a network for the verifier. Bad XML throws InputError in one line;
 * everything else — a broken or deadlocking file included — is a result with its verdicts.
 */
import { destinationTable, type ListedBlocks } from '../../kernel/model/schedule';
import { indexArray } from '../../kernel/model/columns';
import { InputError } from '../../limits';
import type { LabHeader, MessageSet } from '../lab-schedule';
import { routerFor } from '../network';
import { importResult, onNetwork } from '../on-network';
import { cyclesAmong, NEVER, timePrecedence, type Timing } from '../precedence';
import type { ImportOptions, InteropImport } from '../result';
import { Verdicts } from '../verdicts';
import { replayData, type DataFlow, type Mode } from './dataflow';
import { judge, outputsPerRank } from './judge';
import { readAlgo, type Algo } from './model';
import { reportRaces } from './races';
import { buildOpGraph, whereStep, type OpGraph } from './ops';
import { checkAlgo } from './rules';
import { threadblockTimeline } from './timeline';

/** Most chunks replayed (every rank's buffers together); the replay keeps a set per chunk. */
export const MAX_REPLAY_CHUNKS = 1 << 24;

export function importMsccl(text: string, options: ImportOptions = {}): InteropImport {
  const file = options.name ?? 'the file';
  const v = new Verdicts();
  const algo = readAlgo(text, v, file);
  const R = algo.ngpus;
  let chunks = 0;
  for (const g of algo.gpus) if (g) chunks += g.i + g.o + g.s;
  if (chunks > MAX_REPLAY_CHUNKS)
    throw new InputError(
      `${file} has ${chunks.toLocaleString('en-US')} chunks in its buffers; the replay follows at most ${MAX_REPLAY_CHUNKS.toLocaleString('en-US')}`,
    );
  checkAlgo(algo, v);
  for (const [name, n] of algo.ignored)
    v.note(
      'ignored',
      `${n} <${name}> element${n === 1 ? '' : 's'} ignored: the runtime reads only <gpu>, <tb> and <step>`,
    );

  const ops = buildOpGraph(algo, v);
  const timing = timePrecedence(ops.graph);
  reportStalls(ops, timing, v);
  const modes: Mode[] = algo.inplace
    ? algo.outofplace
      ? ['in-place', 'out-of-place']
      : ['in-place']
    : ['out-of-place'];
  const label = (m: Mode) => (modes.length > 1 ? m : '');
  const flows = modes.map((mode) => replayData(algo, ops, timing, mode, v, label(mode)));
  for (const f of flows) reportRaces(ops, timing.order, f.buffers, v, label(f.mode));
  const judged = flows.map((f) => ({ mode: f.mode, ...judge(algo, ops, f, v, label(f.mode)) }));

  const { step, steps } = messageSteps(ops, timing);
  const messages = messageSet(ops, flows[0]);
  const collective = algo.collective ?? 'custom';
  const blocks = blockTable(algo, flows[0], judged[0].root ?? 0);
  if (blocks.count * R > 1 << 28)
    throw new InputError(`${file}: ${R} ranks × ${blocks.count} chunks is more than the Lab's replay tracks`);
  const header: LabHeader = {
    algorithm: algo.name,
    collective,
    ranks: R,
    blocks,
    phase: algo.coll,
    chunkedReduction:
      collective === 'allreduce' || collective === 'reduce_scatter' || collective === 'reduce',
  };
  const channels = channelCount(algo, ops);
  const choice = options.network ?? { kind: 'full' };
  const router = routerFor(choice, R, channels);
  const net = onNetwork(
    header,
    messages,
    step,
    steps,
    router,
    options.stretch ? { graph: ops.graph, priority: timing.finish } : null,
  );

  const notes = [
    'Each message (a matched send and receive) takes one step; local steps take none; a send does not wait for its receive (NCCL buffers it).',
    'Blocks are chunks (the file does not give their size); for reductions a transfer lists the contributions its partial sums combine.',
  ];
  for (const j of judged)
    if (j.root !== undefined)
      notes.push(
        `The ${algo.coll}'s root is rank ${j.root}: the file does not name one, so it is read off the data flow.`,
      );
  const fields = {
    format: 'msccl' as const,
    file,
    algorithm: algo.name,
    coll: algo.coll,
    collective,
    ranks: R,
    notes,
  };
  const timeline = threadblockTimeline(ops, timing, net.lab.transferOf, flows[0]);
  let outputs = 0;
  for (let r = 0; r < R; r++) outputs = Math.max(outputs, outputsPerRank(algo, r));
  const perRank = { inputs: blocks.count / R, outputs, per: flows[0].buffers.per || 1 };
  return importResult({ ...fields, timeline, judged, chunks: perRank }, choice, net, v);
}

/** Messages that ran, each in the step its send finished (the receive then has it); 0: never ran. */
function messageSteps(ops: OpGraph, timing: Timing): { step: Int32Array; steps: number } {
  const { messages } = ops;
  const { first, last } = ops.steps;
  const step = new Int32Array(messages.count);
  let steps = 0;
  for (let i = 0; i < messages.count; i++) {
    const sent = timing.finish[last[messages.sender[i]]];
    if (sent === NEVER || timing.finish[first[messages.receiver[i]]] === NEVER) continue;
    step[i] = sent;
    if (sent > steps) steps = sent;
  }
  return { step, steps };
}

/** Channels the network needs: those declared, or more if a threadblock uses more. */
function channelCount(algo: Algo, ops: OpGraph): number {
  let channels = Math.max(1, algo.nchannels);
  for (let i = 0; i < ops.steps.count; i++) channels = Math.max(channels, ops.steps.chan[i] + 1);
  return channels;
}

/** Deadlocks (cycles of waits) and the steps that never run because of them or of a stuck wait. */
function reportStalls(ops: OpGraph, timing: Timing, v: Verdicts): void {
  const { finish } = timing;
  const { steps } = ops;
  const name = (g: number) => `rank ${steps.rank[g]} threadblock ${steps.tb[g]} (step ${steps.pos[g]})`;
  for (const cycle of cyclesAmong(ops.graph, finish)) {
    const at: number[] = [];
    for (const node of cycle) {
      const g = ops.stepOfNode[node];
      if (at[at.length - 1] !== g) at.push(g);
    }
    v.error(
      'deadlock',
      whereStep(steps, at[0]),
      `deadlock: ${at.map(name).join(', which waits for ')}, which waits for ${name(at[0])}`,
    );
  }
  let i = 0;
  while (i < steps.count) {
    let end = i;
    while (
      end + 1 < steps.count &&
      steps.rank[end + 1] === steps.rank[i] &&
      steps.tb[end + 1] === steps.tb[i] &&
      steps.pos[end + 1] > 0
    )
      end++;
    for (let k = i; k <= end; k++)
      if (finish[steps.last[k]] === NEVER) {
        const q = whereStep(steps, k);
        v.error(
          'blocked',
          q,
          `rank ${q.rank}, threadblock ${q.tb} stops at step ${q.step}: step${end > k ? `s ${q.step} to ${steps.pos[end]}` : ` ${q.step}`} never run${end > k ? '' : 's'}`,
        );
        break;
      }
    i = end + 1;
  }
}

/** A message's payload when it carries none (no new array per message). */
const NOTHING: readonly (Uint32Array | null)[] = [];

/** The messages with what each carries: every id its chunks combine, in order, each once. */
function messageSet(ops: OpGraph, flow: DataFlow): MessageSet {
  const M = ops.messages.count;
  const blockStart = new Uint32Array(M + 1);
  for (let i = 0; i < M; i++) {
    let n = 0;
    const chunks = flow.payload[i] ?? NOTHING;
    for (let c = 0; c < chunks.length; c++) {
      const x = chunks[c];
      if (x) for (let k = 0; k < x.length; k += 2) n += x[k + 1] - x[k];
    }
    blockStart[i + 1] = blockStart[i] + n;
  }
  const blocks = new Uint32Array(blockStart[M]);
  let end = 0;
  for (let i = 0; i < M; i++) {
    const from = end;
    const chunks = flow.payload[i] ?? NOTHING;
    for (let c = 0; c < chunks.length; c++) {
      const x = chunks[c];
      if (x)
        for (let k = 0; k < x.length; k += 2) for (let id = x[k]; id < x[k + 1]; id++) blocks[end++] = id;
    }
    if (chunks.length > 1 && end - from > 1) {
      // Several chunks: sorted, each id once.
      const part = blocks.subarray(from, end).sort();
      end = from;
      for (let k = 0; k < part.length; k++) if (k === 0 || part[k] !== part[k - 1]) blocks[end++] = part[k];
    }
    blockStart[i + 1] = end;
  }
  const src = Uint32Array.from(ops.messages.src);
  const dst = Uint32Array.from(ops.messages.dst);
  const channel = Uint16Array.from(ops.messages.chan);
  return { count: M, src, dst, channel, blockStart, blocks: blocks.subarray(0, end) };
}

/**
 * The Lab's blocks: input chunk j of rank r is block j·R + r (the replay's ids), which must reach
 * the ranks the collective sends it to; a block that does not exist (a rank with fewer inputs) only
 * its own rank.
 */
function blockTable(a: Algo, flow: DataFlow, root: number): ListedBlocks {
  const R = a.ngpus;
  let inputs = 0;
  for (let r = 0; r < R; r++) inputs = Math.max(inputs, flow.buffers.inputs(r));
  const B = inputs * R;
  const origin = indexArray(B, R);
  for (let b = 0; b < B; b++) origin[b] = b % R;
  const per = flow.buffers.per || 1;
  const exists = (b: number) => Math.floor(b / R) < flow.buffers.inputs(b % R);
  let everyone = a.collective === 'allgather' || a.collective === 'allreduce';
  for (let b = 0; b < B && everyone; b++) everyone = exists(b);
  if (everyone) return { count: B, origin, destinations: { kind: 'all' }, bytes: 1 };
  const offsets = new Uint32Array(B + 1);
  const nodes: number[] = [];
  for (let b = 0; b < B; b++) {
    const r = b % R;
    const j = Math.floor(b / R);
    if (!exists(b)) nodes.push(r);
    else
      switch (a.collective) {
        case 'allgather':
        case 'allreduce':
          for (let d = 0; d < R; d++) nodes.push(d);
          break;
        case 'alltoall':
        case 'reduce_scatter':
          nodes.push(Math.min(R - 1, Math.floor(j / per)));
          break;
        case 'broadcast':
          if (r === root) for (let d = 0; d < R; d++) nodes.push(d);
          else nodes.push(r);
          break;
        case 'reduce':
          nodes.push(root);
          break;
        default:
          nodes.push(r);
      }
    offsets[b + 1] = nodes.length;
  }
  const dn = indexArray(nodes.length, R);
  dn.set(nodes);
  return { count: B, origin, destinations: destinationTable(offsets, dn), bytes: 1 };
}
