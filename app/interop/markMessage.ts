import { receiversOf } from '../../src/kernel/model/paths';
import type { RunResult } from '../../src/result';

/** The processors that mark transfer t on the picture: its sender and its receivers. */
export function transferNodes(r: RunResult, t: number): number[] {
  const s = r.schedule;
  if (t < 0 || t >= s.transferCount) return [];
  const rx = new Uint32Array(Math.max(1, r.topology.nodeCount + r.topology.auxCount));
  const k = receiversOf(s, r.topology, t, rx);
  return [s.src[t], ...Array.from(rx.subarray(0, k))];
}
