import type { Schedule } from './schedule';
import { ringLink, type Topology } from './topology';

/**
 * Writes the link ids of transfer t's route into `out` and returns how many there are.
 * `out` must have room for the longest route (topology.linkCount is always enough).
 */
export function pathLinks(
  s: Pick<Schedule, 'path' | 'src'>,
  topo: Pick<Topology, 'nodeCount'>,
  t: number,
  out: Uint32Array,
): number {
  const p = s.path;
  if (p.kind === 'link-list') return copyRun(p.offsets, p.links, t, out);
  const n = topo.nodeCount;
  const h = p.hops[t];
  let node = s.src[t];
  const len = Math.abs(h);
  const dir = h > 0 ? 1 : -1;
  for (let i = 0; i < len; i++) {
    out[i] = ringLink(n, node, dir);
    node = dir > 0 ? (node + 1 === n ? 0 : node + 1) : node === 0 ? n - 1 : node - 1;
  }
  return len;
}

/** Number of links on transfer t's route. */
export function pathLength(s: Schedule, t: number): number {
  const p = s.path;
  return p.kind === 'ring-arc' ? Math.abs(p.hops[t]) : p.offsets[t + 1] - p.offsets[t];
}

/**
 * Writes the receivers of transfer t into `out` and returns how many there are. For `path-end`
 * receivers the one receiver is the node where the route ends (the ring arc's far end, or the head of
 * the last link in the list).
 */
export function receiversOf(s: Schedule, topo: Topology, t: number, out: Uint32Array): number {
  const r = s.receivers;
  if (r.kind === 'list') return copyRun(r.offsets, r.nodes, t, out);
  const p = s.path;
  if (p.kind === 'ring-arc') {
    const n = topo.nodeCount;
    out[0] = (((s.src[t] + p.hops[t]) % n) + n) % n;
    return 1;
  }
  const end = p.offsets[t + 1];
  if (end === p.offsets[t]) return 0;
  out[0] = topo.linkTo[p.links[end - 1]];
  return 1;
}

/** Copies run t of a listed column (items offsets[t] … offsets[t + 1] − 1) into `out`; returns its length. */
function copyRun(offsets: ArrayLike<number>, items: ArrayLike<number>, t: number, out: Uint32Array): number {
  const a = offsets[t];
  const len = offsets[t + 1] - a;
  for (let i = 0; i < len; i++) out[i] = items[a + i];
  return len;
}
