import { pathLinks } from '../model/paths';
import { stepRange, type Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';

/** Which transfer holds each (link, channel) in one step: how full the fibre is. */
export interface Spectrum {
  links: number;
  channels: number;
  /** cell link·channels + channel: 1 + the transfer's index, 0 when free. */
  cell: Int32Array;
  /** Occupied cells, and cells used more than once (only a faulty schedule has those). */
  used: number;
  clashes: number;
}

/** The links × channels occupancy of step `step` (1-based; step 0 is empty). */
export function spectrumOf(s: Schedule, topo: Topology, step: number): Spectrum {
  let channels = 1;
  for (let l = 0; l < topo.linkCount; l++) channels = Math.max(channels, topo.linkChannels[l]);
  const cell = new Int32Array(topo.linkCount * channels);
  let used = 0;
  let clashes = 0;
  if (step >= 1 && step <= s.stepCount) {
    const route = new Uint32Array(Math.max(1, topo.linkCount));
    const [a, b] = stepRange(s, step);
    for (let t = a; t < b; t++) {
      const len = pathLinks(s, topo, t, route);
      const ch = s.channel[t];
      if (ch >= channels) continue;
      for (let i = 0; i < len; i++) {
        const k = route[i] * channels + ch;
        if (cell[k] === 0) used++;
        else clashes++;
        cell[k] = t + 1;
      }
    }
  }
  return { links: topo.linkCount, channels, cell, used, clashes };
}
