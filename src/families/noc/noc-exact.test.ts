import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_LIMITS } from '../../limits';
import { defaultsOf } from '../../kernel/params/schema';
import { setLpSolver, type LpSolution } from '../../kernel/lp';
import { run } from '../../run';
import { constructivePlan } from './noc-constructive';
import { FIG3_DETOUR, FIG3_SCATTER } from './noc-fig3';
import { exactModel } from './noc-exact';
import { meshNetwork } from './noc-network';
import { networkOf } from './noc-params';
import { longerRoutes, NocRoutes, routedMessages } from './noc-paths';
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
    const r = scatter(FIG3_SCATTER);
    expect(r.summary.steps).toBe(6);
    expect(r.variant).toContain('no schedule of 5 steps');
  });

  it('meets the bound where a schedule at the bound exists (16 for the fat Octagon’s all-to-all)', () => {
    const r = scatter({ pattern: 'aas', 'time-limit': 60 });
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(16);
    expect(r.variant).toContain('the lower bound: optimal');
  });

  it('Fig. 3 with routes 2 hops longer: 5 steps with exactly one longer route, the fewest possible', () => {
    const fig3 = { ...FIG3_SCATTER, detour: FIG3_DETOUR };
    const r = scatter(fig3);
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(5);
    const routes = new NocRoutes(networkOf(r.params));
    expect(longerRoutes(routes, r.schedule)).toBe(1);
    expect(r.variant).toContain('1 longer route, the fewest any such schedule has');
    // The search's 5 steps use more: the words are the exact method's schedule's.
    const searched = run(
      'noc-scatter',
      { ...defaultsOf(nocScatterCard.params), ...fig3, method: 'hybrid', moves: 300_000 },
      CLI_LIMITS,
    );
    expect(searched.summary.steps).toBe(5);
    expect(longerRoutes(routes, searched.schedule)).toBeGreaterThan(1);
  });

  it('Table 2’s footnote: 8 to the same 8 in 7 steps needs routes only 1 hop longer', () => {
    const r = scatter({ senders: '0-7', receivers: '0-7', detour: 1 });
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(7);
    expect(longerRoutes(new NocRoutes(networkOf(r.params), 16, 1), r.schedule)).toBeGreaterThan(0);
  });

  it('the objective counts only messages on longer routes, and is left out when none are offered', () => {
    const net = meshNetwork(4, 4, { ports: 3 });
    const c = communicationOf('oas', 16, 1, [1], []);
    const routes = new NocRoutes(net, 16, 2);
    const msgs = routedMessages(routes, constructivePlan(routes, c, 1));
    const longer = msgs.reduce(
      (n, m) => n + m.paths.filter((p) => p.length > routes.hops(m.from, m.to)).length,
      0,
    );
    const lp = exactModel(msgs, 5, routes, true);
    const objective = lp.slice(lp.indexOf('obj:'), lp.indexOf('Subject To'));
    expect(objective.match(/x\d+_\d+_\d+/g)).toHaveLength(5 * longer);
    const minimal = new NocRoutes(net);
    const shortest = routedMessages(minimal, constructivePlan(minimal, c, 1));
    expect(exactModel(shortest, 5, minimal, true)).toContain(' obj: 0 x0_0_0');
  });
});
