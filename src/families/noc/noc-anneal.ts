import type { Job, JobContext } from '../../kernel/jobs';
import type { ChainOutcome, ChainTask, SearchProgress } from '../../kernel/spec';
import { rng, type Rng } from '../../kernel/util/rng';
import { channelBase, processorsOf } from './noc-network';
import { planOfChoices, routedMessages, type NocRoutes, type RoutedMessage } from './noc-paths';
import type { NocPlan } from './noc-constructive';
import { StepUsage } from './noc-usage';

/**
 * The search methods for scatters (NoC paper, Sec. 5): every message has a gene (step, path); the
 * fitness is the number of conflicts — a router channel used by two messages in a step, a processor
 * injecting or absorbing more than k — and a schedule is valid when it has none. Simulated annealing
 * moves one gene at a time (a message, mostly a conflicting one, to the best of a few drawn steps and
 * routes); the hybrid runs several chains and, every generation (each chain moving about once per
 * message), a master breeds the next generation from them by crossover and mutation, chosen by
 * roulette (the paper's HGSA). The step target starts one below the best schedule known and is
 * lowered each time a chain reaches zero conflicts, down to the lower bound.
 *
 * The search goes in rounds. In a round every chain makes a fixed number of moves from the genes the
 * master gives it, drawing from a seed of its own (the search's seed, the round, the chain), and
 * stops early only at zero conflicts: a chain's round depends on nothing but its task
 * (`chainJob`), so the chains of a round can run on any workers, in any order. Between rounds the
 * master (`SearchMaster`) takes the outcomes in chain order: a chain at zero conflicts (the one that
 * got there in the fewest moves) is the new best, otherwise it reheats or breeds. Everything random
 * draws from the seed, so a seed, a number of chains and a move budget give the same search wherever
 * it runs.
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
/** Cooling periods without a new fewest-conflicts before the chains are heated again. */
const REHEAT_ROUNDS = 40;

/** Reheats in vain before the chains start the target again from a fresh squeeze. */
const RESTART_REHEATS = 3;

/** Share of moves that look for a conflicting message first, and how many draws they try. */
const CONFLICT_PICKS = 0.9;
const PICK_TRIES = 40;

/** Moves of all chains together between two coolings (each chain cools after its share). */
const EXCHANGE_MOVES = 2000;

/** Most cooling periods in one round: big instances report back at least this often. */
const MAX_ROUND_PERIODS = 16;

/**
 * A chain's genes: a step and a path index per message; a broadcast's genes (one per block and
 * receiver) also name the processor that sends it (`parent`: the block's origin, or a receiver that
 * holds it earlier — a relay).
 */
export interface Genes {
  step: Uint32Array;
  path: Uint16Array;
  parent?: Uint16Array;
}

/** A copy of genes (the parents' arrays stay theirs). */
const copyGenes = (g: Genes): Genes => ({
  step: g.step.slice(),
  path: g.path.slice(),
  ...(g.parent ? { parent: g.parent.slice() } : {}),
});

/** A chain's state at a target: its genes, their conflicts, and the move that changes them. */
export interface ChainSolution {
  readonly conflicts: number;
  readonly step: Uint32Array;
  readonly path: Uint16Array;
  readonly parent?: Uint16Array;
  /** One annealing move at temperature t. */
  move(t: number, r: Rng): void;
}

/**
 * What a search works on — the scatter's messages (`ChainProblem`) or the broadcast's (block,
 * receiver) pairs (`BroadcastProblem`): one framework (rounds, master, chains), two kinds of problem.
 */
export interface SearchProblem {
  readonly routes: NocRoutes;
  /** Genes: one per message of a scatter, one per (block, receiver) of a broadcast. */
  readonly size: number;
  /** A valid plan's genes. */
  genesOf(plan: NocPlan): Genes;
  /** The plan genes describe, in `target` steps (empty steps dropped). */
  planOf(genes: Genes, target: number): NocPlan;
  /** A chain's state from genes (it takes their arrays as its own). */
  solution(genes: Genes, target: number): ChainSolution;
  /** The hybrid's crossover of two parents, with a share `mutate` of genes drawn anew. */
  breed(a: Genes, b: Genes, target: number, r: Rng, mutate: number): Genes;
  /** A broadcast's causality faults in a plan (a sender that does not hold its block yet). */
  faults?(plan: NocPlan): PlanFault[];
}

/** A message (index `message` in `plan.steps[step]`) whose sender gets its block only in step `holds` (or never). */
export interface PlanFault {
  step: number;
  message: number;
  holds: number | null;
}

