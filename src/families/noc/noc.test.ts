import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLI_LIMITS } from '../../limits';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { verify } from '../../kernel/verify/verifier';
import { run } from '../../run';
import { bisectionWidth, bindingBound, lowerBounds } from './noc-bounds';
import { constructivePlan, type NocPlan } from './noc-constructive';
import {
  channelBase,
  customLinksProblem,
  ejectLink,
  hypercubeNetwork,
  injectLink,
  meshNetwork,
  nocTopology,
  octagonNetwork,
  torusNetwork,
  type NocNetwork,
} from './noc-network';
import { NocRoutes, scatterMessages } from './noc-paths';
import { communicationOf, type Pattern } from './noc-patterns';
import { scheduleOfPlan } from './noc';
import { annealSearch, SearchMaster } from './noc-anneal';
import { chainJob, ChainProblem, chainSeed, conflictsOf, messagesByBlock, type Genes } from './noc-chain';
import { planClashes } from './noc-clashes';
import type { ChainOutcome, ChainTask } from '../../kernel/spec';
import { runToEnd, SILENT } from '../../kernel/jobs';
import { expandTopology, nocScatterCard } from './noc.card';
import { fileInput, readFile } from '../../file-formats';
import { NETWORK_PARAMS } from './noc-params';
import { FIG3_DETOUR, FIG3_SCATTER } from './noc-fig3';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const check = (net: NocNetwork, plan: NocPlan, pattern: Pattern, T: number[], R: number[]) => {
  const c = communicationOf(pattern, net.procRouter.length, T[0], T, R);
  return verify(scheduleOfPlan('test', net, c, plan), nocTopology(net)).report;
};

describe('networks', () => {
  it('the Octagon: 8 routers, a ring and 4 links across, every router of degree 3, diameter 2', () => {
    const net = octagonNetwork(8);
    expect(net.edges).toHaveLength(12);
    const routes = new NocRoutes(net);
    expect(Math.max(...routes.dist.flatMap((d) => [...d]))).toBe(2);
    // 0 → 3: 0-1-2-3 is 3 hops; 0-4-3 and 0-7-... no: 0-4-3 is 2.
    expect(routes.dist[0][3]).toBe(2);
  });

  it('the fat Octagon as Fig. 4 reads: router 0 holds processors 15 and 0, router j holds 2j − 1 and 2j', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    expect(net.procRouter[15]).toBe(0);
    expect(net.procRouter[0]).toBe(0);
    expect([net.procRouter[1], net.procRouter[2], net.procRouter[14]]).toEqual([1, 1, 7]);
  });

  it('bisection widths by hand: 4 × 4 mesh 4 links, 4 × 4 torus 8, 3-cube 4, Octagon 4', () => {
    // In directed channels, both ways: twice the links.
    expect(bisectionWidth(meshNetwork(4, 4)).channels).toBe(8);
    expect(bisectionWidth(torusNetwork(4, 4)).channels).toBe(16);
    expect(bisectionWidth(hypercubeNetwork(3)).channels).toBe(8);
    // Octagon: {0, 1, 4, 5} against {2, 3, 6, 7} cuts ring links 1-2, 3-4, 5-6, 7-0 and no link across.
    expect(bisectionWidth(octagonNetwork(8)).channels).toBe(8);
    // Above the exact limit, the shape's formula: a 6-cube splits along one dimension, 32 links.
    expect(bisectionWidth(hypercubeNetwork(6))).toMatchObject({ channels: 64 });
  });

  it('shortest paths: 3 × 3 mesh corner to corner has C(4, 2) = 6, each 4 router channels', () => {
    const paths = new NocRoutes(meshNetwork(3, 3)).routerPaths(0, 8);
    expect(paths).toHaveLength(6);
    expect(paths.every((p) => p.length === 4)).toBe(true);
    expect(new Set(paths.map((p) => p.join())).size).toBe(6);
  });
});

