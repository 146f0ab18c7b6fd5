/**
 * An MSCCL algorithm as a precedence graph (../precedence.ts). Every step is a node; a fused step
 * (rcs, rrs, rrcs) is two, its receive and then its send. A node waits for the previous step of its
 * threadblock, for its dependency, and a receive for its matching send. Sends and receives pair in
 * program order per connection (sender, receiver, channel): the k-th sending step of the sender's
 * threadblock for that peer and channel meets the k-th receiving step on the other side; each pair is
 * one message and takes one step. A send does not wait for its receive (NCCL buffers it), so a ring
 * that sends before it receives runs.
 *
 * A dependency (depid, deps) waits as the runtime's flags do: threadblock depid sets its flag to a
 * step's position when that step ends, but only for steps with hasdep="1"; so the wait ends with the
 * first step at or after `deps` that signals, and never when none does.
 */
import { PrecedenceBuilder, type Precedence } from '../precedence';
import { placeOf, type Verdicts, type Where } from '../verdicts';
import type { Algo } from './model';
import { copyStepRow, stepColumns, type StepColumns } from './step-columns';
import { RECEIVES, SENDS } from './runtime';

/**
 * Every step of the file with where it is, as columns indexed by the step's global index (no object
 * per step: the collector would copy them all while the import runs).
 */
export interface PlacedSteps extends StepColumns {
  rank: Int32Array;
  tb: Int32Array;
  chan: Int32Array;
  /** Its threadblock's peers (−1: none). */
  send: Int32Array;
  recv: Int32Array;
  /** Its first node (the receive, for a fused step) and its last (the send, for a fused step). */
  first: Int32Array;
  last: Int32Array;
}

/** The matched sends and receives, as columns indexed by message. */
export interface Messages {
  count: number;
  /** Global step index (into `steps`) of the sending and the receiving step. */
  sender: Int32Array;
  receiver: Int32Array;
  src: Int32Array;
  dst: Int32Array;
  chan: Int32Array;
}

export interface OpGraph {
  /** Every step, by rank (ascending), then threadblock, in file order: a rank's steps are one run. */
  steps: PlacedSteps;
  messages: Messages;
  graph: Precedence;
  /** The global step of each node. */
  stepOfNode: Uint32Array;
}

/** A threadblock's place among the steps: where its step 0 is, how many it has, its peers. */
interface TbPlace {
  at: number;
  count: number;
  send: number;
  recv: number;
}

/**
 * Each stage is a function of its own: a loop in a small function is compiled to fast code sooner,
 * which is most of what a file's first import costs (docs/benchmarks.md).
 */
export function buildOpGraph(a: Algo, v: Verdicts): OpGraph {
  const { steps, tbAt, T, maxChan } = placeSteps(a);
  const does = stepRoles(steps);
  const { messages, inbound, outbound } = pairMessages(a.ngpus, maxChan + 1, steps, does, tbAt, T, v);
  return precedenceOf(steps, does, messages, inbound, outbound, tbAt, T, v);
}

/** Every step with where it is, by rank, then threadblock, in file order. */
function placeSteps(a: Algo) {
  // Where each threadblock's steps start: rank·T + tb id → global index of its step 0 (T: ids per rank).
  let T = 1;
  let count = 0;
  for (const g of a.gpus)
    if (g)
      for (const tb of g.tbs) {
        T = Math.max(T, tb.id + 1);
        count += tb.count;
      }
  const steps = placedSteps(count, inFileOrder(a, count) ? a.steps : null);
  const tbAt = new Map<number, TbPlace>();
  let maxChan = 0;
  let i = 0;
  for (const g of a.gpus) {
    if (!g) continue;
    for (const tb of g.tbs) {
      const key = g.id * T + tb.id;
      if (tbAt.has(key)) continue; // a repeated id was reported; the first is used
      tbAt.set(key, { at: i, count: tb.count, send: tb.send, recv: tb.recv });
      maxChan = Math.max(maxChan, tb.chan);
      for (let k = 0; k < tb.count; k++, i++) {
        if (steps.pos !== a.steps.pos) copyStepRow(a.steps, tb.first + k, steps, i);
        steps.rank[i] = g.id;
        steps.tb[i] = tb.id;
        steps.chan[i] = tb.chan;
        steps.send[i] = tb.send;
        steps.recv[i] = tb.recv;
      }
    }
  }
  return { steps: i === count ? steps : trimmed(steps, i), tbAt, T, maxChan };
}

