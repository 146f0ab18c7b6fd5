import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd, SILENT } from '../../kernel/jobs';
import { defaultsOf } from '../../kernel/params/schema';
import { verify } from '../../kernel/verify/verifier';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { annealSearch } from './noc-anneal';
import { chainJob, chainSeed, conflictsOf, type Genes } from './noc-chain';
import { bindingBound, lowerBounds } from './noc-bounds';
import { BroadcastProblem, planFaults } from './noc-broadcast-search';
import { blocksOf, constructivePlan } from './noc-constructive';
import {
  channelBase,
  hypercubeNetwork,
  meshNetwork,
  nocTopology,
  octagonNetwork,
  torusNetwork,
} from './noc-network';
import { NocRoutes } from './noc-paths';
import { communicationOf, type Pattern } from './noc-patterns';
import { scheduleOfPlan } from './noc';
import { nocBroadcastCard } from './noc.card';

const copy = (g: Genes): Genes => ({ step: g.step.slice(), path: g.path.slice(), parent: g.parent!.slice() });

describe('the broadcast search (a gene per block and receiver: step, sender, path)', () => {
  const networks = [
    meshNetwork(3, 3),
    torusNetwork(3, 4),
    hypercubeNetwork(3, { perRouter: 2 }),
    octagonNetwork(8, { perRouter: 2 }),
    octagonNetwork(12),
  ];
  const patterns: Pattern[] = ['oab', 'aab', 'mnb'];

  it('its schedules verify over networks, patterns, sets and seeds, between the bound and the start', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...networks),
        fc.constantFrom(...patterns),
        fc.uniqueArray(fc.nat(15), { minLength: 1, maxLength: 8 }),
        fc.uniqueArray(fc.nat(15), { minLength: 1, maxLength: 8 }),
        fc.nat(1000),
        fc.constantFrom(1, 4),
        (net, pattern, ts, rs, seed, chains) => {
          const P = net.procRouter.length;
          const [T, R] = [ts.filter((v) => v < P), rs.filter((v) => v < P)];
          if (!T.length) return;
          const c = communicationOf(pattern, P, T[0], T, R);
          if (!c.senders.some((s) => c.receivers.some((d) => d !== s))) return;
          const routes = new NocRoutes(net);
          const start = constructivePlan(routes, c, seed);
          const lowerBound = bindingBound(lowerBounds(net, c)).value;
          const found: number[] = [];
          const o = { seed, chains, lowerBound, maxMoves: 20_000 };
          const problem = new BroadcastProblem(routes, c);
          const best = runToEnd(
            annealSearch(routes, start, o, SILENT, { found: (p) => found.push(p.steps.length) }, problem),
          );
          for (const plan of [best]) {
            const report = verify(scheduleOfPlan('t', net, c, plan), nocTopology(net)).report;
            expect(report.violations).toEqual([]);
          }
          expect(best.steps.length).toBeGreaterThanOrEqual(lowerBound);
          expect(best.steps.length).toBeLessThanOrEqual(start.steps.length);
          // Each schedule found is shorter than the one before.
          found.forEach((n, i) => expect(n).toBeLessThan(i ? found[i - 1] : start.steps.length));
          // Deterministic for a seed.
          const again = runToEnd(annealSearch(routes, start, o, SILENT, {}, new BroadcastProblem(routes, c)));
          expect(JSON.stringify(again)).toBe(JSON.stringify(best));
        },
      ),
      { seed: 20260511, numRuns: 40 },
    );
  });

  it('a chain’s count of conflicts and faults stays the count of its genes after its moves', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf(
      'mnb',
      16,
      0,
      [0, 1, 2, 3, 4, 5, 6, 7],
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    );
    const routes = new NocRoutes(net);
    const problem = new BroadcastProblem(routes, c);
    const start = problem.genesOf(constructivePlan(routes, c, 1));
    for (const [target, round] of [
      [8, 0],
      [6, 1],
      [9, 2],
    ]) {
      const g = copy(start);
      g.step = g.step.map((s) => s % target);
      const task = {
        round,
        chain: 0,
        seed: chainSeed(5, round, 0),
        target,
        temperature: 2,
        moves: 3000,
        coolEvery: 500,
        ...g,
      };
      const out = runToEnd(chainJob(problem, task));
      expect(out.moves).toBe(3000);
      expect(conflictsOf(problem, { step: out.step, path: out.path, parent: out.parent }, target)).toBe(
        out.conflicts,
      );
      // A sender is always its block's origin or another receiver of it.
      for (let i = 0; i < problem.size; i++) {
        const b = problem.block[i];
        const p = out.parent![i];
        expect(p).not.toBe(problem.to[i]);
        expect(p === problem.origin[b] || problem.geneAt[b * 16 + p] >= 0).toBe(true);
      }
    }
  });

  it('catches injected causality faults: a relay that sends before it holds the block', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf('mnb', 16, 0, [0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]);
    const routes = new NocRoutes(net);
    const problem = new BroadcastProblem(routes, c);
    const plan = constructivePlan(routes, c, 1);
    const genes = problem.genesOf(plan);
    const T = plan.steps.length;
    expect(conflictsOf(problem, genes, T)).toBe(0);
    expect(planFaults(plan, blocksOf(c).origin)).toEqual([]);
    // Gene i (block 0 to its first receiver) is sent in the first step by a receiver that gets
    // block 0 later: a relay too early.
    const i = problem.first[0];
    const late = problem.first[0] + 1;
    const bad = copy(genes);
    bad.step[i] = 0;
    bad.step[late] = 3;
    bad.parent![i] = problem.to[late];
    bad.path[i] = 0;
    // Its own fault, whatever it shares besides.
    expect(conflictsOf(problem, bad, T)).toBeGreaterThanOrEqual(1);
    const badPlan = problem.planOf(bad, T);
    const faults = planFaults(badPlan, blocksOf(c).origin);
    expect(faults.length).toBeGreaterThanOrEqual(1);
    const f = faults.find((x) => badPlan.steps[x.step][x.message].to === problem.to[i])!;
    expect(badPlan.steps[f.step][f.message].from).toBe(problem.to[late]);
    expect(f.holds).toBeGreaterThan(f.step);
    // The verifier rejects it too.
    const report = verify(scheduleOfPlan('t', net, c, badPlan), nocTopology(net)).report;
    expect(report.ok).toBe(false);
    // Two relays feeding each other (a cycle): at least one of them is a fault.
    const cyc = copy(genes);
    const [a, b] = [problem.first[0], problem.first[0] + 1];
    [cyc.parent![a], cyc.parent![b]] = [problem.to[b], problem.to[a]];
    [cyc.path[a], cyc.path[b]] = [0, 0];
    expect(conflictsOf(problem, cyc, T)).toBeGreaterThan(0);
    expect(planFaults(problem.planOf(cyc, T), blocksOf(c).origin).length).toBeGreaterThan(0);
  });
});

