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
import type { Verdicts } from '../verdicts';
import type { Algo, Step } from './model';
import { RECEIVES, SENDS } from './runtime';

/** One step of the file, with where it is. */
export interface PlacedStep {
  rank: number;
  tb: number;
  step: Step;
  chan: number;
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
  steps: PlacedStep[];
  messages: Message[];
  graph: Precedence;
  /** The global step of each node. */
  stepOfNode: Uint32Array;
}

export function buildOpGraph(a: Algo, v: Verdicts): OpGraph {
  const steps: PlacedStep[] = [];
  // Index of each threadblock's steps: `${rank} ${tb}` → global index of its step 0.
  const tbStart = new Map<string, { at: number; count: number }>();
  for (const g of a.gpus) {
    if (!g) continue;
    for (const tb of g.tbs) {
      const key = `${g.id} ${tb.id}`;
      if (tbStart.has(key)) continue; // a repeated id was reported; the first is used
      tbStart.set(key, { at: steps.length, count: tb.steps.length });
      for (const st of tb.steps)
        steps.push({ rank: g.id, tb: tb.id, step: st, chan: tb.chan, first: -1, last: -1 });
    }
  }

  // Pair sends and receives per connection, in program order.
  const sendsOn = new Map<string, number[]>();
  const recvsOn = new Map<string, number[]>();
  const peersOf = new Map<string, { send: number; recv: number }>();
  for (const g of a.gpus)
    if (g) for (const tb of g.tbs) peersOf.set(`${g.id} ${tb.id}`, { send: tb.send, recv: tb.recv });
  steps.forEach((p, i) => {
    if (p.step.bad) return;
    const peers = peersOf.get(`${p.rank} ${p.tb}`)!;
    if (SENDS.has(p.step.type) && peers.send >= 0 && peers.send !== p.rank) {
      const key = `${p.rank} ${peers.send} ${p.chan}`;
      (sendsOn.get(key) ?? sendsOn.set(key, []).get(key)!).push(i);
    }
    if (RECEIVES.has(p.step.type) && peers.recv >= 0 && peers.recv !== p.rank) {
      const key = `${peers.recv} ${p.rank} ${p.chan}`;
      (recvsOn.get(key) ?? recvsOn.set(key, []).get(key)!).push(i);
    }
  });
  const messages: Message[] = [];
  const inbound = new Int32Array(steps.length).fill(-1);
  const outbound = new Int32Array(steps.length).fill(-1);
  for (const key of new Set([...sendsOn.keys(), ...recvsOn.keys()])) {
    const [src, dst, chan] = key.split(' ').map(Number);
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
          `rank ${r.rank}, threadblock ${r.tb}, step ${r.step.pos} receives ${r.step.cnt} chunk(s) where rank ${s.rank}, threadblock ${s.tb}, step ${s.step.pos} sends ${s.step.cnt}`,
        );
      outbound[sends[k]] = inbound[recvs[k]] = messages.length;
      messages.push({ sender: sends[k], receiver: recvs[k], src, dst, chan });
    }
    for (let k = pairs; k < sends.length; k++) {
      const s = steps[sends[k]];
      v.error(
        'unmatched',
        { rank: s.rank, tb: s.tb, step: s.step.pos },
        `rank ${s.rank}, threadblock ${s.tb}, step ${s.step.pos} sends to rank ${dst} on channel ${chan}, but rank ${dst} receives only ${recvs.length} message(s) from rank ${src} there: this is send ${k + 1}`,
      );
    }
    for (let k = pairs; k < recvs.length; k++) {
      const r = steps[recvs[k]];
      v.error(
        'unmatched',
        { rank: r.rank, tb: r.tb, step: r.step.pos },
        `rank ${r.rank}, threadblock ${r.tb}, step ${r.step.pos} waits for a message from rank ${src} on channel ${chan} that never comes: rank ${src} sends only ${sends.length} there`,
      );
    }
  }

  // Nodes, threadblock by threadblock; dependencies and receives are wired once every node exists.
  const b = new PrecedenceBuilder();
  const nodeStep: number[] = [];
  for (let i = 0; i < steps.length; i++) {
    const p = steps[i];
    const prev = p.step.pos > 0 ? steps[i - 1].last : -1;
    const fused = SENDS.has(p.step.type) && RECEIVES.has(p.step.type);
    const sends = SENDS.has(p.step.type) && outbound[i] >= 0;
    p.first = b.add(sends && !fused ? outbound[i] : -1, prev >= 0 ? [prev] : []);
    nodeStep.push(i);
    p.last = p.first;
    if (fused) {
      p.last = b.add(outbound[i], [p.first]);
      nodeStep.push(i);
    }
  }
  const graph0 = b.finish();
  const extra: number[][] = Array.from({ length: graph0.nodes }, () => []);
  const stuck = graph0.stuck;
  steps.forEach((p, i) => {
    const st = p.step;
    if (RECEIVES.has(st.type) && !st.bad) {
      const m = inbound[i];
      if (m >= 0) extra[p.first].push(steps[messages[m].sender].last);
      else stuck[p.first] = 1;
    }
    if (st.depid < 0 || st.bad) return;
    const dep = tbStart.get(`${p.rank} ${st.depid}`);
    if (!dep || st.deps < 0 || st.deps >= dep.count) return; // reported by the rules
    let signal = -1;
    for (let k = st.deps; k < dep.count && signal < 0; k++) {
      const q = steps[dep.at + k].step;
      if (q.hasdep && q.type !== 'nop' && !q.bad) signal = dep.at + k;
    }
    const where = { rank: p.rank, tb: p.tb, step: st.pos };
    const at = `rank ${p.rank}, threadblock ${p.tb}, step ${st.pos}`;
    if (signal < 0) {
      v.error(
        'signal',
        where,
        `${at} waits for step ${st.deps} of threadblock ${st.depid}, which does not signal (hasdep="0") and no later step there does: it waits forever`,
      );
      stuck[p.first] = 1;
      return;
    }
    if (signal !== dep.at + st.deps)
      v.warn(
        'signal',
        where,
        `${at} waits for step ${st.deps} of threadblock ${st.depid}, which does not signal (hasdep="0"); the runtime waits until step ${signal - dep.at}, the next that does`,
      );
    extra[p.first].push(steps[signal].last);
  });
  return { steps, messages, graph: withWaits(graph0, extra), stepOfNode: Uint32Array.from(nodeStep) };
}

/** The graph with more waits per node. */
function withWaits(g: Precedence, extra: number[][]): Precedence {
  const predStart = new Uint32Array(g.nodes + 1);
  const pred: number[] = [];
  for (let v = 0; v < g.nodes; v++) {
    for (let i = g.predStart[v]; i < g.predStart[v + 1]; i++) pred.push(g.pred[i]);
    for (const w of extra[v]) pred.push(w);
    predStart[v + 1] = pred.length;
  }
  return { ...g, predStart, pred: Uint32Array.from(pred) };
}
