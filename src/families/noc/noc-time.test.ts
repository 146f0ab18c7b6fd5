import { describe, expect, it } from 'vitest';
import { constructivePlan } from './noc-constructive';
import { meshNetwork } from './noc-network';
import { NocRoutes } from './noc-paths';
import { communicationOf } from './noc-patterns';
import { nocStepSeconds } from './noc-time';
import { wormholeTimeOf } from '../mesh/mesh-params';
import { scheduleOfPlan } from './noc';

describe('NoC step times (eq. (1))', () => {
  it('last as long as the step’s slowest message: t_s + hops·t_r + m·t_1, hops between routers only', () => {
    const net = meshNetwork(3, 3);
    const c = communicationOf('oas', 9, 4, [], []);
    const routes = new NocRoutes(net);
    const plan = constructivePlan(routes, c, 1);
    const params = { 'startup-us': 2, 'hop-us': 0.5, 'byte-ns': 1, 'message-bytes': 1000 };
    const seconds = nocStepSeconds(scheduleOfPlan('t', net, c, plan), wormholeTimeOf(params));
    expect(seconds).toHaveLength(plan.steps.length);
    plan.steps.forEach((step, i) => {
      const hops = Math.max(...step.map((m) => routes.hops(m.from, m.to)));
      expect(seconds[i]).toBeCloseTo(2e-6 + hops * 0.5e-6 + 1000 * 1e-9, 12);
    });
    // From the centre of a 3 × 3 mesh the farthest processors are two hops away.
    expect(Math.max(...seconds)).toBeCloseTo(2e-6 + 2 * 0.5e-6 + 1e-6, 12);
  });
});
