/**
 * Cost accounting of the passive star (Desprez, Ferreira, Tourancheau, Sec. 1–3), measured on a
 * schedule. Time is in units of one message transmission (the paper's Lτ = 1); the tuning delay D is
 * in the same unit.
 *
 * Every node has k receivers (and k transmitters). A receiver keeps its wavelength until it is needed
 * for another one, so a node listening in a step on a set X of wavelengths retunes one receiver for
 * each wavelength of X that none of its receivers is tuned to yet (the first tuning counts).
 * Transmitters start on their home wavelengths (set before the operation, as the paper assumes: it
 * counts only receiver tunings): the first wavelength each transmitter carries costs nothing, and
 * only a transmitter moved off a wavelength it has carried counts as a retune. A node that uses two of
 * its home wavelengths in one step and all three in the next therefore never retunes.
 *
 * Two accountings, side by side:
 * - the paper's totals: tuning cost = (all tunings of all nodes) × D, summed like work, and
 *   communication cost = Σ over steps of the largest message sent in that step;
 * - clock time (critical path): every step lasts D if any node tunes in it (nodes tune in parallel,
 *   one node's receivers too) plus its largest message.
 */
import type { Schedule } from '../../kernel/model/schedule';
import type { Usage } from '../../kernel/verify/rules';

export interface StarTunings {
  /** Receiver tunings per step (index s−1 for step s). */
  rx: Uint32Array;
  /** Transmitter retunes per step (0 for every construction of ours: home wavelengths). */
  tx: Uint32Array;
  /** Receiver tunings per node over the whole schedule. */
  rxPerNode: Uint32Array;
  rxTotal: number;
  txTotal: number;
  /** Nodes that retuned in step s: retuned[retunedStart[s−1] .. retunedStart[s]), with how many. */
  retunedStart: Uint32Array;
  retuned: Uint32Array;
  retunedHow: Uint32Array;
}

const cache = new WeakMap<Schedule, StarTunings>();

/** Tunings of a star schedule (receivers listed per transfer), computed once per schedule. */
export function starTunings(s: Schedule, k: number): StarTunings {
  const hit = cache.get(s);
  if (hit) return hit;
  const n = s.nodeCount;
  const rec = s.receivers;
  if (rec.kind !== 'list') throw new Error('star schedules list their receivers');
  const rxSlots = new Int32Array(n * k).fill(-1);
  const txSlots = new Int32Array(n * k).fill(-1);
  const rxWant = new Int32Array(n * k);
  const txWant = new Int32Array(n * k);
  const rxCount = new Uint32Array(n);
  const txCount = new Uint32Array(n);
  const touched: number[] = [];
  const out: StarTunings = {
    rx: new Uint32Array(s.stepCount),
    tx: new Uint32Array(s.stepCount),
    rxPerNode: new Uint32Array(n),
    rxTotal: 0,
    txTotal: 0,
    retunedStart: new Uint32Array(s.stepCount + 1),
    retuned: new Uint32Array(0),
    retunedHow: new Uint32Array(0),
  };
  const retunedNodes: number[] = [];
  const retunedHow: number[] = [];
  const want = (buf: Int32Array, count: Uint32Array, v: number, w: number) => {
    const base = v * k;
    for (let i = 0; i < count[v]; i++) if (buf[base + i] === w) return;
    if (count[v] < k) buf[base + count[v]++] = w;
  };
  for (let step = 1; step <= s.stepCount; step++) {
    touched.length = 0;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const w = s.channel[t];
      const u = s.src[t];
      if (txCount[u] === 0 && rxCount[u] === 0) touched.push(u);
      want(txWant, txCount, u, w);
      for (let r = rec.offsets[t]; r < rec.offsets[t + 1]; r++) {
        const v = rec.nodes[r];
        if (txCount[v] === 0 && rxCount[v] === 0) touched.push(v);
        want(rxWant, rxCount, v, w);
      }
    }
    for (const v of touched) {
      const retunedRx = retune(rxSlots, rxWant, v, rxCount[v], k);
      out.rx[step - 1] += retunedRx;
      out.rxPerNode[v] += retunedRx;
      let retunedTx = 0;
      if (txCount[v] > 0) {
        // A transmitter not used before is on its home wavelength already (set before the
        // operation): only a transmitter that must leave a wavelength it has used retunes.
        const free = emptySlots(txSlots, v, k);
        retunedTx = Math.max(0, retune(txSlots, txWant, v, txCount[v], k) - free);
        out.tx[step - 1] += retunedTx;
      }
      if (retunedRx + retunedTx > 0) {
        retunedNodes.push(v);
        retunedHow.push(retunedRx + retunedTx);
      }
      rxCount[v] = 0;
      txCount[v] = 0;
    }
    out.retunedStart[step] = retunedNodes.length;
  }
  out.retuned = Uint32Array.from(retunedNodes);
  out.retunedHow = Uint32Array.from(retunedHow);
  for (let i = 0; i < s.stepCount; i++) {
    out.rxTotal += out.rx[i];
    out.txTotal += out.tx[i];
  }
  cache.set(s, out);
  return out;
}