describe('lower bounds by hand', () => {
  const value = (net: NocNetwork, pattern: Pattern, T: number[] = [0], R: number[] = []) =>
    bindingBound(lowerBounds(net, communicationOf(pattern, net.procRouter.length, T[0], T, R))).value;

  it('Table 1 on the slim Octagon (P = 8): OAB 3, AAB 7, OAS 7, AAS max(⌈64/16⌉, 7) = 7', () => {
    const net = octagonNetwork(8);
    expect(value(net, 'oab')).toBe(3);
    expect(value(net, 'aab')).toBe(7);
    expect(value(net, 'oas')).toBe(7);
    expect(value(net, 'aas')).toBe(7);
  });

  it('AAS on a 4 × 4 mesh: the cut between its halves carries 64 messages each way over 4 links: 16', () => {
    // Table 1: max(⌈256 / 16⌉, 15) = 16; the cut bound finds the same cut.
    const bounds = lowerBounds(meshNetwork(4, 4), communicationOf('aas', 16, 0, [], []));
    expect(bindingBound(bounds).value).toBe(16);
    expect(bounds.find((b) => b.id === 'bound-aas')!.value).toBe(16);
  });

  it('two ports halve the port bound: OAS from one of 8 processors in ⌈7 / 2⌉ = 4', () => {
    expect(value(octagonNetwork(8, { ports: 2 }), 'oas')).toBe(4);
    // and OAB reaches 3 new processors a step per informed one: ⌈log₃ 8⌉ = 2.
    expect(value(octagonNetwork(8, { ports: 2 }), 'oab')).toBe(2);
  });

  it('Table 2 (fat Octagon, P = 16): our bounds give the paper’s lower bounds, one more step for AAS, and one more for the broadcasts whose first step cannot reach every outside receiver', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const cases: [number[], number[], number, number][] = [
      [range(0, 7), range(0, 7), 7, 7], // 8 to the same 8
      [range(0, 7), range(8, 15), 9, 10], // 8 to the other 8: the paper's eq. (2) gives 8
      [range(0, 7), range(0, 15), 9, 15], // 8 to all 16: the paper's eq. (2) gives 8
      [range(0, 15), range(0, 15), 15, 16], // all 16 to all 16: the paper's Table 1 gives 15
    ];
    for (const [T, R, broadcast, scatter] of cases) {
      expect(value(net, 'mnb', T, R)).toBe(broadcast);
      expect(value(net, 'mns', T, R)).toBe(scatter);
    }
  });
});

describe('the constructive method: verified schedules on every network', () => {
  const networks = [
    meshNetwork(3, 4),
    torusNetwork(4, 4, { perRouter: 2 }),
    hypercubeNetwork(3, { ports: 2 }),
    octagonNetwork(8, { perRouter: 2 }),
    octagonNetwork(12),
  ];
  const patterns: Pattern[] = ['oab', 'oas', 'aab', 'aas', 'mnb', 'mns'];

  it('verifies over networks, patterns, sender and receiver sets and seeds, never under its bound', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...networks),
        fc.constantFrom(...patterns),
        fc.uniqueArray(fc.nat(11), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.nat(11), { minLength: 1, maxLength: 6 }),
        fc.nat(1000),
        (net, pattern, ts, rs, seed) => {
          const P = net.procRouter.length;
          const [T, R] = [ts.filter((v) => v < P), rs.filter((v) => v < P)];
          if (!T.length) return;
          const c = communicationOf(pattern, P, T[0], T, R);
          if (!c.senders.some((s) => c.receivers.some((d) => d !== s))) return;
          const plan = constructivePlan(new NocRoutes(net), c, seed);
          const report = verify(scheduleOfPlan('test', net, c, plan), nocTopology(net)).report;
          expect(report.violations).toEqual([]);
          expect(plan.steps.length).toBeGreaterThanOrEqual(bindingBound(lowerBounds(net, c)).value);
        },
      ),
      { seed: 20261125, numRuns: 150 },
    );
  });

  it('is deterministic for a seed', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf('aas', 16, 0, [], []);
    const a = constructivePlan(new NocRoutes(net), c, 7);
    const b = constructivePlan(new NocRoutes(net), c, 7);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('through run(): the card’s default (fat Octagon, 8 to the other 8) builds, verifies and states its bound', () => {
    const p: ParamValues = defaultsOf(nocScatterCard.params);
    const r = run('noc-scatter', p, CLI_LIMITS);
    expect(r.report.ok).toBe(true);
    const steps = r.formulas.find((f) => f.id === 'steps')!;
    expect(steps.formula).toBe(10);
    expect(steps.constructed).toBe(r.summary.steps);
    expect(r.summary.steps).toBeGreaterThanOrEqual(10);
  });
});

