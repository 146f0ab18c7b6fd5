import type { Job, JobContext } from '../../kernel/jobs';
import type { SearchProgress } from '../../kernel/spec';
import { rng, type Rng } from '../../kernel/util/rng';
import { channelBase, processorsOf } from './noc-network';
import type { NocRoutes } from './noc-paths';
import type { NocPlan, PlannedMessage } from './noc-constructive';

/**
 * The search methods for scatters (NoC paper, Sec. 5): every message has a gene (step, path); the
 * fitness is the number of conflicts — a router channel used by two messages in a step, a processor
 * injecting or absorbing more than k — and a schedule is valid when it has none. Simulated annealing
 * moves one gene at a time (a new step, a new shortest path, or both); the hybrid runs several chains
 * and, every EXCHANGE_MOVES moves, a master breeds the next generation from them by crossover and
 * mutation, chosen by roulette (the paper's HGSA). The step target starts one below the best schedule
 * known and is lowered each time the chains reach zero conflicts, down to the lower bound.
 * Everything random draws from the seed, so a seed gives the same search.
 */
export interface SearchOptions {
  seed: number;
  /** Chains: 1 is plain annealing; more is the hybrid. */
  chains: number;
  /** The target below which no schedule exists (the binding lower bound). */
  lowerBound: number;
  /** Moves before the search gives up (whatever the clock says: reproducible). */
  maxMoves: number;
}

/** Moves between two generations of the hybrid (and between two yields). */
const EXCHANGE_MOVES = 2000;

interface Msg {
  from: number;
  to: number;
  block: number;
  paths: Uint32Array[];
}

/** One chain's solution: a step and a path index per message, with the usage they make. */
class Solution {
  step: Uint32Array;
  path: Uint16Array;
  /** Messages on each (step, router channel), on each (step, processor) out and in. */
  private use: Uint16Array;
  private tx: Uint16Array;
  private rx: Uint16Array;
  conflicts = 0;

  constructor(
    private readonly s: Search,
    step: Uint32Array,
    path: Uint16Array,
  ) {
    this.step = step;
    this.path = path;
    const T = s.target;
    this.use = new Uint16Array(T * s.channels);
    this.tx = new Uint16Array(T * s.processors);
    this.rx = new Uint16Array(T * s.processors);
    for (let i = 0; i < s.msgs.length; i++) this.add(i, 1);
  }

  /** Adds (sign 1) or removes (−1) message i's usage, keeping the conflict count. */
  add(i: number, sign: 1 | -1): void {
    const s = this.s;
    const m = s.msgs[i];
    const st = this.step[i];
    const row = st * s.channels;
    for (const l of m.paths[this.path[i]]) this.bump(this.use, row + l - s.base, sign, 1);
    this.bump(this.tx, st * s.processors + m.from, sign, s.ports);
    this.bump(this.rx, st * s.processors + m.to, sign, s.ports);
  }

  private bump(a: Uint16Array, cell: number, sign: 1 | -1, cap: number): void {
    if (sign > 0) {
      if (a[cell] >= cap) this.conflicts++;
      a[cell]++;
    } else {
      a[cell]--;
      if (a[cell] >= cap) this.conflicts--;
    }
  }

  clone(): Solution {
    return new Solution(this.s, this.step.slice(), this.path.slice());
  }
}

class Search {
  readonly msgs: Msg[];
  readonly processors: number;
  readonly ports: number;
  readonly base: number;
  readonly channels: number;
  /** Message index of each block. */
  readonly index = new Map<number, number>();
  target: number;

  constructor(routes: NocRoutes, plan: NocPlan) {
    const net = routes.net;
    this.processors = processorsOf(net);
    this.ports = net.ports;
    this.base = channelBase(net);
    this.channels = 2 * net.edges.length;
    this.target = plan.steps.length;
    this.msgs = plan.steps.flat().map((m) => ({
      from: m.from,
      to: m.to,
      block: m.block,
      paths: routes.routerPaths(net.procRouter[m.from], net.procRouter[m.to]),
    }));
    this.msgs.forEach((m, i) => this.index.set(m.block, i));
  }

  /** The plan's own genes: its steps, and the path index each message took. */
  genesOf(plan: NocPlan): { step: Uint32Array; path: Uint16Array } {
    const step = new Uint32Array(this.msgs.length);
    const path = new Uint16Array(this.msgs.length);
    plan.steps.forEach((msgs, s) =>
      msgs.forEach((m) => {
        // A scatter's block names its message (one per sender and receiver).
        const i = this.index.get(m.block)!;
        step[i] = s;
        const inner = m.links.slice(1, -1).join();
        path[i] = Math.max(
          0,
          this.msgs[i].paths.findIndex((p) => p.join() === inner),
        );
      }),
    );
    return { step, path };
  }

  /** Squeezes genes into `target` steps: the messages of the last step go to random earlier ones. */
  squeeze(genes: { step: Uint32Array; path: Uint16Array }, target: number, r: Rng): Solution {
    this.target = target;
    const step = genes.step.map((s) => (s < target ? s : r.int(target)));
    return new Solution(this, step, genes.path.slice());
  }

