import { pathLinks } from './paths';
import { ringArcStepCounts } from './ring-arc-spectrum';
import type { Schedule } from './schedule';
import type { Topology } from './topology';

/**
 * How full the links are in each step, as the spectrum view states it (index s − 1 for step s):
 * counted once per schedule in the worker, with the other step statistics. A slot is one channel of
 * one link. A passive star on 4,096 processors with 15 wavelengths each offers 8,193 links × 61,440
 * wavelengths = 503 million slots, far too many to lay out on the page's main thread to count the
 * few thousand a step uses.
 */
export interface SpectrumCounts {
  /** Slots busy in the step. */
  used: Uint32Array;
  /** Of those, the slots on links 0 … n − 1 (a two-fibre ring's clockwise fibre). */
  firstFibre: Uint32Array;
  /**
   * Claims of a slot on an exclusive link already busy in the same step (only a faulty schedule has
   * any; a shared link, such as a circuit, carries any number).
   */
  clashes: Uint32Array;
  /** The most channels a link offers: the spectrum's rows. */
  channels: number;
}

/** The most channels any link offers (at least 1): the spectrum's rows. */
export function channelsOf(topo: Pick<Topology, 'linkCount' | 'linkChannels'>): number {
  let channels = 1;
  for (let l = 0; l < topo.linkCount; l++) channels = Math.max(channels, topo.linkChannels[l]);
  return channels;
}

/**
 * Up to this many slots, a step's slots are told apart by a table with one entry per slot (32 MB at
 * most); beyond it, by sorting the step's slot numbers (a step uses few of so many).
 */
const TABLE_SLOTS = 1 << 23;

export function spectrumCounts(s: Schedule, topo: Topology): SpectrumCounts {
  const steps = s.stepCount;
  const out: SpectrumCounts = {
    used: new Uint32Array(steps),
    firstFibre: new Uint32Array(steps),
    clashes: new Uint32Array(steps),
    channels: channelsOf(topo),
  };
  const channels = out.channels;
  const n = topo.nodeCount;
  const shared = topo.linkShared;
  const route = new Uint32Array(Math.max(1, topo.linkCount));
  // Ring arcs on exclusive links, none around the ring more than once: counted as intervals.
  const arcs = s.path.kind === 'ring-arc' ? s.path.hops : null;
  if (arcs && shared.every((x) => x === 0) && arcs.every((h) => h <= n && h >= -n)) {
    const keys = { buffer: new Float64Array(1024) };
    for (let step = 1; step <= steps; step++) {
      const c = ringArcStepCounts(s, arcs, n, channels, step, keys);
      [out.used[step - 1], out.firstFibre[step - 1], out.clashes[step - 1]] = [c.used, c.first, c.clashes];
    }
    return out;
  }
  if (topo.linkCount * channels <= TABLE_SLOTS) {
    // The step that last claimed each slot.
    const claimed = new Uint32Array(topo.linkCount * channels);
    let [step, used, first, clashes] = [0, 0, 0, 0];
    const claim = (link: number, ch: number) => {
      const k = link * channels + ch;
      if (claimed[k] === step) clashes += 1 - shared[link];
      else {
        claimed[k] = step;
        used++;
        if (link < n) first++;
      }
    };
    for (step = 1; step <= steps; step++) {
      [used, first, clashes] = [0, 0, 0];
      for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
        const ch = s.channel[t];
        if (ch >= channels) continue;
        if (arcs) {
          // A ring arc, walked without writing its route out (ring all-gather: 16.8 million of them).
          const h = arcs[t];
          let node = s.src[t];
          if (h > 0) for (let i = 0; i < h; i++, node = node + 1 === n ? 0 : node + 1) claim(node, ch);
          else for (let i = 0; i < -h; i++, node = node === 0 ? n - 1 : node - 1) claim(n + node, ch);
          continue;
        }
        const len = pathLinks(s, topo, t, route);
        for (let i = 0; i < len; i++) claim(route[i], ch);
      }
      [out.used[step - 1], out.firstFibre[step - 1], out.clashes[step - 1]] = [used, first, clashes];
    }
    return out;
  }
  let keys = new Float64Array(1024);
  for (let step = 1; step <= steps; step++) {
    let m = 0;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const ch = s.channel[t];
      if (ch >= channels) continue;
      const len = pathLinks(s, topo, t, route);
      if (m + len > keys.length) {
        const grown = new Float64Array(Math.max(2 * keys.length, m + len));
        grown.set(keys.subarray(0, m));
        keys = grown;
      }
      for (let i = 0; i < len; i++) keys[m++] = route[i] * channels + ch;
    }
    const sorted = keys.subarray(0, m).sort();
    let [used, first, clashes] = [0, 0, 0];
    for (let i = 0; i < m; i++) {
      if (i > 0 && sorted[i] === sorted[i - 1]) clashes += 1 - shared[Math.floor(sorted[i] / channels)];
      else {
        used++;
        if (Math.floor(sorted[i] / channels) < n) first++;
      }
    }
    [out.used[step - 1], out.firstFibre[step - 1], out.clashes[step - 1]] = [used, first, clashes];
  }
  return out;
}