describe('Table 2’s broadcasts (fat Octagon, shifted placement)', () => {
  const params = (senders: string, receivers: string) => ({
    ...defaultsOf(nocBroadcastCard.params),
    pattern: 'mnb',
    senders,
    receivers,
    method: 'hybrid',
    seed: 1,
    moves: 200_000,
  });

  it('the hybrid, seed 1: 8 to the other 8 in 9 steps (constructive 9), 8 to all 16 in 9 (constructive 12)', () => {
    const other = run('noc-broadcast', params('0-7', '8-15'), CLI_LIMITS);
    const all = run('noc-broadcast', params('0-7', '0-15'), CLI_LIMITS);
    expect([other.report.ok, all.report.ok]).toEqual([true, true]);
    expect(other.summary.steps).toBe(9);
    expect(all.summary.steps).toBe(9);
    const constructive = run(
      'noc-broadcast',
      { ...params('0-7', '0-15'), method: 'constructive' },
      CLI_LIMITS,
    );
    expect(constructive.summary.steps).toBe(12);
  });

  it('8 steps cannot be: in the first step routers 1–3 hold 6 senders and no receiver, and 5 channels leave them', () => {
    // At 8 steps every receiver outside T absorbs in every step (8 blocks each), the first step
    // too, when only the senders hold blocks; receivers 8–15 sit on routers 4–7 and 0, so 8 messages
    // of the first step come from senders — at most one each from 0 (router 0) and 7 (router 4), and
    // from the six senders 1–6 on routers 1–3 at most one per channel leaving them: 5. So 7 < 8.
    const net = octagonNetwork(8, { perRouter: 2 });
    const inside = new Set([1, 2, 3]);
    expect(Array.from({ length: 16 }, (_, p) => p).filter((p) => inside.has(net.procRouter[p]))).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect([0, 7, 8, 9, 10, 11, 12, 13, 14, 15].every((p) => !inside.has(net.procRouter[p]))).toBe(true);
    const leaving = net.edges.filter(([a, b]) => inside.has(a) !== inside.has(b)).length;
    expect(leaving).toBe(5);
    expect(channelBase(net)).toBeGreaterThan(0);
  });
});
