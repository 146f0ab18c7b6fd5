import type { JobContext } from '../../kernel/jobs';
import type {
  AlgorithmCard,
  AlgorithmSpec,
  Built,
  FormulaRow,
  Measured,
  SearchAttempt,
  SearchProgress,
  SearchReport,
  SplitSearch,
} from '../../kernel/spec';
import { runSearch, SearchMaster } from './noc-anneal';
import { chainJob, ChainProblem, type SearchProblem } from './noc-chain';
import type { NocAttempt } from './noc-clashes';
import { BroadcastProblem } from './noc-broadcast-search';
import { exactSearch } from './noc-exact';
import { lpSolver } from '../../kernel/lp';
import { deadlineOf, type RunWatch } from '../../kernel/run-watch';
import { bindingBound, lowerBounds, type Bound } from './noc-bounds';
import { paperEstimateRow } from './noc-paper-mns';
import { blocksOf, constructivePlan, type NocPlan } from './noc-constructive';
import { combiningPlan } from './noc-combining';
import { nocTopology, type NocNetwork } from './noc-network';
import type { NocConfig } from './noc-config';
import { scheduleOfPlan } from './noc-schedule';
import { nocModel } from './noc-model';
import { NocRoutes, scatterMessages } from './noc-paths';
import type { Communication } from './noc-patterns';
import { nocStepSeconds } from './noc-time';
import { nocBroadcastCard, nocScatterCard } from './noc.card';
import type { NocExtras } from './noc-picture';

export { scheduleOfPlan };

/** Routes of the network: shortest paths, or with `detour` hops to spare, up to 16 per pair. */
const routesOf = (cfg: NocConfig) => new NocRoutes(cfg.network, 16, cfg.detour);

/** The last configuration's bounds (the cut bound tries every split of up to 16 routers). */
let lastBounds: { key: string; bounds: Bound[] } | null = null;

/** The lower bounds of a configuration, computed once for its build, search and formula rows. */
function boundsOf(cfg: NocConfig): Bound[] {
  const key = cfg.key;
  if (lastBounds?.key !== key)
    lastBounds = { key, bounds: lowerBounds(cfg.network, cfg.communication, cfg.combine) };
  return lastBounds.bounds;
}

/** A plan as what a build returns: the network, the schedule and what the view needs. */
function builtOf(algorithm: string, cfg: NocConfig, plan: NocPlan): Built {
  const { network: net, communication: c } = cfg;
  const extras: NocExtras = {
    shape: net.shape,
    cols: net.cols,
    routers: net.routers,
    edges: net.edges.map(([a, b]) => [a, b]),
    procRouter: Array.from(net.procRouter),
    senders: c.senders,
    receivers: c.receivers,
    name: net.name,
    bound: (() => {
      const b = bindingBound(boundsOf(cfg));
      return { label: b.label, value: b.value, why: b.why, ...b.where };
    })(),
  };
  return {
    topology: nocTopology(net),
    schedule: scheduleOfPlan(algorithm, net, c, plan),
    extras: { noc: extras },
  };
}

/** The constructive schedule: every method starts from it. */
function build(algorithm: string, cfg: NocConfig, watch?: RunWatch): Built {
  // Combined messages are scheduled greedily; the searches place one block per message.
  const routes = routesOf(cfg);
  return builtOf(
    algorithm,
    cfg,
    cfg.combine ? combiningPlan(routes, cfg.communication) : startOf(cfg, routes, watch),
  );
}

/** The last configuration's constructive schedule: the build's, and the search's starting point. */
let lastStart: { key: string; plan: NocPlan } | null = null;

function startOf(cfg: NocConfig, routes: NocRoutes, watch?: RunWatch): NocPlan {
  const key = cfg.key;
  if (lastStart?.key !== key)
    lastStart = { key, plan: constructivePlan(routes, cfg.communication, cfg.seed, watch) };
  return lastStart.plan;
}

/**
 * A scatter's messages, or a broadcast's (block, receiver) pairs: the genes of the search. Built once
 * by the search's master and once by each worker leased to run its chains.
 */
function problemOf(cfg: NocConfig): SearchProblem {
  const routes = routesOf(cfg);
  const c = cfg.communication;
  return c.broadcast ? new BroadcastProblem(routes, c) : new ChainProblem(routes, scatterMessages(routes, c));
}