/** The first n steps (threadblocks left out, with repeated ids, leave room unused at the end). */
function trimmed(s: PlacedSteps, n: number): PlacedSteps {
  return {
    count: n,
    pos: s.pos.subarray(0, n),
    s: s.s.slice(0, n),
    type: s.type.slice(0, n),
    srcbuf: s.srcbuf.slice(0, n),
    srcoff: s.srcoff.slice(0, n),
    dstbuf: s.dstbuf.slice(0, n),
    dstoff: s.dstoff.slice(0, n),
    cnt: s.cnt.slice(0, n),
    depid: s.depid.slice(0, n),
    deps: s.deps.slice(0, n),
    hasdep: s.hasdep.subarray(0, n),
    bad: s.bad.subarray(0, n),
    rank: s.rank.subarray(0, n),
    tb: s.tb.subarray(0, n),
    chan: s.chan.subarray(0, n),
    send: s.send.subarray(0, n),
    recv: s.recv.subarray(0, n),
    first: s.first.subarray(0, n),
    last: s.last.subarray(0, n),
  };
}

/**
 * Whether the op graph's order (by rank, then threadblock, in file order) is the file's own: ranks
 * in order, no threadblock id repeated (a repeat is left out). Then the placed steps share the
 * model's step columns.
 */
function inFileOrder(a: Algo, count: number): boolean {
  if (count !== a.steps.count) return false;
  let i = 0;
  for (const g of a.gpus) {
    if (!g) continue;
    const ids = new Set<number>();
    for (const tb of g.tbs) {
      if (tb.first !== i || ids.has(tb.id)) return false;
      ids.add(tb.id);
      i += tb.count;
    }
  }
  return true;
}

/** Room for n placed steps; their step columns are `shared` when given (its first n rows). */
function placedSteps(n: number, shared: StepColumns | null): PlacedSteps {
  return {
    ...(shared ?? stepColumns(n)),
    count: n,
    rank: new Int32Array(n),
    tb: new Int32Array(n),
    chan: new Int32Array(n),
    send: new Int32Array(n),
    recv: new Int32Array(n),
    first: new Int32Array(n).fill(-1),
    last: new Int32Array(n).fill(-1),
  };
}

/** Where step g is, for a verdict. */
export const whereStep = (steps: PlacedSteps, g: number): Where => ({
  rank: steps.rank[g],
  tb: steps.tb[g],
  step: steps.pos[g],
});

/** What each step does, found once: SENDING and RECEIVING bits (a fused step has both). */
function stepRoles(steps: PlacedSteps): Uint8Array {
  const does = new Uint8Array(steps.count);
  for (let i = 0; i < steps.count; i++) {
    const type = steps.type[i];
    does[i] = (SENDS.has(type) ? SENDING : 0) | (RECEIVES.has(type) ? RECEIVING : 0);
  }
  return does;
}

