import { STAR_COUPLER, STAR_DOWNLINK, STAR_UPLINK } from '../../../src/families/star/topology';
import type { Topology } from '../../../src/kernel/model/topology';
import { band, type MarkShape } from '../../views/drawMarkedLinks';
import type { StarGeometry, StarLayout } from './starLayout';

/**
 * Where a marked link (markedLinks.ts) lies on the star picture. The star's links are a processor's
 * transmitter fibre into the coupler (uplink), the coupler itself (one link whose channels are the
 * star's wavelengths) and the fibre from the coupler to a processor's receivers (downlink): an uplink
 * or downlink is a band from the processor to the coupler's rim, the coupler a ring round its disc.
 */
export function starMarkShapes(
  topo: Topology,
  l: StarLayout,
  g: StarGeometry,
  links: readonly number[],
): MarkShape[] {
  const out: MarkShape[] = [];
  for (const link of links) {
    if (link < 0 || link >= topo.linkCount) continue;
    const kind = topo.linkKind[link];
    if (kind === STAR_COUPLER) {
      out.push({ kind: 'ring', x: l.cx, y: l.cy, r: l.coupler + 5 });
      continue;
    }
    const node = kind === STAR_UPLINK ? topo.linkFrom[link] : topo.linkTo[link];
    if (kind !== STAR_UPLINK && kind !== STAR_DOWNLINK) continue;
    const [x, y] = [g.xy[2 * node], g.xy[2 * node + 1]];
    const [rx, ry] = [g.rimEnds[2 * node], g.rimEnds[2 * node + 1]];
    out.push(kind === STAR_UPLINK ? band(x, y, rx, ry) : band(rx, ry, x, y));
  }
  return out;
}

/** The band's width on the star: wider than the thickest transmission line. */
export const starMarkWidth = (l: StarLayout) => Math.max(8, Math.min(14, l.nodeRadius * 0.9));