/** Slots of node v not tuned to anything yet. */
function emptySlots(slots: Int32Array, v: number, k: number): number {
  let free = 0;
  for (let j = 0; j < k; j++) if (slots[v * k + j] < 0) free++;
  return free;
}

/**
 * Tunes node v's k slots to the `count` wanted wavelengths, keeping slots already on one of them and
 * reusing the others; returns how many slots changed.
 */
function retune(slots: Int32Array, wanted: Int32Array, v: number, count: number, k: number): number {
  const base = v * k;
  let changed = 0;
  for (let i = 0; i < count; i++) {
    const w = wanted[base + i];
    let found = false;
    for (let j = 0; j < k; j++) if (slots[base + j] === w) found = true;
    if (!found) changed++;
  }
  // New state: wanted wavelengths first, then old ones not wanted, up to k.
  const next = new Int32Array(k).fill(-1);
  let m = 0;
  for (let i = 0; i < count && m < k; i++) next[m++] = wanted[base + i];
  for (let j = 0; j < k && m < k; j++) {
    const w = slots[base + j];
    if (w < 0) continue;
    let dup = false;
    for (let i = 0; i < m; i++) if (next[i] === w) dup = true;
    if (!dup) next[m++] = w;
  }
  slots.set(next, base);
  return changed;
}

/** The largest message of each step, in message units. */
export function stepCommunication(s: Schedule, usage: Usage): Float64Array {
  const out = new Float64Array(s.stepCount);
  for (let i = 0; i < s.stepCount; i++) out[i] = usage.stepMaxBlocks[i] * s.blocks.bytes;
  return out;
}

/** Clock time of each step: D when anyone tunes in it, plus its largest message. */
export function starStepTimes(s: Schedule, usage: Usage, k: number, tuningDelay: number): Float64Array {
  const tun = starTunings(s, k);
  const com = stepCommunication(s, usage);
  const out = new Float64Array(s.stepCount);
  for (let i = 0; i < s.stepCount; i++) out[i] = (tun.rx[i] + tun.tx[i] > 0 ? tuningDelay : 0) + com[i];
  return out;
}

/** The paper's totals and the clock time of a star schedule. */
export interface StarCosts {
  /** Receiver tunings plus transmitter retunes. */
  tunings: number;
  /** tunings × D (the paper's T_tune). */
  tuning: number;
  /** Σ largest message per step (the paper's T_com). */
  communication: number;
  /** tuning + communication (the paper's total). */
  total: number;
  /** Critical path: Σ (D if anyone tunes) + largest message, per step. */
  clock: number;
  /** Steps in which someone tunes. */
  tuningSteps: number;
}

export function starCosts(s: Schedule, usage: Usage, k: number, tuningDelay: number): StarCosts {
  const tun = starTunings(s, k);
  const com = stepCommunication(s, usage);
  let communication = 0;
  let clock = 0;
  let tuningSteps = 0;
  for (let i = 0; i < s.stepCount; i++) {
    communication += com[i];
    const tunes = tun.rx[i] + tun.tx[i] > 0;
    if (tunes) tuningSteps++;
    clock += (tunes ? tuningDelay : 0) + com[i];
  }
  const tunings = tun.rxTotal + tun.txTotal;
  return {
    tunings,
    tuning: tunings * tuningDelay,
    communication,
    total: tunings * tuningDelay + communication,
    clock,
    tuningSteps,
  };
}