/** Sends and receives paired per connection (src, dst, channel), in program order. */
function pairMessages(
  R: number,
  C: number,
  steps: PlacedSteps,
  does: Uint8Array,
  tbAt: Map<number, TbPlace>,
  T: number,
  v: Verdicts,
) {
  const connection = (src: number, dst: number, chan: number) => (src * R + dst) * C + chan;
  const sendsOn = new Map<number, number[]>();
  const recvsOn = new Map<number, number[]>();
  for (let i = 0; i < steps.count; i++) {
    if (steps.bad[i]) continue;
    const rank = steps.rank[i];
    const tb = tbAt.get(rank * T + steps.tb[i])!;
    if ((does[i] & SENDING) !== 0 && tb.send >= 0 && tb.send !== rank && tb.send < R) {
      const key = connection(rank, tb.send, steps.chan[i]);
      const list = sendsOn.get(key);
      if (list) list.push(i);
      else sendsOn.set(key, [i]);
    }
    if ((does[i] & RECEIVING) !== 0 && tb.recv >= 0 && tb.recv !== rank && tb.recv < R) {
      const key = connection(tb.recv, rank, steps.chan[i]);
      const list = recvsOn.get(key);
      if (list) list.push(i);
      else recvsOn.set(key, [i]);
    }
  }
  // Room for every sending step's message: at most one each.
  let sending = 0;
  sendsOn.forEach((list) => (sending += list.length));
  const messages = messageColumns(sending);
  const inbound = new Int32Array(steps.count).fill(-1);
  const outbound = new Int32Array(steps.count).fill(-1);
  let M = 0;
  /** One connection's sends and receives, paired in order; what is left over is unmatched. */
  const pairUp = (key: number, sends: number[], recvs: number[]) => {
    const chan = key % C;
    const src = Math.floor(key / C / R);
    const dst = Math.floor(key / C) % R;
    const pairs = Math.min(sends.length, recvs.length);
    for (let k = 0; k < pairs; k++) {
      const s = sends[k];
      const r = recvs[k];
      if (steps.cnt[s] !== steps.cnt[r]) pairMismatch(steps, s, r, M, v);
      outbound[s] = inbound[r] = M;
      messages.sender[M] = s;
      messages.receiver[M] = r;
      messages.src[M] = src;
      messages.dst[M] = dst;
      messages.chan[M++] = chan;
    }
    for (let k = pairs; k < sends.length; k++) {
      const s = whereStep(steps, sends[k]);
      v.error(
        'unmatched',
        s,
        `rank ${s.rank}, threadblock ${s.tb}, step ${s.step} sends to rank ${dst} on channel ${chan}, but rank ${dst} receives ${messagesText(recvs.length)} from rank ${src} there: this is send ${k + 1}`,
      );
    }
    for (let k = pairs; k < recvs.length; k++) {
      const r = whereStep(steps, recvs[k]);
      v.error(
        'unmatched',
        r,
        `rank ${r.rank}, threadblock ${r.tb}, step ${r.step} waits for a message from rank ${src} on channel ${chan} that never comes: rank ${src} sends ${messagesText(sends.length)} there, this is receive ${k + 1}`,
      );
    }
  };
  // Connections in the order first met: those with sends, then those with receives only.
  sendsOn.forEach((sends, key) => pairUp(key, sends, recvsOn.get(key) ?? NONE));
  recvsOn.forEach((recvs, key) => sendsOn.has(key) || pairUp(key, NONE, recvs));
  return { messages: M === sending ? messages : messageColumns(M, messages), inbound, outbound };
}

/** Room for n messages; or, given `from`, its first n. */
function messageColumns(n: number, from?: Messages): Messages {
  const column = (c?: Int32Array) => (c ? c.subarray(0, n) : new Int32Array(n));
  return {
    count: n,
    sender: column(from?.sender),
    receiver: column(from?.receiver),
    src: column(from?.src),
    dst: column(from?.dst),
    chan: column(from?.chan),
  };
}

/** A matched send (step s) and receive (step r) that disagree on their count, as message m. */
function pairMismatch(steps: PlacedSteps, s: number, r: number, m: number, v: Verdicts): void {
  const [sw, rw] = [whereStep(steps, s), whereStep(steps, r)];
  const [sent, got] = [steps.cnt[s], steps.cnt[r]];
  v.error(
    'pair-mismatch',
    { ...rw, message: m },
    `rank ${rw.rank}, threadblock ${rw.tb}, step ${rw.step} receives ${got} chunk${got === 1 ? '' : 's'} where rank ${sw.rank}, threadblock ${sw.tb}, step ${sw.step} sends ${sent}`,
  );
}