describe('the verifier catches injected faults in NoC schedules', () => {
  // 2 × 2 mesh of fat routers (processors 2j, 2j + 1 on router j): router 0 (0, 0), 1 (0, 1), 2 (1, 0), 3 (1, 1).
  const net = meshNetwork(2, 2, { perRouter: 2 });
  const routes = new NocRoutes(net);
  const via = (from: number, to: number, path = 0, inPort = 0, outPort = 0) =>
    routes.route(
      from,
      to,
      routes.routerPaths(net.procRouter[from], net.procRouter[to])[path],
      inPort,
      outPort,
    );
  const pathThrough = (from: number, to: number, router: number) =>
    routes
      .routerPaths(net.procRouter[from], net.procRouter[to])
      .findIndex((p) => p.some((l) => net.edges[(l - channelBase(net)) >> 1].includes(router)));

  it('a shared channel: 0 → 6 and 2 → 7 both over router 1 → router 3 in one step', () => {
    const plan: NocPlan = {
      steps: [
        [
          { from: 0, to: 6, links: via(0, 6, pathThrough(0, 6, 1)), block: 0 },
          { from: 2, to: 7, links: via(2, 7), block: 1 },
        ],
      ],
    };
    const r = check(net, plan, 'mns', [0, 2], [6, 7]);
    expect(r.violations[0]).toMatchObject({ rule: 'channel-clash', step: 1, transfer: 1 });
  });

  it('a port over its limit: processor 0 sends twice in one step through its one injection channel', () => {
    const plan: NocPlan = {
      steps: [
        [
          { from: 0, to: 2, links: via(0, 2), block: 0 },
          { from: 0, to: 4, links: via(0, 4), block: 1 },
        ],
      ],
    };
    const rules = check(net, plan, 'mns', [0], [2, 4]).violations.map((v) => v.rule);
    expect(rules).toContain('tx-ports');
  });

  it('a non-path: a route that skips from router 0 to router 3, which are not linked', () => {
    const links = via(0, 6, 0);
    links.splice(1, 1); // drop the first router channel: the next starts where the route is not
    const plan: NocPlan = { steps: [[{ from: 0, to: 6, links, block: 0 }]] };
    expect(check(net, plan, 'mns', [0], [6]).violations[0]).toMatchObject({ rule: 'broken-route', step: 1 });
  });

  it('a message never sent: the destination ends without it', () => {
    const plan: NocPlan = { steps: [[{ from: 0, to: 2, links: via(0, 2), block: 0 }]] };
    const r = check(net, plan, 'mns', [0], [2, 4]);
    expect(r.violations.map((v) => v.rule)).toEqual(['postcondition']);
    expect([injectLink(net, 0, 0), ejectLink(net, 2, 0)]).toEqual([via(0, 2)[0], via(0, 2).at(-1)]);
  });
});

describe('the searches (annealing and the hybrid)', () => {
  const searchOf = (
    net: NocNetwork,
    c: ReturnType<typeof communicationOf>,
    seed: number,
    chains: number,
    maxMoves = 2_000_000,
  ) => {
    const routes = new NocRoutes(net);
    const found: number[] = [];
    const plan = runToEnd(
      annealSearch(
        routes,
        constructivePlan(routes, c, seed),
        { seed, chains, lowerBound: bindingBound(lowerBounds(net, c)).value, maxMoves },
        SILENT,
        { found: (p) => found.push(p.steps.length) },
      ),
    )!;
    return { plan, found };
  };

  it('reach the lower bound of the slim Octagon’s all-to-all scatter (7 steps), every schedule verified', () => {
    const net = octagonNetwork(8);
    const c = communicationOf('aas', 8, 0, [], []);
    for (const chains of [1, 4]) {
      const { plan, found } = searchOf(net, c, 3, chains);
      expect(plan.steps).toHaveLength(7);
      // Each better schedule is one step shorter than the one before.
      expect(found.at(-1)).toBe(7);
      expect(found).toEqual([...found].sort((a, b) => b - a));
      expect(verify(scheduleOfPlan('t', net, c, plan), nocTopology(net)).report.ok).toBe(true);
    }
  });

  it('find a 16-step all-to-all scatter on the fat Octagon (hybrid, seed 5): optimal, one below Table 2', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf('aas', 16, 0, [], []);
    const { plan } = searchOf(net, c, 5, 4);
    expect(plan.steps).toHaveLength(16);
    expect(bindingBound(lowerBounds(net, c)).value).toBe(16);
    expect(verify(scheduleOfPlan('t', net, c, plan), nocTopology(net)).report.ok).toBe(true);
  });

  it('are deterministic for a seed, and another seed searches differently', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf('aas', 16, 0, [], []);
    // 50,000 moves, not a search to the end: the same moves from the same seed are what is compared.
    const a = searchOf(net, c, 11, 4, 50_000);
    expect(JSON.stringify(searchOf(net, c, 11, 4, 50_000).plan)).toBe(JSON.stringify(a.plan));
    expect(JSON.stringify(searchOf(net, c, 12, 4, 50_000).plan)).not.toBe(JSON.stringify(a.plan));
  });

  it('through run(): the default hybrid scatter of 8 to the other 8 meets its bound of 10 (Table 2)', () => {
    const r = run('noc-scatter', defaultsOf(nocScatterCard.params), CLI_LIMITS);
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(10);
    expect(r.formulas.find((f) => f.id === 'steps')!.note).toMatch(/^Met/);
  });

  it('stop when asked, with the best so far', () => {
    const net = meshNetwork(4, 4);
    const c = communicationOf('aas', 16, 0, [], []);
    const routes = new NocRoutes(net);
    const start = constructivePlan(routes, c, 1);
    let slices = 0;
    const ctx = {
      progress: () => undefined,
      partial: () => undefined,
      get stopping() {
        return slices >= 3;
      },
    };
    const job = annealSearch(routes, start, { seed: 1, chains: 1, lowerBound: 16, maxMoves: 1e9 }, ctx);
    let step = job.next();
    while (!step.done) {
      slices++;
      step = job.next();
    }
    expect(slices).toBe(3);
    expect(step.value.steps.length).toBeLessThanOrEqual(start.steps.length);
  });
});