/** The searches that run in chains (annealing, the hybrid), for a scatter or a broadcast; else null. */
function chainSearchOf(algorithm: string, cfg: NocConfig, report: SearchReport) {
  const method = cfg.method;
  const c = cfg.communication;
  if ((method !== 'anneal' && method !== 'hybrid') || cfg.combine) return null;
  const problem = problemOf(cfg);
  const net = problem.routes.net;
  const master = new SearchMaster(problem, startOf(cfg, problem.routes), {
    seed: cfg.seed,
    chains: method === 'hybrid' ? HYBRID_CHAINS : 1,
    lowerBound: bindingBound(boundsOf(cfg)).value,
    maxMoves: cfg.moves,
  });
  const t0 = Date.now();
  const deadline = t0 + cfg.timeLimit * 1e3;
  let attemptShown = 0;
  return {
    master,
    /** Past the time limit: the search ends between rounds (the best stays). */
    over: () => Date.now() > deadline,
    found: (plan: NocPlan) => report.found?.(builtOf(algorithm, cfg, plan)),
    progress: (progress: SearchProgress) =>
      report.progress?.({
        ...progress,
        movesPerSecond: (progress.moves * 1e3) / Math.max(1, Date.now() - t0),
      }),
    /** The attempt, at most every ATTEMPT_EVERY_MS (making its schedule costs). */
    attempt: (make: () => NocAttempt | null) => {
      if (!report.attempt || Date.now() - attemptShown < ATTEMPT_EVERY_MS) return;
      const a = make();
      if (!a) return;
      attemptShown = Date.now();
      report.attempt(attemptOf(algorithm, net, c, a));
    },
  };
}

/** How often the search's attempt is drawn anew (ms): often enough to watch, rarely enough to read. */
const ATTEMPT_EVERY_MS = 400;

/** Clashes listed with an attempt, at most (its conflicts are all counted). */
const MAX_CLASHES = 2000;

/** An attempt as the views read it: its schedule, and each shared channel with its transfers. */
function attemptOf(algorithm: string, net: NocNetwork, c: Communication, a: NocAttempt): SearchAttempt {
  const origin = c.broadcast ? blocksOf(c).origin : null;
  const first: number[] = [];
  let n = 0;
  for (const step of a.plan.steps) {
    first.push(n);
    n += step.length;
  }
  return {
    target: a.target,
    conflicts: a.conflicts,
    schedule: scheduleOfPlan(algorithm, net, c, a.plan),
    clashes: a.clashes.slice(0, MAX_CLASHES).map((k) => ({
      step: k.step + 1,
      link: k.link,
      transfers: k.messages.map((i) => first[k.step] + i),
    })),
    ...(origin
      ? {
          faults: a.faults.slice(0, MAX_CLASHES).map((f) => {
            const m = a.plan.steps[f.step][f.message];
            return {
              step: f.step + 1,
              transfer: first[f.step] + f.message,
              sender: m.from,
              receiver: m.to,
              block: m.block,
              origin: origin[m.block],
              holds: f.holds === null ? null : f.holds + 1,
            };
          }),
        }
      : {}),
  };
}

