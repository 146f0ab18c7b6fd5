import { indexArray } from '../../kernel/model/columns';
import { destinationTable, type ListedBlocks } from '../../kernel/model/schedule';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import { intList, num, type ParamValues } from '../../kernel/params/schema';
import type { JobContext } from '../../kernel/jobs';
import type { AlgorithmSpec, Built, FormulaRow, Measured, SearchProgress } from '../../kernel/spec';
import { annealSearch } from './noc-anneal';
import { exactSearch } from './noc-exact';
import { lpSolver } from '../../kernel/lp';
import { bindingBound, lowerBounds, type Bound } from './noc-bounds';
import { blocksOf, constructivePlan, type NocPlan } from './noc-constructive';
import {
  customNetwork,
  hypercubeNetwork,
  meshNetwork,
  nocTopology,
  octagonNetwork,
  processorsOf,
  torusNetwork,
  type NocNetwork,
  type Placement,
} from './noc-network';
import { communicationFromParams } from './noc-params';
import { NocRoutes } from './noc-paths';
import type { Communication } from './noc-patterns';
import { nocStepSeconds } from './noc-time';
import { nocBroadcastCard, nocScatterCard } from './noc.card';
import type { NocExtras } from './noc-picture';

/** The network a configuration names. */
export function networkOf(p: ParamValues): NocNetwork {
  const per = num(p, 'per-router');
  const k = num(p, 'ports');
  const at = String(p['placement']) as Placement;
  switch (String(p['network'])) {
    case 'mesh':
      return meshNetwork(num(p, 'rows'), num(p, 'cols'), per, k, at);
    case 'torus':
      return torusNetwork(num(p, 'rows'), num(p, 'cols'), per, k, at);
    case 'hypercube':
      return hypercubeNetwork(num(p, 'dimension'), per, k, at);
    case 'custom':
      return customNetwork(num(p, 'routers'), intList(p, 'links'), per, k, at);
    default:
      return octagonNetwork(num(p, 'routers'), per, k, at);
  }
}

/** A plan as a schedule in columns: one phase, each message its path, its block, its receiver. */
export function scheduleOfPlan(
  algorithm: string,
  net: NocNetwork,
  c: Communication,
  plan: NocPlan,
): ReturnType<ScheduleBuilder['finish']> {
  const P = processorsOf(net);
  const { origin, destinations } = blocksOf(c);
  const offsets = new Uint32Array(origin.length + 1);
  destinations.forEach((d, b) => (offsets[b + 1] = offsets[b] + d.length));
  const nodes = indexArray(offsets[origin.length], P);
  destinations.forEach((d, b) => nodes.set(d, offsets[b]));
  const blocks: ListedBlocks = {
    count: origin.length,
    origin: Uint32Array.from(origin),
    destinations: destinationTable(offsets, nodes),
    bytes: 1,
  };
  const messages = plan.steps.reduce((n, s) => n + s.length, 0);
  const b = new ScheduleBuilder({
    algorithm,
    collective: c.broadcast ? 'broadcast' : 'scatter',
    nodeCount: P,
    blocks,
    pathKind: 'link-list',
    receiverKind: 'path-end',
    singleBlock: true,
    capacity: { transfers: messages, pathLinks: messages * 8 },
    ports: { tx: net.ports, rx: net.ports },
  });
  for (const step of plan.steps) {
    b.beginStep(c.broadcast ? 'broadcast' : 'scatter');
    for (const m of step) b.addTransfer(m.from, m.links, [], 0, m.block);
  }
  return b.finish();
}

/** Routes of the network: shortest paths, or with `detour` hops to spare, up to 16 per pair. */
const routesOf = (net: NocNetwork, p: ParamValues) => new NocRoutes(net, 16, num(p, 'detour'));

/** The last configuration's bounds (the cut bound tries every split of up to 16 routers). */
let lastBounds: { key: string; bounds: Bound[] } | null = null;

/** The lower bounds of a configuration, computed once for its build, search and formula rows. */
function boundsOf(p: ParamValues): Bound[] {
  const key = JSON.stringify(p);
  if (lastBounds?.key !== key)
    lastBounds = { key, bounds: lowerBounds(networkOf(p), communicationFromParams(p)) };
  return lastBounds.bounds;
}