  /** One Metropolis move on chain x at temperature t: a message (a conflicting one when it can) to a new step or path. */
  move(x: Solution, t: number, r: Rng): void {
    const n = this.msgs.length;
    const i = r.int(n);
    const m = this.msgs[i];
    const [oldStep, oldPath] = [x.step[i], x.path[i]];
    const before = x.conflicts;
    x.add(i, -1);
    const what = r.next();
    if (what < 0.5 || m.paths.length === 1) x.step[i] = r.int(this.target);
    if (what >= 0.3 && m.paths.length > 1) x.path[i] = r.int(m.paths.length);
    x.add(i, 1);
    const delta = x.conflicts - before;
    if (delta <= 0 || r.next() < Math.exp(-delta / t)) return;
    x.add(i, -1);
    [x.step[i], x.path[i]] = [oldStep, oldPath];
    x.add(i, 1);
  }

  planOf(x: Solution, routes: NocRoutes): NocPlan {
    const steps: PlannedMessage[][] = Array.from({ length: this.target }, () => []);
    const inUse = new Map<string, number>();
    this.msgs.forEach((m, i) => {
      // Ports: the next free injection and ejection channel of the processor in that step.
      const st = x.step[i];
      const port = (p: number, dir: string) => {
        const key = `${dir}${st}/${p}`;
        const k = inUse.get(key) ?? 0;
        inUse.set(key, k + 1);
        return k;
      };
      const links = routes.route(m.from, m.to, m.paths[x.path[i]], port(m.from, 't'), port(m.to, 'r'));
      steps[st].push({ from: m.from, to: m.to, links, block: m.block });
    });
    return { steps: steps.filter((s) => s.length > 0) };
  }
}

/** Uniform crossover of two parents' genes, each gene from one parent; mutation redraws a few. */
function breed(s: Search, a: Solution, b: Solution, r: Rng, mutate: number): Solution {
  const n = s.msgs.length;
  const step = new Uint32Array(n);
  const path = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const from = r.next() < 0.5 ? a : b;
    [step[i], path[i]] = [from.step[i], from.path[i]];
    if (r.next() < mutate) {
      step[i] = r.int(s.target);
      path[i] = r.int(s.msgs[i].paths.length);
    }
  }
  return new Solution(s, step, path);
}

/**
 * Searches for a scatter schedule shorter than `start` (a valid plan, the constructive one), yielding
 * every EXCHANGE_MOVES moves; tells `found` each shorter valid plan as soon as it has one. Ends at the
 * lower bound, after `maxMoves`, or when asked to stop; returns the best plan.
 */
export function* annealSearch(
  routes: NocRoutes,
  start: NocPlan,
  o: SearchOptions,
  ctx: JobContext<never>,
  report: { found?(plan: NocPlan): void; progress?(p: SearchProgress): void } = {},
): Job<NocPlan> {
  const s = new Search(routes, start);
  const r = rng(o.seed);
  let best = start;
  let genes = s.genesOf(start);
  let moves = 0;
  while (best.steps.length > o.lowerBound && moves < o.maxMoves && !ctx.stopping) {
    const target = best.steps.length - 1;
    let chains = Array.from({ length: o.chains }, () => s.squeeze(genes, target, r));
    let t = 2;
    while (moves < o.maxMoves && !ctx.stopping) {
      for (const x of chains) for (let k = 0; k < EXCHANGE_MOVES / o.chains; k++) s.move(x, t, r);
      moves += EXCHANGE_MOVES;
      t = Math.max(0.05, t * 0.97);
      ctx.progress(moves, o.maxMoves);
      report.progress?.({
        target,
        best: best.steps.length,
        lowerBound: o.lowerBound,
        conflicts: chains.map((x) => x.conflicts),
        moves,
        maxMoves: o.maxMoves,
      });
      const done = chains.find((x) => x.conflicts === 0);
      if (done) {
        best = s.planOf(done, routes);
        genes = s.genesOf(best);
        report.found?.(best);
        break;
      }
      if (o.chains > 1) chains = nextGeneration(s, chains, r);
      yield;
    }
  }
  return best;
}

/** The hybrid's master: children of roulette-chosen parents (fewer conflicts, likelier), the best kept. */
function nextGeneration(s: Search, chains: Solution[], r: Rng): Solution[] {
  const weight = chains.map((x) => 1 / (1 + x.conflicts));
  const total = weight.reduce((a, b) => a + b, 0);
  const pick = () => {
    let u = r.next() * total;
    for (let i = 0; i < chains.length; i++) if ((u -= weight[i]) <= 0) return chains[i];
    return chains[chains.length - 1];
  };
  const elite = chains.reduce((a, b) => (b.conflicts < a.conflicts ? b : a));
  return chains.map((_, i) => (i === 0 ? elite.clone() : breed(s, pick(), pick(), r, 0.01)));
}
