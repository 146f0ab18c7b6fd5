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
import type { Algo, Step } from './model';
import { RECEIVES, SENDS } from './runtime';

/** One step of the file, with where it is. */
export interface PlacedStep {
  rank: number;
  tb: number;
  step: Step;
  chan: number;
  /** Its threadblock's peers (−1: none). */
  send: number;
  recv: number;
  /** Its first node (the receive, for a fused step) and its last (the send, for a fused step). */
  first: number;
  last: number;
}

/** A matched send and receive. */
export interface Message {
  /** Global step index (into `steps`) of the sending and the receiving step. */
  sender: number;
  receiver: number;
  src: number;
  dst: number;
  chan: number;
}

export interface OpGraph {
  /** Every step, by rank (ascending), then threadblock, in file order: a rank's steps are one run. */
  steps: PlacedStep[];
  messages: Message[];
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
  const steps: PlacedStep[] = [];
  // Where each threadblock's steps start: rank·T + tb id → global index of its step 0 (T: ids per rank).
  let T = 1;
  for (const g of a.gpus) if (g) for (const tb of g.tbs) T = Math.max(T, tb.id + 1);
  const tbAt = new Map<number, TbPlace>();
  let maxChan = 0;
  for (const g of a.gpus) {
    if (!g) continue;
    for (const tb of g.tbs) {
      const key = g.id * T + tb.id;
      if (tbAt.has(key)) continue; // a repeated id was reported; the first is used
      tbAt.set(key, { at: steps.length, count: tb.steps.length, send: tb.send, recv: tb.recv });
      maxChan = Math.max(maxChan, tb.chan);
      for (let k = 0; k < tb.steps.length; k++) {
        const st = tb.steps[k];
        steps.push({
          rank: g.id,
          tb: tb.id,
          step: st,
          chan: tb.chan,
          send: tb.send,
          recv: tb.recv,
          first: -1,
          last: -1,
        });
      }
    }
  }
  return { steps, tbAt, T, maxChan };
}

/** What each step does, found once: SENDING and RECEIVING bits (a fused step has both). */
function stepRoles(steps: PlacedStep[]): Uint8Array {
  const does = new Uint8Array(steps.length);
  for (let i = 0; i < steps.length; i++) {
    const type = steps[i].step.type;
    does[i] = (SENDS.has(type) ? SENDING : 0) | (RECEIVES.has(type) ? RECEIVING : 0);
  }
  return does;
}

/** Sends and receives paired per connection (src, dst, channel), in program order. */
function pairMessages(
  R: number,
  C: number,
  steps: PlacedStep[],
  does: Uint8Array,
  tbAt: Map<number, TbPlace>,
  T: number,
  v: Verdicts,
) {
  const connection = (src: number, dst: number, chan: number) => (src * R + dst) * C + chan;
  const sendsOn = new Map<number, number[]>();
  const recvsOn = new Map<number, number[]>();
  for (let i = 0; i < steps.length; i++) {
    const p = steps[i];
    if (p.step.bad) continue;
    const tb = tbAt.get(p.rank * T + p.tb)!;
    if ((does[i] & SENDING) !== 0 && tb.send >= 0 && tb.send !== p.rank && tb.send < R) {
      const key = connection(p.rank, tb.send, p.chan);
      const list = sendsOn.get(key);
      if (list) list.push(i);
      else sendsOn.set(key, [i]);
    }
    if ((does[i] & RECEIVING) !== 0 && tb.recv >= 0 && tb.recv !== p.rank && tb.recv < R) {
      const key = connection(tb.recv, p.rank, p.chan);
      const list = recvsOn.get(key);
      if (list) list.push(i);
      else recvsOn.set(key, [i]);
    }
  }
  const messages: Message[] = [];
  const inbound = new Int32Array(steps.length).fill(-1);
  const outbound = new Int32Array(steps.length).fill(-1);
  for (const key of new Set([...sendsOn.keys(), ...recvsOn.keys()])) {
    const chan = key % C;
    const src = Math.floor(key / C / R);
    const dst = Math.floor(key / C) % R;
    const sends = sendsOn.get(key) ?? [];
    const recvs = recvsOn.get(key) ?? [];
    const pairs = Math.min(sends.length, recvs.length);
    for (let k = 0; k < pairs; k++) {
      const s = steps[sends[k]];
      const r = steps[recvs[k]];
      if (s.step.cnt !== r.step.cnt)
        v.error(
          'pair-mismatch',
          { rank: r.rank, tb: r.tb, step: r.step.pos, message: messages.length },
          `rank ${r.rank}, threadblock ${r.tb}, step ${r.step.pos} receives ${r.step.cnt} chunk${r.step.cnt === 1 ? '' : 's'} where rank ${s.rank}, threadblock ${s.tb}, step ${s.step.pos} sends ${s.step.cnt}`,
        );
      outbound[sends[k]] = inbound[recvs[k]] = messages.length;
      messages.push({ sender: sends[k], receiver: recvs[k], src, dst, chan });
    }
    for (let k = pairs; k < sends.length; k++) {
      const s = steps[sends[k]];
      v.error(
        'unmatched',
        { rank: s.rank, tb: s.tb, step: s.step.pos },
        `rank ${s.rank}, threadblock ${s.tb}, step ${s.step.pos} sends to rank ${dst} on channel ${chan}, but rank ${dst} receives ${messagesText(recvs.length)} from rank ${src} there: this is send ${k + 1}`,
      );
    }
    for (let k = pairs; k < recvs.length; k++) {
      const r = steps[recvs[k]];
      v.error(
        'unmatched',
        { rank: r.rank, tb: r.tb, step: r.step.pos },
        `rank ${r.rank}, threadblock ${r.tb}, step ${r.step.pos} waits for a message from rank ${src} on channel ${chan} that never comes: rank ${src} sends ${messagesText(sends.length)} there, this is receive ${k + 1}`,
      );
    }
  }
  return { messages, inbound, outbound };
}

