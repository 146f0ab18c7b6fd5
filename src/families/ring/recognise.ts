import { signedArray } from '../../kernel/model/columns';
import type { Recognised } from '../../kernel/model/interconnect';
import type { Schedule } from '../../kernel/model/schedule';
import { sameLinks } from '../../kernel/model/same-links';
import { wdmRing, type Topology } from '../../kernel/model/topology';

/**
 * A network from a file as the WDM ring it is, if it is one: exactly the links `wdmRing` makes (link i
 * from i clockwise, link N+i from i counter-clockwise, one wavelength count) and every route an arc
 * along one fibre from its sender. Routes become ring arcs, so the ring view can draw them.
 */
export function recogniseRing(t: Topology, s: Schedule): Recognised | null {
  const n = t.nodeCount;
  if (t.auxCount !== 0 || t.linkCount !== 2 * n || n < 2 || s.path.kind !== 'link-list') return null;
  const w = t.linkChannels[0];
  const ring = wdmRing(n, w);
  if (!sameLinks(t, ring)) return null;
  const { offsets, links } = s.path;
  const hops = signedArray(s.transferCount, n);
  for (let i = 0; i < s.transferCount; i++) {
    const a = offsets[i];
    const len = offsets[i + 1] - a;
    if (len === 0 || len >= n) return null;
    const cw = links[a] < n;
    const src = s.src[i];
    for (let j = 0; j < len; j++) {
      // The j-th link of an arc from src: clockwise link (src + j) mod n, or counter-clockwise n + (src − j) mod n.
      const want = cw ? (src + j) % n : n + ((src - j + n * len) % n);
      if (links[a + j] !== want) return null;
    }
    hops[i] = cw ? len : -len;
  }
  return { topology: ring, schedule: { ...s, path: { kind: 'ring-arc', hops } } };
}