/** A plan as what a build returns: the network, the schedule and what the view needs. */
function builtOf(algorithm: string, p: ParamValues, net: NocNetwork, c: Communication, plan: NocPlan): Built {
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
      const b = bindingBound(boundsOf(p));
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
function build(algorithm: string, p: ParamValues): Built {
  const net = networkOf(p);
  const c = communicationFromParams(p);
  return builtOf(algorithm, p, net, c, constructivePlan(routesOf(net, p), c, num(p, 'seed')));
}

/** Annealing (one chain) or the hybrid (four) from the constructive schedule, for a scatter. */
function* search(
  algorithm: string,
  p: ParamValues,
  ctx: JobContext<never>,
  report: { found?(b: Built): void; progress?(s: SearchProgress): void },
): Generator<void, unknown, void> {
  const method = String(p['method']);
  const c = communicationFromParams(p);
  if (method === 'constructive' || c.broadcast) return;
  const net = networkOf(p);
  const routes = routesOf(net, p);
  const start = constructivePlan(routes, c, num(p, 'seed'));
  const deadline = Date.now() + num(p, 'time-limit') * 1e3;
  const timed: JobContext<never> = {
    progress: (d, t) => ctx.progress(d, t),
    partial: () => undefined,
    get stopping() {
      return ctx.stopping || Date.now() > deadline;
    },
  };
  if (method === 'exact') {
    const solve = lpSolver();
    const lowerBound = bindingBound(boundsOf(p)).value;
    if (!solve) {
      // Where no solver could be loaded the constructive schedule stays, and says why.
      report.found?.({
        ...builtOf(algorithm, p, net, c, start),
        variant: 'exact: the solver (HiGHS) is not loaded here; the constructive schedule is shown',
      });
      return;
    }
    let last = start;
    yield* exactSearch(routes, start, lowerBound, solve, num(p, 'time-limit'), timed, {
      found: (plan) => {
        last = plan;
        report.found?.(builtOf(algorithm, p, net, c, plan));
      },
      progress: report.progress,
      proved: (steps) => {
        const variant =
          steps === null
            ? 'exact: not proved optimal (the solver ran out of time, or the model was too big)'
            : steps <= lowerBound
              ? `exact: ${steps} steps, the lower bound: optimal`
              : `exact: ${steps} steps, optimal over these routes (HiGHS: no schedule of ${steps - 1} steps)`;
        report.found?.({ ...builtOf(algorithm, p, net, c, last), variant });
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
    return;
  }
  yield* annealSearch(
    routes,
    start,
    {
      seed: num(p, 'seed'),
      chains: method === 'hybrid' ? HYBRID_CHAINS : 1,
      lowerBound: bindingBound(boundsOf(p)).value,
      maxMoves: num(p, 'moves'),
    },
    timed,
    { found: (plan) => report.found?.(builtOf(algorithm, p, net, c, plan)), progress: report.progress },
  );
}

/** Chains of the hybrid search. */
const HYBRID_CHAINS = 4;

/** The lower bounds beside the steps of the constructed schedule; the binding one first. */
function formulas(p: ParamValues, m: Measured): FormulaRow[] {
  const bounds = boundsOf(p);
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
  return [
    row(binding, 'steps', `steps: lower bound (${binding.label.split(':')[0]}) and constructed`),
    ...bounds.filter((b) => b !== binding).map((b) => row(b, b.id, b.label)),
  ];
}

export const nocBroadcast: AlgorithmSpec = {
  ...nocBroadcastCard,
  build: (p) => build('noc-broadcast', p),
  stepSeconds: (s, _usage, p) => nocStepSeconds(s, p),
  formulas,
  lowerBounds: boundsOf,
};

export const nocScatter: AlgorithmSpec = {
  ...nocScatterCard,
  build: (p) => build('noc-scatter', p),
  search: (p, ctx, report) => search('noc-scatter', p, ctx, report),
  stepSeconds: (s, _usage, p) => nocStepSeconds(s, p),
  formulas,
  lowerBounds: boundsOf,
};