describe('the searches in rounds (chains that can run on any worker)', () => {
  const nets: [string, NocNetwork][] = [
    ['fat Octagon', octagonNetwork(8, { perRouter: 2 })],
    ['3 × 3 mesh, 2 ports', meshNetwork(3, 3, { ports: 2 })],
    ['3 × 3 torus', torusNetwork(3, 3)],
    ['hypercube 3, 2 per router', hypercubeNetwork(3, { perRouter: 2 })],
  ];

  /** Random genes in `target` steps for the scatter from T to R. */
  const randomGenes = (problem: ChainProblem, target: number, seed: number): Genes => {
    let x = seed >>> 0;
    const next = (n: number) => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return Math.floor((x / 2 ** 32) * n);
    };
    return {
      step: Uint32Array.from(problem.msgs, () => next(target)),
      path: Uint16Array.from(problem.msgs, (m) => next(m.paths.length)),
    };
  };

  it('the clashes of a plan are exactly its shared directed channels, as many conflicts as the search and the verifier count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: nets.length - 1 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.boolean(),
        (which, target, seed, detour) => {
          const net = nets[which][1];
          const P = net.procRouter.length;
          const c = communicationOf('mns', P, 0, range(0, Math.floor(P / 2)), range(1, P - 1));
          const routes = new NocRoutes(net, 16, detour ? 2 : 0);
          const problem = new ChainProblem(routes, scatterMessages(routes, c));
          const genes = randomGenes(problem, target, seed);
          const plan = problem.planOf(genes, target);
          const clashes = planClashes(plan);
          // By hand: every (step, channel) two or more messages take.
          const shared = new Map<string, number[]>();
          plan.steps.forEach((msgs, st) =>
            msgs.forEach((m, i) =>
              m.links.forEach((l) => shared.set(`${st}/${l}`, [...(shared.get(`${st}/${l}`) ?? []), i])),
            ),
          );
          const expected = [...shared].filter(([, users]) => users.length > 1);
          expect(new Map(clashes.map((k) => [`${k.step}/${k.link}`, k.messages]))).toEqual(new Map(expected));
          const conflicts = clashes.reduce((n, k) => n + k.messages.length - 1, 0);
          expect(conflicts).toBe(conflictsOf(problem, genes, target));
          const report = verify(scheduleOfPlan('t', net, c, plan), nocTopology(net)).report;
          expect(report.counts['channel-clash'] ?? 0).toBe(conflicts);
          expect(report.ok).toBe(conflicts === 0 && plan.steps.flat().length === problem.msgs.length);
        },
      ),
      { seed: 20261126, numRuns: 120 },
    );
  });

  it('lists a scatter’s messages in the same order from its configuration and from any plan of it', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf('mns', 16, 0, range(0, 7), range(3, 12));
    const routes = new NocRoutes(net);
    const plan = constructivePlan(routes, c, 5);
    const strip = (ms: ReturnType<typeof scatterMessages>) =>
      ms.map((m) => [m.from, m.to, m.block, m.paths.length]);
    expect(strip(messagesByBlock(routes, plan))).toEqual(strip(scatterMessages(routes, c)));
  });

  it('a chain’s round depends on its task alone, and the master on the outcomes alone, whatever order the chains ran in', () => {
    const net = octagonNetwork(8, { perRouter: 2 });
    const c = communicationOf('aas', 16, 0, [], []);
    const routes = new NocRoutes(net);
    const problem = new ChainProblem(routes, scatterMessages(routes, c));
    const start = constructivePlan(routes, c, 2);
    const options = { seed: 2, chains: 4, lowerBound: 16, maxMoves: 300_000 };
    const copy = (t: ChainTask): ChainTask => ({ ...t, step: t.step.slice(), path: t.path.slice() });
    /** The master's rounds with the chains run in the given order; the sequence of schedules found. */
    const rounds = (order: (tasks: ChainTask[]) => ChainTask[]) => {
      const m = new SearchMaster(problem, start, options);
      const found: string[] = [];
      for (let tasks = m.next(); tasks; tasks = m.next()) {
        const outcomes: ChainOutcome[] = [];
        for (const t of order(tasks)) outcomes[t.chain] = runToEnd(chainJob(problem, t));
        const plan = m.absorb(outcomes);
        if (plan) found.push(JSON.stringify(plan));
      }
      return { found, moves: m.moves, rounds: m.round };
    };
    const inOrder = rounds((t) => t);
    expect(inOrder.found.length).toBeGreaterThan(0);
    expect(rounds((t) => [...t].reverse())).toEqual(inOrder);
    // The same task twice: the same outcome.
    const m = new SearchMaster(problem, start, options);
    const task = m.next()![1];
    expect(runToEnd(chainJob(problem, copy(task)))).toEqual(runToEnd(chainJob(problem, copy(task))));
    expect(task.seed).toBe(chainSeed(2, 0, 1));
    expect(new Set([0, 1, 2, 3].map((ch) => chainSeed(2, 0, ch))).size).toBe(4);
  });

  it('the master refuses outcomes that are not the round’s, in chain order', () => {
    const net = octagonNetwork(8);
    const c = communicationOf('aas', 8, 0, [], []);
    const routes = new NocRoutes(net);
    const problem = new ChainProblem(routes, scatterMessages(routes, c));
    // A start one message a step, so that there is something to search for (the constructive
    // method reaches this case's bound by itself).
    const start = {
      steps: constructivePlan(routes, c, 1)
        .steps.flat()
        .map((msg) => [msg]),
    };
    const m = new SearchMaster(problem, start, {
      seed: 1,
      chains: 2,
      lowerBound: 7,
      maxMoves: 10_000,
    });
    const outcomes = m.next()!.map((t) => runToEnd(chainJob(problem, t)));
    expect(() => m.absorb([...outcomes].reverse())).toThrow(/in order/);
  });
});

