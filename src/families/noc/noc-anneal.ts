import type { Job, JobContext } from '../../kernel/jobs';
import type { SearchProgress } from '../../kernel/spec';
import { rng, type Rng } from '../../kernel/util/rng';
import { channelBase, processorsOf } from './noc-network';
import { planOfChoices, routedMessages, type NocRoutes, type RoutedMessage } from './noc-paths';
import type { NocPlan } from './noc-constructive';

/**
 * The search methods for scatters (NoC paper, Sec. 5): every message has a gene (step, path); the
 * fitness is the number of conflicts — a router channel used by two messages in a step, a processor
 * injecting or absorbing more than k — and a schedule is valid when it has none. Simulated annealing
 * moves one gene at a time (a message, mostly a conflicting one, to the best of a few drawn steps and
 * routes); the hybrid runs several chains and, every generation (each chain moving about once per
 * message), a master breeds the next generation from them by crossover and mutation, chosen by
 * roulette (the paper's HGSA). The step target starts one below the best schedule known and is
 * lowered each time a chain reaches zero conflicts, down to the lower bound. Everything random draws
 * from the seed, so a seed and a move budget give the same search.
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

/**
 * Temperature at each new target: low, since the start is a valid schedule with a few messages
 * squeezed in (hotter, the chains would first undo the schedule they start from).
 */
const START_TEMPERATURE = 0.5;

/** Places a move tries for the message it lifts, besides its old one. */
const PROPOSALS = 6;
/** Rounds without a new fewest-conflicts before the chains are heated again. */
const REHEAT_ROUNDS = 40;

/** Reheats in vain before the chains start the target again from a fresh squeeze. */
const RESTART_REHEATS = 3;

/** Share of moves that look for a conflicting message first, and how many draws they try. */
const CONFLICT_PICKS = 0.9;
const PICK_TRIES = 40;

/** Moves in one round (all chains together): the search yields, reports and cools once a round. */
const EXCHANGE_MOVES = 2000;

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

  /** Conflicts message i would add at its current genes (it must not be counted in the usage). */
  costOf(i: number): number {
    const s = this.s;
    const m = s.msgs[i];
    const st = this.step[i];
    const row = st * s.channels;
    let cost = 0;
    for (const l of m.paths[this.path[i]]) if (this.use[row + l - s.base] >= 1) cost++;
    if (this.tx[st * s.processors + m.from] >= s.ports) cost++;
    if (this.rx[st * s.processors + m.to] >= s.ports) cost++;
    return cost;
  }

  /** Is message i in a conflict: a channel of its path, its sender's or receiver's port over the limit? */
  inConflict(i: number): boolean {
    const s = this.s;
    const m = s.msgs[i];
    const st = this.step[i];
    const row = st * s.channels;
    for (const l of m.paths[this.path[i]]) if (this.use[row + l - s.base] > 1) return true;
    return this.tx[st * s.processors + m.from] > s.ports || this.rx[st * s.processors + m.to] > s.ports;
  }

  clone(): Solution {
    return new Solution(this.s, this.step.slice(), this.path.slice());
  }
}

class Search {
  readonly msgs: RoutedMessage[];
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
    this.msgs = routedMessages(routes, plan);
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

  /**
   * One move on chain x at temperature t: a message (mostly one in a conflict) is lifted out and put
   * back at the best of a few drawn (step, path) pairs, its old place among them (min-conflicts); the
   * move is kept by the Metropolis rule on the change in conflicts.
   */
  move(x: Solution, t: number, r: Rng): void {
    const n = this.msgs.length;
    // Mostly a message in a conflict (found among a few drawn at random): on a big instance a random
    // message is almost never one of the few that conflict.
    let i = r.int(n);
    if (x.conflicts > 0 && r.next() < CONFLICT_PICKS)
      for (let k = 0; k < PICK_TRIES && !x.inConflict(i); k++) i = r.int(n);
    const m = this.msgs[i];
    const [oldStep, oldPath] = [x.step[i], x.path[i]];
    const before = x.conflicts;
    x.add(i, -1);
    let [bestStep, bestPath, bestCost] = [oldStep, oldPath, x.costOf(i)];
    for (let k = 0; k < PROPOSALS; k++) {
      x.step[i] = r.next() < 0.7 ? r.int(this.target) : oldStep;
      x.path[i] = m.paths.length > 1 && r.next() < 0.6 ? r.int(m.paths.length) : oldPath;
      const cost = x.costOf(i);
      if (cost < bestCost || (cost === bestCost && r.next() < 0.5))
        [bestStep, bestPath, bestCost] = [x.step[i], x.path[i], cost];
    }
    [x.step[i], x.path[i]] = [bestStep, bestPath];
    x.add(i, 1);
    const delta = x.conflicts - before;
    if (delta <= 0 || r.next() < Math.exp(-delta / t)) return;
    x.add(i, -1);
    [x.step[i], x.path[i]] = [oldStep, oldPath];
    x.add(i, 1);
  }

  planOf(x: Solution, routes: NocRoutes): NocPlan {
    return planOfChoices(routes, this.msgs, this.target, (i) => [x.step[i], x.path[i]]);
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
    let t = START_TEMPERATURE;
    let fewest = Infinity;
    let stale = 0;
    let rounds = 0;
    let reheats = 0;
    const generationRounds = Math.max(1, Math.round((s.msgs.length * o.chains) / EXCHANGE_MOVES));
    while (moves < o.maxMoves && !ctx.stopping) {
      for (const x of chains) for (let k = 0; k < EXCHANGE_MOVES / o.chains; k++) s.move(x, t, r);
      moves += EXCHANGE_MOVES;
      rounds++;
      t = Math.max(0.05, t * 0.97);
      // Stuck a while at the same few conflicts: heat again (the chains wander out of the dip).
      const now = Math.min(...chains.map((x) => x.conflicts));
      if (now < fewest) [fewest, stale] = [now, 0];
      else if (++stale >= REHEAT_ROUNDS) {
        [t, stale, fewest] = [START_TEMPERATURE, 0, now];
        // Heated often in vain: start the target again from the best schedule, squeezed anew.
        if (++reheats % RESTART_REHEATS === 0)
          chains = Array.from({ length: o.chains }, () => s.squeeze(genes, target, r));
      }
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
      // A generation when every chain has moved about once per message (the paper's "100 or so
      // Metropolis iterations" on its small cases; bred more often, big instances lose their progress).
      if (o.chains > 1 && rounds % generationRounds === 0) chains = nextGeneration(s, chains, r);
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
