import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_LIMITS } from '../../limits';
import { defaultsOf } from '../../kernel/params/schema';
import { setLpSolver, type LpSolution } from '../../kernel/lp';
import { run } from '../../run';
import { constructivePlan } from './noc-constructive';
import { exactModel } from './noc-exact';
import { meshNetwork } from './noc-network';
import { NocRoutes, routedMessages } from './noc-paths';
import { communicationOf } from './noc-patterns';
import { nocScatterCard } from './noc.card';

beforeAll(async () => {
  const { default: load } = await import('highs');
  const highs = await load();
  setLpSolver((lp, o) => highs.solve(lp, o) as LpSolution);
});

const scatter = (p: Record<string, string | number>) =>
  run('noc-scatter', { ...defaultsOf(nocScatterCard.params), method: 'exact', ...p }, CLI_LIMITS);

describe('the exact method (HiGHS)', () => {
  it('writes one assignment per message and one row per shared channel and port', () => {
    const net = meshNetwork(2, 2);
    const c = communicationOf('oas', 4, 0, [0], []);
    const routes = new NocRoutes(net);
    const msgs = routedMessages(routes, constructivePlan(routes, c, 1));
    const lp = exactModel(msgs, 3, routes);
    // 3 messages from processor 0: each in exactly one step; processor 0 sends at most 1 a step.
    expect(lp.match(/^ a\d+:/gm)).toHaveLength(3);
    expect(lp.match(/^ t\d+_0:/gm)).toHaveLength(3);
    expect(lp).toContain('Binary');
  });

  it('proves Table 2’s 10 steps optimal for 8 to the same 8 with shortest routes (no schedule of 9)', () => {
    const r = scatter({ senders: '0-7', receivers: '0-7' });
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(10);
    expect(r.variant).toContain('no schedule of 9 steps');
  });

  it('proves Fig. 3’s point: with shortest routes the scatter from processor 1 needs 6 steps, not 5', () => {
    const r = scatter({
      network: 'mesh',
      rows: 4,
      cols: 4,
      'per-router': 1,
      ports: 3,
      pattern: 'oas',
      root: 1,
    });
    expect(r.summary.steps).toBe(6);
    expect(r.variant).toContain('no schedule of 5 steps');
  });

  it('meets the bound where a schedule at the bound exists (16 for the fat Octagon’s all-to-all)', () => {
    const r = scatter({ pattern: 'aas', 'time-limit': 60 });
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(16);
    expect(r.variant).toContain('the lower bound: optimal');
  });
});