describe('placements of processors on fat routers', () => {
  it('opposite: router j serves j and 2R − 1 − j (15 − j on the fat Octagon), rounds alternating', () => {
    expect(Array.from(octagonNetwork(8, { perRouter: 2, placement: 'opposite' }).procRouter)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0,
    ]);
    expect(Array.from(meshNetwork(1, 2, { perRouter: 3, placement: 'opposite' }).procRouter)).toEqual([
      0, 1, 1, 0, 0, 1,
    ]);
  });
});

describe('routes longer than the shortest (detour)', () => {
  it('a 3 × 3 mesh from corner to its neighbour: 1 shortest path, then 3-hop ones with detour 2', () => {
    const routes = new NocRoutes(meshNetwork(3, 3), 16, 2);
    const paths = routes.routerPaths(0, 1);
    expect(paths[0]).toHaveLength(1);
    // 0 → 3 → 4 → 1 is the only path of 3 hops (a mesh is bipartite: no path of 2).
    expect(paths.filter((p) => p.length === 3)).toHaveLength(1);
    expect(paths.every((p) => p.length === 1 || p.length === 3)).toBe(true);
  });

  it('Fig. 3: from a processor with 3 ports on the top row of a 4 × 4 mesh, 5 steps need a detour', () => {
    const base: ParamValues = {
      ...defaultsOf(nocScatterCard.params),
      ...FIG3_SCATTER,
      moves: 300_000,
    };
    const minimal = run('noc-scatter', { ...base, detour: 0 }, CLI_LIMITS);
    const detour = run('noc-scatter', { ...base, detour: FIG3_DETOUR }, CLI_LIMITS);
    expect(detour.report.ok && minimal.report.ok).toBe(true);
    expect(detour.summary.steps).toBe(5);
    // By hand (noc-fig3): the west link reaches 4 processors on shortest paths; 5 steps need 5 there.
    expect(minimal.summary.steps).toBe(6);
  });

  it('Table 2’s footnote: 8 to the same 8 in 7 steps with routes 1 hop longer, as the detour help says', () => {
    const p = { ...defaultsOf(nocScatterCard.params), senders: '0-7', receivers: '0-7', moves: 300_000 };
    expect(run('noc-scatter', { ...p, detour: 1 }, CLI_LIMITS).summary.steps).toBe(7);
    const help = NETWORK_PARAMS.find((d) => d.key === 'detour')!.help;
    expect(help).toMatch(/“8 to the same 8” needs 1 /);
    expect(help).toMatch(/Fig\. 3 needs 2 /);
  });
});

