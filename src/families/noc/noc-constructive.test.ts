import { describe, expect, it } from 'vitest';
import { verify } from '../../kernel/verify/verifier';
import { bindingBound, lowerBounds } from './noc-bounds';
import { constructivePlan, routerCycle } from './noc-constructive';
import {
  channelBase,
  hypercubeNetwork,
  meshNetwork,
  nocTopology,
  octagonNetwork,
  type NocNetwork,
} from './noc-network';
import { NocRoutes } from './noc-paths';
import { communicationOf, type Communication } from './noc-patterns';
import { scheduleOfPlan } from './noc';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function stepsOf(net: NocNetwork, c: Communication): number {
  const plan = constructivePlan(new NocRoutes(net), c, 1);
  const { report } = verify(scheduleOfPlan('t', net, c, plan), nocTopology(net));
  expect(report.violations).toEqual([]);
  return plan.steps.length;
}

describe('the constructive broadcast (greedy trees and the relay ring)', () => {
  it('reaches the bound where every receiver must absorb every step (eq. (2), AAB: P − 1)', () => {
    const fat = octagonNetwork(8, { perRouter: 2 });
    // Table 2's "8 to the same 8" (paper: 7) and all 16 (paper: 15): the relay ring is optimal.
    const same8 = communicationOf('mnb', 16, 0, range(0, 7), range(0, 7));
    expect(stepsOf(fat, same8)).toBe(7);
    expect(bindingBound(lowerBounds(fat, same8)).value).toBe(7);
    expect(stepsOf(fat, communicationOf('aab', 16, 0, [], []))).toBe(15);
    // All-to-all broadcast on a mesh, a hypercube and a slim Octagon: P − 1 steps.
    expect(stepsOf(meshNetwork(4, 4), communicationOf('aab', 16, 0, [], []))).toBe(15);
    expect(stepsOf(hypercubeNetwork(4), communicationOf('aab', 16, 0, [], []))).toBe(15);
    expect(stepsOf(octagonNetwork(8), communicationOf('aab', 8, 0, [], []))).toBe(7);
    // One to all on a 4 × 4 mesh from processor 5: ⌈log2 16⌉ = 4 (the ring fed from outside).
    expect(stepsOf(meshNetwork(4, 4), communicationOf('oab', 16, 5, [], []))).toBe(4);
  });

  it('stays valid where neither reaches the bound (Table 2’s senders outside the receivers)', () => {
    const fat = octagonNetwork(8, { perRouter: 2 });
    expect(stepsOf(fat, communicationOf('mnb', 16, 0, range(0, 7), range(8, 15)))).toBeGreaterThanOrEqual(8);
    expect(stepsOf(fat, communicationOf('mnb', 16, 0, range(0, 7), range(0, 15)))).toBeGreaterThanOrEqual(8);
  });

  it('orders routers so that neighbours in the cycle are neighbours in the network', () => {
    const adjacent = (net: NocNetwork, a: number, b: number) =>
      net.edges.some(([u, v]) => (u === a && v === b) || (u === b && v === a));
    for (const net of [meshNetwork(4, 4), meshNetwork(3, 5), hypercubeNetwork(4), octagonNetwork(8)]) {
      const cycle = routerCycle(new NocRoutes(net));
      expect([...cycle].sort((a, b) => a - b)).toEqual(range(0, net.routers - 1));
      for (let i = 0; i + 1 < cycle.length; i++) expect(adjacent(net, cycle[i], cycle[i + 1])).toBe(true);
    }
  });
});

describe('the constructive scatter (busiest backlog first)', () => {
  it('keeps the 6 × 6 mesh all-to-all within 10 % of its bisection bound (54 steps)', () => {
    const net = meshNetwork(6, 6);
    const c = communicationOf('aas', 36, 0, [], []);
    const bound = bindingBound(lowerBounds(net, c));
    expect(bound.value).toBe(54);
    expect(stepsOf(net, c)).toBeLessThanOrEqual(Math.floor(54 * 1.1));
  });

  it('reaches the slim Octagon’s all-to-all bound (7) without a search', () => {
    expect(stepsOf(octagonNetwork(8), communicationOf('aas', 8, 0, [], []))).toBe(7);
  });

  it('is valid for scatters on every topology and sets, and the same for a seed', () => {
    const cases: [NocNetwork, Communication][] = [
      [meshNetwork(3, 5), communicationOf('mns', 15, 0, range(0, 8), range(4, 14))],
      [hypercubeNetwork(3), communicationOf('aas', 8, 0, [], [])],
      [octagonNetwork(8, { perRouter: 2 }), communicationOf('oas', 16, 3, [], [])],
      [octagonNetwork(12), communicationOf('mns', 12, 0, range(0, 5), range(3, 11))],
    ];
    for (const [net, c] of cases) {
      expect(stepsOf(net, c)).toBeGreaterThanOrEqual(bindingBound(lowerBounds(net, c)).value);
      const routes = new NocRoutes(net);
      expect(JSON.stringify(constructivePlan(routes, c, 4))).toBe(
        JSON.stringify(constructivePlan(routes, c, 4)),
      );
    }
  });
});

describe('router paths', () => {
  it('lead with the straight routes: XY and YX on a mesh, then the staircases', () => {
    const net = meshNetwork(4, 4);
    const routes = new NocRoutes(net);
    const base = channelBase(net);
    const routersOf = (path: Uint32Array) => [
      0,
      ...[...path].map((l) => {
        const [a, b] = net.edges[(l - base) >> 1];
        return (l - base) & 1 ? a : b;
      }),
    ];
    const paths = routes.routerPaths(0, 15).map(routersOf);
    expect(paths.slice(0, 2).sort()).toEqual([
      [0, 1, 2, 3, 7, 11, 15],
      [0, 4, 8, 12, 13, 14, 15],
    ]);
    // Up to the cap of 16 of the 20 shortest routes, each once.
    expect(new Set(paths.map(String)).size).toBe(16);
    expect(paths.every((p) => p.length === 7)).toBe(true);
  });
});