/** Node ids first (a fused step has two), then each node with all it waits for. */
function precedenceOf(
  steps: PlacedStep[],
  does: Uint8Array,
  messages: Message[],
  inbound: Int32Array,
  outbound: Int32Array,
  tbAt: Map<number, TbPlace>,
  T: number,
  v: Verdicts,
): OpGraph {
  let nodes = 0;
  for (let i = 0; i < steps.length; i++) {
    const p = steps[i];
    p.first = nodes++;
    p.last = does[i] === (SENDING | RECEIVING) ? nodes++ : p.first;
  }
  // At most three waits a step (its previous step, its send, its signal), one more a fused step.
  const b = new PrecedenceBuilder(nodes, 3 * steps.length + (nodes - steps.length));
  const nodeStep = new Uint32Array(nodes);
  const waits: number[] = []; // one list, refilled for each node (the builder copies it)
  for (let i = 0; i < steps.length; i++) {
    const p = steps[i];
    const st = p.step;
    const receives = (does[i] & RECEIVING) !== 0 && !st.bad;
    waits.length = 0;
    if (st.pos > 0) waits.push(steps[i - 1].last);
    if (receives && inbound[i] >= 0) waits.push(steps[messages[inbound[i]].sender].last);
    const signal = st.bad || st.depid < 0 ? -1 : signalFor(steps, tbAt.get(p.rank * T + st.depid), p, v);
    if (signal >= 0) waits.push(steps[signal].last);
    const fused = p.last !== p.first;
    b.add(fused || outbound[i] < 0 || !(does[i] & SENDING) ? -1 : outbound[i], waits);
    nodeStep[p.first] = i;
    if ((receives && inbound[i] < 0) || signal === STUCK) b.markStuck(p.first);
    if (fused) {
      waits.length = 0;
      waits.push(p.first);
      b.add(outbound[i], waits);
      nodeStep[p.last] = i;
    }
  }
  return { steps, messages, graph: b.finish(), stepOfNode: nodeStep };
}

const SENDING = 1;
const RECEIVING = 2;

/** Where a step is, for a verdict. */
const stepAt = (p: PlacedStep): Where => ({ rank: p.rank, tb: p.tb, step: p.step.pos });

/** A wait that can never end. */
const STUCK = -2;

/**
 * The step whose end a dependency waits for: the first step at or after `deps` of threadblock
 * `depid` that signals (hasdep); STUCK when none does; −1 when the dependency names nothing (the
 * rules report that).
 */
function signalFor(steps: PlacedStep[], dep: TbPlace | undefined, p: PlacedStep, v: Verdicts): number {
  const st = p.step;
  if (!dep || st.deps < 0 || st.deps >= dep.count) return -1;
  for (let k = st.deps; k < dep.count; k++) {
    const q = steps[dep.at + k].step;
    if (!q.hasdep || q.type === 'nop' || q.bad) continue;
    if (k !== st.deps)
      v.warn(
        'signal',
        stepAt(p),
        `${placeOf(stepAt(p))} waits for step ${st.deps} of threadblock ${st.depid}, which does not signal (hasdep="0"); the runtime waits until step ${k}, the next that does`,
      );
    return dep.at + k;
  }
  v.error(
    'signal',
    stepAt(p),
    `${placeOf(stepAt(p))} waits for step ${st.deps} of threadblock ${st.depid}, which does not signal (hasdep="0") and no later step there does: it waits forever`,
  );
  return STUCK;
}

const messagesText = (n: number) => (n === 0 ? 'no message' : n === 1 ? 'one message' : `${n} messages`);
