import { describe, expect, it } from 'vitest';
import { downlink, passiveStar } from '../../../src/families/star/topology';
import { starGeometry, starLayout } from './starLayout';
import { starMarkShapes } from './starMarks';

describe('a marked link on the star picture', () => {
  const n = 8;
  const topo = passiveStar(n, 3);
  const l = starLayout(600, 600, n);
  const g = starGeometry(l, n);

  it('an uplink runs from its processor to the coupler’s rim, a downlink back out', () => {
    const [up] = starMarkShapes(topo, l, g, [3]);
    expect(up).toEqual({ kind: 'band', x0: g.xy[6], y0: g.xy[7], x1: g.rimEnds[6], y1: g.rimEnds[7] });
    const [down] = starMarkShapes(topo, l, g, [downlink(n, 5)]);
    expect(down).toEqual({ kind: 'band', x0: g.rimEnds[10], y0: g.rimEnds[11], x1: g.xy[10], y1: g.xy[11] });
  });

  it('the coupler (the link of the wavelengths) is a ring round its disc', () => {
    expect(starMarkShapes(topo, l, g, [n])).toEqual([{ kind: 'ring', x: l.cx, y: l.cy, r: l.coupler + 5 }]);
    expect(starMarkShapes(topo, l, g, [2 * n + 1])).toEqual([]);
  });
});
