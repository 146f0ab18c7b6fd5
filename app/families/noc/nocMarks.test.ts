import { describe, expect, it } from 'vitest';
import {
  channelBase,
  ejectLink,
  injectLink,
  meshNetwork,
  nocTopology,
} from '../../../src/families/noc/noc-network';
import type { MarkShape } from '../../views/drawMarkedLinks';
import { nocLayout } from './nocLayout';
import { nocMarkShapes } from './nocMarks';

const net = meshNetwork(3, 3);
const topo = nocTopology(net);
const P = net.procRouter.length;
const l = nocLayout(
  {
    name: 'mesh',
    shape: 'grid',
    cols: 3,
    routers: net.routers,
    edges: net.edges.map(([a, b]) => [a, b] as [number, number]),
    procRouter: Array.from(net.procRouter),
    senders: [],
    receivers: [],
  },
  800,
  600,
);
const at = (v: number) => [l.xy[2 * v], l.xy[2 * v + 1]];
const bandOf = (s: MarkShape[]) => s.find((x) => x.kind === 'band') as Extract<MarkShape, { kind: 'band' }>;
const near = (x: number, y: number, v: number) => Math.hypot(x - at(v)[0], y - at(v)[1]);

describe('a marked link on the network-on-chip picture', () => {
  it('an injection channel runs from the processor to its router, an ejection channel back', () => {
    const r = P + net.procRouter[4];
    const inject = bandOf(nocMarkShapes(topo, l, [injectLink(net, 4, 0)]));
    expect(near(inject.x0, inject.y0, 4)).toBeLessThan(l.routerRadius);
    expect(near(inject.x1, inject.y1, r)).toBeLessThan(l.routerRadius);
    const eject = bandOf(nocMarkShapes(topo, l, [ejectLink(net, 4, 0)]));
    expect(near(eject.x0, eject.y0, r)).toBeLessThan(l.routerRadius);
    expect(near(eject.x1, eject.y1, 4)).toBeLessThan(l.routerRadius);
  });

  it('a router link’s two channels are drawn side by side, each with both routers ringed', () => {
    const [a, b] = net.edges[0];
    const there = nocMarkShapes(topo, l, [channelBase(net)]);
    const back = nocMarkShapes(topo, l, [channelBase(net) + 1]);
    const [t, u] = [bandOf(there), bandOf(back)];
    expect(near(t.x0, t.y0, P + a)).toBeLessThan(l.routerRadius);
    expect(near(u.x0, u.y0, P + b)).toBeLessThan(l.routerRadius);
    expect(
      Math.hypot((t.x0 + t.x1) / 2 - (u.x0 + u.x1) / 2, (t.y0 + t.y1) / 2 - (u.y0 + u.y1) / 2),
    ).toBeGreaterThan(2);
    expect(there.filter((s) => s.kind === 'ring')).toHaveLength(2);
    expect(nocMarkShapes(topo, l, [topo.linkCount])).toEqual([]);
  });
});