/** Node ids first (a fused step has two), then each node with all it waits for. */
function precedenceOf(
  steps: PlacedSteps,
  does: Uint8Array,
  messages: Messages,
  inbound: Int32Array,
  outbound: Int32Array,
  tbAt: Map<number, TbPlace>,
  T: number,
  v: Verdicts,
): OpGraph {
  const { first, last } = steps;
  let nodes = 0;
  for (let i = 0; i < steps.count; i++) {
    first[i] = nodes++;
    last[i] = does[i] === (SENDING | RECEIVING) ? nodes++ : first[i];
  }
  // At most three waits a step (its previous step, its send, its signal), one more a fused step.
  const b = new PrecedenceBuilder(nodes, 3 * steps.count + (nodes - steps.count));
  const nodeStep = new Uint32Array(nodes);
  // What a node waits for, −1 for none: its previous step, its message's send, its signal (one
  // scratch list for every node; the builder copies it).
  const waits = new Int32Array(3);
  for (let i = 0; i < steps.count; i++) {
    const bad = steps.bad[i] === 1;
    const receives = (does[i] & RECEIVING) !== 0 && !bad;
    const depid = steps.depid[i];
    const signal = bad || depid < 0 ? -1 : signalFor(steps, tbAt.get(steps.rank[i] * T + depid), i, v);
    waits[0] = steps.pos[i] > 0 ? last[i - 1] : -1;
    waits[1] = receives && inbound[i] >= 0 ? last[messages.sender[inbound[i]]] : -1;
    waits[2] = signal >= 0 ? last[signal] : -1;
    const fused = last[i] !== first[i];
    b.add(fused || outbound[i] < 0 || !(does[i] & SENDING) ? -1 : outbound[i], waits, 3);
    nodeStep[first[i]] = i;
    if ((receives && inbound[i] < 0) || signal === STUCK) b.markStuck(first[i]);
    if (fused) {
      waits[0] = first[i];
      b.add(outbound[i], waits, 1);
      nodeStep[last[i]] = i;
    }
  }
  return { steps, messages, graph: b.finish(), stepOfNode: nodeStep };
}

/** No steps. */
const NONE: number[] = [];

const SENDING = 1;
const RECEIVING = 2;

/** A wait that can never end. */
const STUCK = -2;

/**
 * The step whose end a dependency waits for: the first step at or after `deps` of threadblock
 * `depid` that signals (hasdep); STUCK when none does; −1 when the dependency names nothing (the
 * rules report that).
 */
function signalFor(steps: PlacedSteps, dep: TbPlace | undefined, i: number, v: Verdicts): number {
  const deps = steps.deps[i];
  const depid = steps.depid[i];
  if (!dep || deps < 0 || deps >= dep.count) return -1;
  for (let k = deps; k < dep.count; k++) {
    const q = dep.at + k;
    if (!steps.hasdep[q] || steps.type[q] === 'nop' || steps.bad[q]) continue;
    if (k !== deps)
      v.warn(
        'signal',
        whereStep(steps, i),
        `${placeOf(whereStep(steps, i))} waits for step ${deps} of threadblock ${depid}, which does not signal (hasdep="0"); the runtime waits until step ${k}, the next that does`,
      );
    return dep.at + k;
  }
  v.error(
    'signal',
    whereStep(steps, i),
    `${placeOf(whereStep(steps, i))} waits for step ${deps} of threadblock ${depid}, which does not signal (hasdep="0") and no later step there does: it waits forever`,
  );
  return STUCK;
}

const messagesText = (n: number) => (n === 0 ? 'no message' : n === 1 ? 'one message' : `${n} messages`);