describe('the topology shorthand of the command line', () => {
  it('expands mesh:RxC, torus, hypercube, octagon:N and fat-octagon into the network parameters', () => {
    expect(expandTopology({ topology: 'mesh:8x4', pattern: 'aas' })).toEqual({
      network: 'mesh',
      rows: '8',
      cols: '4',
      'per-router': '1',
      pattern: 'aas',
    });
    expect(expandTopology({ topology: 'hypercube:4' })).toMatchObject({
      network: 'hypercube',
      dimension: '4',
    });
    expect(expandTopology({ topology: 'octagon:12' })).toMatchObject({ network: 'octagon', routers: '12' });
    expect(expandTopology({ topology: 'fat-octagon' })).toMatchObject({ routers: '8', 'per-router': '2' });
    expect(() => expandTopology({ topology: 'ring:5' })).toThrow(/mesh:RxC, torus:RxC, hypercube:D/);
  });

  it('the binding bound carries its argument for the picture: the cut’s routers', () => {
    const r = run(
      'noc-scatter',
      { ...defaultsOf(nocScatterCard.params), method: 'constructive' },
      CLI_LIMITS,
    );
    const bound = (r.extras as { noc: { bound: { value: number; routers: number[] } } }).noc.bound;
    expect(bound.value).toBe(10);
    expect(bound.routers).toEqual([1, 2, 3]);
  });
});

describe('networks of one’s own', () => {
  it('JSON becomes the parameters that carry it; a bad file says what is wrong', () => {
    const network = (text: string) =>
      readFile('network', fileInput('t.json', text), { name: 't.json', hash: '' }, CLI_LIMITS);
    expect(network('{"routers": 4, "links": [[0, 1], [1, 2], [2, 3]], "processorsPerRouter": 2}')).toEqual({
      kind: 'network',
      params: { network: 'custom', routers: '4', links: '0,1,1,2,2,3', 'per-router': '2' },
    });
    expect(() => network('{"routers": 4}')).toThrow(/"links"/);
    expect(() => network('not json')).toThrow(/^t\.json is not JSON/);
    expect(() => network('hello')).toThrow(/^t\.json is not a network topology file/);
  });

  it('links are checked: pairs, routers in range, no loops or repeats, every router reachable', () => {
    expect(customLinksProblem(4, [0, 1, 1, 2, 2, 3])).toBeNull();
    expect(customLinksProblem(4, [0, 1, 1])).toMatch(/pairs/);
    expect(customLinksProblem(4, [0, 4])).toMatch(/outside 0 to 3/);
    expect(customLinksProblem(4, [1, 1])).toMatch(/itself/);
    expect(customLinksProblem(4, [0, 1, 1, 0])).toMatch(/twice/);
    expect(customLinksProblem(4, [0, 1, 1, 2])).toMatch(/router 3 cannot be reached/);
  });

  it('a 4-router ring with a chord schedules and verifies; its all-to-all meets its bound', () => {
    const p: ParamValues = {
      ...defaultsOf(nocScatterCard.params),
      ...{ network: 'custom', routers: 4, links: '0,1,1,2,2,3,3,0,0,2', 'per-router': 1, pattern: 'aas' },
    };
    const r = run('noc-scatter', p, CLI_LIMITS);
    expect(r.report.ok).toBe(true);
    expect(r.summary.steps).toBe(3); // each processor absorbs 3 messages, one a step
  });
});