/** Annealing (one chain) or the hybrid (four) from the constructive schedule, or the exact method. */
function* search(
  algorithm: string,
  cfg: NocConfig,
  ctx: JobContext<never>,
  report: SearchReport,
): Generator<void, unknown, void> {
  const method = cfg.method;
  const c = cfg.communication;
  // The exact method is for scatters (a broadcast's relays are not in its model); past the run's
  // deadline (the build took it all) the constructive schedule stays.
  if (method === 'constructive' || cfg.combine || (c.broadcast && method === 'exact') || ctx.stopping) return;
  if (method !== 'exact') {
    const s = chainSearchOf(algorithm, cfg, report);
    if (s) yield* runSearch(s.master, ctx, s, s.over);
    return;
  }
  const routes = routesOf(cfg);
  const start = startOf(cfg, routes);
  // The search's own limit, or the run's when that comes first (the command line's whole run).
  const deadline = Math.min(Date.now() + cfg.timeLimit * 1e3, deadlineOf(ctx));
  const timed: JobContext<never> = {
    progress: (d, t) => ctx.progress(d, t),
    partial: () => undefined,
    get stopping() {
      return ctx.stopping || Date.now() > deadline;
    },
  };
  const solve = lpSolver();
  const lowerBound = bindingBound(boundsOf(cfg)).value;
  if (!solve) {
    // Where no solver could be loaded the constructive schedule stays, and says why.
    report.found?.({
      ...builtOf(algorithm, cfg, start),
      variant: 'exact: the solver (HiGHS) is not loaded here; the constructive schedule is shown',
    });
    return;
  }
  let last = start;
  yield* exactSearch(routes, start, lowerBound, solve, deadline, timed, {
    found: (plan) => {
      last = plan;
      report.found?.(builtOf(algorithm, cfg, plan));
    },
    progress: report.progress,
    proved: (steps, fewest) => {
      const longer =
        fewest === null
          ? ''
          : `; ${fewest} longer route${fewest === 1 ? '' : 's'}, the fewest any such schedule has`;
      const variant =
        (steps === null
          ? 'exact: not proved optimal (the solver ran out of time, or the model was too big)'
          : steps <= lowerBound
            ? `exact: ${steps} steps, the lower bound: optimal`
            : `exact: ${steps} steps, optimal over these routes (HiGHS: no schedule of ${steps - 1} steps)`) +
        longer;
      report.found?.({ ...builtOf(algorithm, cfg, last), variant });
      report.progress?.({
        target: steps ?? last.steps.length,
        best: last.steps.length,
        lowerBound,
        conflicts: [],
        moves: 0,
        maxMoves: 0,
        proved: steps,
        note: variant,
      });
    },
  });
}

/**
 * The annealing and hybrid searches in rounds for a pool of workers: the master here, each chain's
 * round wherever `chainWorker` runs it (see AlgorithmEngine.splitSearch).
 */
function splitSearch(algorithm: string, cfg: NocConfig, report: SearchReport): SplitSearch | null {
  const s = chainSearchOf(algorithm, cfg, report);
  if (!s) return null;
  // Where it starts (the target, the bound), before the first round is back.
  s.progress(s.master.progress());
  return {
    next: () => (s.over() ? null : s.master.next()),
    absorb(outcomes) {
      const found = s.master.absorb(outcomes);
      if (found) s.found(found);
      s.progress(s.master.progress());
      if (!found) s.attempt(() => s.master.attempt());
    },
  };
}

/** Chains of the hybrid search. */
const HYBRID_CHAINS = 4;

/** The lower bounds beside the steps of the constructed schedule; the binding one first. */
function formulas(cfg: NocConfig, m: Measured): FormulaRow[] {
  const bounds = boundsOf(cfg);
  const binding = bindingBound(bounds);
  const row = (b: (typeof bounds)[number], id: string, label: string): FormulaRow => ({
    id,
    label,
    tex: b.tex,
    source: b.source,
    formula: b.value,
    constructed: m.steps,
    unit: 'steps',
    note:
      m.steps > b.value
        ? `A lower bound: no schedule has fewer steps; ours has ${m.steps}. ${b.why}.`
        : `Met: the schedule is optimal. ${b.why}.`,
  });
  const estimate = paperEstimateRow(cfg.network, cfg.communication, m.steps, binding.value);
  return [
    row(binding, 'steps', `steps: lower bound (${binding.label.split(':')[0]}) and constructed`),
    ...bounds.filter((b) => b !== binding).map((b) => row(b, b.id, b.label)),
    ...(estimate ? [estimate] : []),
  ];
}

/** Broadcast and scatter share every piece: the card, and the collective it names, are all that differ. */
function nocAlgorithm(
  card: AlgorithmCard<NocConfig>,
  kind: 'noc-broadcast' | 'noc-scatter',
): AlgorithmSpec<NocConfig> {
  return {
    ...card,
    build: (cfg, watch) => build(kind, cfg, watch),
    search: (cfg, ctx, report) => search(kind, cfg, ctx, report),
    splitSearch: (cfg, report) => splitSearch(kind, cfg, report),
    chainWorker(cfg) {
      const problem = problemOf(cfg);
      return (task) => chainJob(problem, task);
    },
    stepSeconds: (s, _usage, cfg) => nocStepSeconds(s, cfg.time),
    formulas,
    lowerBounds: boundsOf,
    model: (cfg) => nocModel(kind, cfg),
  };
}

export const nocBroadcast = nocAlgorithm(nocBroadcastCard, 'noc-broadcast');
export const nocScatter = nocAlgorithm(nocScatterCard, 'noc-scatter');