/** The messages of a scatter search and the network's sizes: all a chain needs besides its genes. */
export class ChainProblem implements SearchProblem {
  readonly processors: number;
  readonly ports: number;
  readonly base: number;
  readonly channels: number;

  constructor(
    readonly routes: NocRoutes,
    /** In block order: the same list wherever the problem is built from the same configuration. */
    readonly msgs: readonly RoutedMessage[],
  ) {
    const net = routes.net;
    this.processors = processorsOf(net);
    this.ports = net.ports;
    this.base = channelBase(net);
    this.channels = 2 * net.edges.length;
  }

  get size(): number {
    return this.msgs.length;
  }

  solution(genes: Genes, target: number): ChainSolution {
    return new Solution(this, target, genes.step, genes.path);
  }

  /** Uniform crossover of two parents' genes, each gene from one parent; mutation redraws a few. */
  breed(a: Genes, b: Genes, target: number, r: Rng, mutate: number): Genes {
    const n = this.msgs.length;
    const step = new Uint32Array(n);
    const path = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      const from = r.next() < 0.5 ? a : b;
      [step[i], path[i]] = [from.step[i], from.path[i]];
      if (r.next() < mutate) {
        step[i] = r.int(target);
        path[i] = r.int(this.msgs[i].paths.length);
      }
    }
    return { step, path };
  }

  /** A plan's genes: its steps, and the path index each message took. */
  genesOf(plan: NocPlan): Genes {
    const index = new Map<number, number>();
    this.msgs.forEach((m, i) => index.set(m.block, i));
    const step = new Uint32Array(this.msgs.length);
    const path = new Uint16Array(this.msgs.length);
    plan.steps.forEach((msgs, s) =>
      msgs.forEach((m) => {
        // A scatter's block names its message (one per sender and receiver).
        const i = index.get(m.block)!;
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

  /** The plan genes describe, in `target` steps (empty steps dropped). */
  planOf(genes: Genes, target: number): NocPlan {
    return planOfChoices(this.routes, this.msgs, target, (i) => [genes.step[i], genes.path[i]]);
  }
}

/** The messages of a plan in block order (how `ChainProblem` lists them). */
export function messagesByBlock(routes: NocRoutes, plan: NocPlan): RoutedMessage[] {
  return routedMessages(routes, plan).sort((a, b) => a.block - b.block);
}

/** One chain's solution: its genes, with the usage they make. */
class Solution implements ChainSolution {
  private readonly usage: StepUsage;

  constructor(
    private readonly s: ChainProblem,
    readonly target: number,
    readonly step: Uint32Array,
    readonly path: Uint16Array,
  ) {
    this.usage = new StepUsage(target, s);
    for (let i = 0; i < s.msgs.length; i++) this.add(i, 1);
  }

  get conflicts(): number {
    return this.usage.conflicts;
  }

  /** Adds (sign 1) or removes (−1) message i's usage, keeping the conflict count. */
  add(i: number, sign: 1 | -1): void {
    const m = this.s.msgs[i];
    this.usage.add(this.step[i], m.paths[this.path[i]], m.from, m.to, sign);
  }

  /** Conflicts message i would add at its current genes (it must not be counted in the usage). */
  costOf(i: number): number {
    const m = this.s.msgs[i];
    return this.usage.costOf(this.step[i], m.paths[this.path[i]], m.from, m.to);
  }

  /** Is message i in a conflict: a channel of its path, its sender's or receiver's port over the limit? */
  inConflict(i: number): boolean {
    const m = this.s.msgs[i];
    return this.usage.clashes(this.step[i], m.paths[this.path[i]], m.from, m.to);
  }

  move(t: number, r: Rng): void {
    move(this.s, this, t, r);
  }
}

/** Conflicts of genes in `target` steps, as the search counts them (the fitness). */
export function conflictsOf(s: SearchProblem, genes: Genes, target: number): number {
  return s.solution(copyGenes(genes), target).conflicts;
}

/**
 * One move on chain x at temperature t: a message (mostly one in a conflict) is lifted out and put
 * back at the best of a few drawn (step, path) pairs, its old place among them (min-conflicts); the
 * move is kept by the Metropolis rule on the change in conflicts.
 */
function move(s: ChainProblem, x: Solution, t: number, r: Rng): void {
  const n = s.msgs.length;
  // Mostly a message in a conflict (found among a few drawn at random): on a big instance a random
  // message is almost never one of the few that conflict.
  let i = r.int(n);
  if (x.conflicts > 0 && r.next() < CONFLICT_PICKS)
    for (let k = 0; k < PICK_TRIES && !x.inConflict(i); k++) i = r.int(n);
  const m = s.msgs[i];
  const [oldStep, oldPath] = [x.step[i], x.path[i]];
  const before = x.conflicts;
  x.add(i, -1);
  let [bestStep, bestPath, bestCost] = [oldStep, oldPath, x.costOf(i)];
  for (let k = 0; k < PROPOSALS; k++) {
    x.step[i] = r.next() < 0.7 ? r.int(x.target) : oldStep;
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

/**
 * One chain's round (a task of the master): `task.moves` moves from its genes at its temperature,
 * cooling every `coolEvery`, yielding after each cooling period; it stops early at zero conflicts.
 * Takes the task's arrays as its own and returns them changed. Depends on nothing but the task.
 */
export function* chainJob(s: SearchProblem, task: ChainTask): Job<ChainOutcome> {
  const r = rng(task.seed);
  const x = s.solution(task, task.target);
  let t = task.temperature;
  let made = 0;
  let fewest = x.conflicts;
  while (made < task.moves && x.conflicts > 0) {
    const end = Math.min(task.moves, made + task.coolEvery);
    while (made < end && x.conflicts > 0) {
      x.move(t, r);
      made++;
    }
    fewest = Math.min(fewest, x.conflicts);
    if (made === end && made % task.coolEvery === 0) t = Math.max(0.05, t * 0.97);
    if (x.conflicts > 0 && made < task.moves) yield;
  }
  return {
    chain: task.chain,
    step: x.step,
    path: x.path,
    ...(x.parent ? { parent: x.parent } : {}),
    conflicts: x.conflicts,
    fewest,
    moves: made,
    temperature: t,
  };
}

/** A 32-bit mix of two numbers (murmur3's finaliser over their combination). */
function mix(a: number, b: number): number {
  let h = Math.imul((a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b)) >>> 0, 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x1b873593);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of a chain's round: from the search's seed, the round and the chain, nothing else. */
export const chainSeed = (seed: number, round: number, chain: number) => mix(mix(seed, round), chain);

/** Squeezes genes into `target` steps: the messages of later steps go to random earlier ones. */
function squeeze(genes: Genes, target: number, r: Rng): Genes {
  return { ...copyGenes(genes), step: genes.step.map((s) => (s < target ? s : r.int(target))) };
}

/** An outcome's genes (its own arrays). */
const genesOfOutcome = (o: ChainOutcome): Genes => ({
  step: o.step,
  path: o.path,
  ...(o.parent ? { parent: o.parent } : {}),
});

/**
 * The hybrid's master and the annealing's bookkeeping: hands out each round's tasks (`next`) and
 * takes back their outcomes (`absorb`) — a new best when a chain reached zero conflicts, else the
 * reheats, restarts and, for the hybrid, a new generation bred by roulette and crossover. Runs in one
 * place (the command line, or the worker that shows the search); the chains run anywhere.
 */
export class SearchMaster {
  best: NocPlan;
  private bestGenes: Genes;
  target = 0;
  /** Each chain's genes for the next round (handed over, and so emptied, by `next`). */
  private chains: Genes[] = [];
  /** Each chain's conflicts at the end of the last round (empty before the first). */
  conflicts: number[] = [];
  /** The chain with the fewest conflicts after the last round: the attempt shown while searching. */
  private attemptGenes: { genes: Genes; conflicts: number; target: number } | null = null;
  round = 0;
  moves = 0;
  private t = START_TEMPERATURE;
  private fewest = Infinity;
  private stale = 0;
  private reheats = 0;
  private sinceGeneration = 0;
  private readonly r: Rng;
  /** Moves of one chain between coolings, cooling periods per generation and per round. */
  readonly coolEvery: number;
  private readonly generationPeriods: number;
  private readonly roundPeriods: number;

  constructor(
    readonly problem: SearchProblem,
    start: NocPlan,
    readonly o: SearchOptions,
  ) {
    this.r = rng(o.seed);
    this.best = start;
    this.bestGenes = problem.genesOf(start);
    this.coolEvery = Math.max(1, Math.round(EXCHANGE_MOVES / o.chains));
    // A generation when every chain has moved about once per message (the paper's "100 or so
    // Metropolis iterations" on its small cases; bred more often, big instances lose their progress).
    this.generationPeriods = Math.max(1, Math.round((problem.size * o.chains) / EXCHANGE_MOVES));
    this.roundPeriods = Math.min(this.generationPeriods, MAX_ROUND_PERIODS);
    if (!this.ended) this.newTarget();
  }

  /** At the lower bound (the best is optimal) or out of moves. */
  get ended(): boolean {
    return this.best.steps.length <= this.o.lowerBound || this.moves >= this.o.maxMoves;
  }

  private newTarget(): void {
    this.target = this.best.steps.length - 1;
    this.restart();
    [this.t, this.fewest, this.stale, this.reheats, this.sinceGeneration] = [
      START_TEMPERATURE,
      Infinity,
      0,
      0,
      0,
    ];
  }

  /** Every chain from the best schedule, squeezed anew into the target. */
  private restart(): void {
    this.chains = Array.from({ length: this.o.chains }, () => squeeze(this.bestGenes, this.target, this.r));
    this.attemptGenes = null;
  }

  /** The next round's tasks (their genes are handed over), or null when the search has ended. */
  next(): ChainTask[] | null {
    if (this.ended) return null;
    const left = Math.ceil((this.o.maxMoves - this.moves) / this.o.chains);
    const moves = Math.min(this.roundPeriods * this.coolEvery, left);
    const tasks = this.chains.map((g, chain) => ({
      round: this.round,
      chain,
      seed: chainSeed(this.o.seed, this.round, chain),
      target: this.target,
      temperature: this.t,
      moves,
      coolEvery: this.coolEvery,
      step: g.step,
      path: g.path,
      ...(g.parent ? { parent: g.parent } : {}),
    }));
    this.chains = [];
    return tasks;
  }

  /**
   * The outcomes of the round `next` gave, in chain order. Returns the new best plan when a chain
   * reached zero conflicts (the one in the fewest moves; the lowest chain of equals), else null.
   */
  absorb(outcomes: readonly ChainOutcome[]): NocPlan | null {
    if (outcomes.length !== this.o.chains || outcomes.some((o, i) => o.chain !== i))
      throw new Error(
        `round ${this.round}: expected the outcomes of chains 0 to ${this.o.chains - 1} in order`,
      );
    this.round++;
    this.moves += outcomes.reduce((n, o) => n + o.moves, 0);
    this.conflicts = outcomes.map((o) => o.conflicts);
    const solved = outcomes
      .filter((o) => o.conflicts === 0)
      .reduce<ChainOutcome | null>((a, b) => (a && a.moves <= b.moves ? a : b), null);
    if (solved) {
      this.best = this.problem.planOf(solved, this.target);
      this.bestGenes = this.problem.genesOf(this.best);
      if (!this.ended) this.newTarget();
      return this.best;
    }
    this.chains = outcomes.map(genesOfOutcome);
    const elite = outcomes.reduce((a, b) => (b.conflicts < a.conflicts ? b : a));
    this.attemptGenes = {
      genes: copyGenes(genesOfOutcome(elite)),
      conflicts: elite.conflicts,
      target: this.target,
    };
    // Every chain cools alike: the first one's temperature is theirs.
    this.t = outcomes[0].temperature;
    const periods = Math.max(1, Math.round(outcomes[0].moves / this.coolEvery));
    // Stuck a while at the same few conflicts: heat again (the chains wander out of the dip).
    const now = Math.min(...outcomes.map((o) => o.fewest));
    if (now < this.fewest) [this.fewest, this.stale] = [now, 0];
    else if ((this.stale += periods) >= REHEAT_ROUNDS) {
      [this.t, this.stale, this.fewest] = [START_TEMPERATURE, 0, now];
      // Heated often in vain: start the target again from the best schedule, squeezed anew.
      if (++this.reheats % RESTART_REHEATS === 0) {
        this.restart();
        return null;
      }
    }
    if (this.o.chains > 1 && (this.sinceGeneration += periods) >= this.generationPeriods) {
      this.sinceGeneration = 0;
      this.chains = this.nextGeneration(outcomes);
    }
    return null;
  }

  /** The hybrid's master: children of roulette-chosen parents (fewer conflicts, likelier), the best kept. */
  private nextGeneration(outcomes: readonly ChainOutcome[]): Genes[] {
    const r = this.r;
    const weight = outcomes.map((x) => 1 / (1 + x.conflicts));
    const total = weight.reduce((a, b) => a + b, 0);
    const pick = () => {
      let u = r.next() * total;
      for (let i = 0; i < outcomes.length; i++) if ((u -= weight[i]) <= 0) return outcomes[i];
      return outcomes[outcomes.length - 1];
    };
    const elite = outcomes.reduce((a, b) => (b.conflicts < a.conflicts ? b : a));
    return outcomes.map((_, i) =>
      i === 0
        ? copyGenes(genesOfOutcome(elite))
        : this.problem.breed(genesOfOutcome(pick()), genesOfOutcome(pick()), this.target, r, 0.01),
    );
  }

  /** How the search stands, for its report. */
  progress(): SearchProgress {
    return {
      target: this.target,
      best: this.best.steps.length,
      lowerBound: this.o.lowerBound,
      conflicts: this.conflicts,
      moves: this.moves,
      maxMoves: this.o.maxMoves,
    };
  }

  /**
   * The best attempt at the target after the last round (the chain with the fewest conflicts), as a
   * plan that breaks the rules, with its clashes; null before a round or right after a new best.
   */
  attempt(): NocAttempt | null {
    const a = this.attemptGenes;
    if (!a) return null;
    const plan = this.problem.planOf(a.genes, a.target);
    return {
      target: a.target,
      conflicts: a.conflicts,
      plan,
      clashes: planClashes(plan),
      faults: this.problem.faults?.(plan) ?? [],
    };
  }
}

/** A plan that breaks the rules, with every channel its messages share. */
export interface NocAttempt {
  target: number;
  conflicts: number;
  plan: NocPlan;
  clashes: PlanClash[];
  /** A broadcast's causality faults (none in a scatter): with the clashes' messages, the conflicts. */
  faults: PlanFault[];
}

/** A channel (`link`) that two or more messages of one step (indices in `plan.steps[step]`) take. */
export interface PlanClash {
  step: number;
  link: number;
  messages: number[];
}

/**
 * Every directed channel that two or more messages of a step take — router channels, and the
 * injection and ejection channels of a processor over its port limit (its extra messages share its
 * last port) — in step and channel order. Their messages, less one per channel, are the conflicts
 * the search counts.
 */
export function planClashes(plan: NocPlan): PlanClash[] {
  const clashes: PlanClash[] = [];
  plan.steps.forEach((msgs, step) => {
    const users = new Map<number, number[]>();
    msgs.forEach((m, i) => {
      for (const l of m.links) {
        const list = users.get(l);
        if (list) list.push(i);
        else users.set(l, [i]);
      }
    });
    const shared = [...users].filter(([, u]) => u.length > 1).sort((a, b) => a[0] - b[0]);
    for (const [link, messages] of shared) clashes.push({ step, link, messages });
  });
  return clashes;
}

/**
 * Searches for a schedule shorter than `start` (a valid plan, the constructive one), all in
 * one place: the master's rounds with each chain's round run in turn, yielding after each cooling
 * period of a chain; tells `found` each shorter valid plan, `progress` how it stands after each
 * round and `attempt` (when it asks for it) the best attempt at the target. Ends at the lower bound,
 * after `maxMoves`, or when asked to stop; returns the best plan.
 */
export function* annealSearch(
  routes: NocRoutes,
  start: NocPlan,
  o: SearchOptions,
  ctx: JobContext<never>,
  report: SearchEvents = {},
  /** The problem (by default the scatter's messages of `start`). */
  problem: SearchProblem = new ChainProblem(routes, messagesByBlock(routes, start)),
): Job<NocPlan> {
  return yield* runSearch(new SearchMaster(problem, start, o), ctx, report);
}

/** What a search tells as it goes. */
export interface SearchEvents {
  found?(plan: NocPlan): void;
  progress?(p: SearchProgress): void;
  /** After each round: `make` gives the attempt (call it only when it will be shown: it costs). */
  attempt?(make: () => NocAttempt | null): void;
}

/** Runs a master's rounds to their end here, each chain in turn (see `annealSearch`). */
export function* runSearch(
  master: SearchMaster,
  ctx: JobContext<never>,
  report: SearchEvents = {},
  /** Ends the search early (a time limit), checked between rounds. */
  over: () => boolean = () => false,
): Job<NocPlan> {
  for (let tasks = master.next(); tasks && !over(); tasks = master.next()) {
    const outcomes: ChainOutcome[] = [];
    for (const task of tasks) {
      const job = chainJob(master.problem, task);
      for (;;) {
        const step = job.next();
        if (step.done) {
          outcomes.push(step.value);
          break;
        }
        if (ctx.stopping) return master.best;
        yield;
      }
    }
    if (ctx.stopping) return master.best;
    const found = master.absorb(outcomes);
    ctx.progress(master.moves, master.o.maxMoves);
    if (found) report.found?.(found);
    report.progress?.(master.progress());
    if (!found) report.attempt?.(() => master.attempt());
    yield;
  }
  return master.best;
}
