import type { Job, JobContext } from '../../kernel/jobs';
import type { ChainOutcome, ChainTask, SearchProgress } from '../../kernel/spec';
import { rng, type Rng } from '../../kernel/util/rng';
import { type NocRoutes } from './noc-paths';
import type { NocPlan } from './noc-constructive';
import {
  chainJob,
  ChainProblem,
  chainSeed,
  copyGenes,
  genesOfOutcome,
  messagesByBlock,
  squeeze,
  type Genes,
  type SearchProblem,
} from './noc-chain';
import { planClashes, type NocAttempt } from './noc-clashes';

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

/** Cooling periods without a new fewest-conflicts before the chains are heated again. */
const REHEAT_ROUNDS = 40;

/** Reheats in vain before the chains start the target again from a fresh squeeze. */
const RESTART_REHEATS = 3;

/** Moves of all chains together between two coolings (each chain cools after its share). */
const EXCHANGE_MOVES = 2000;

/** Most cooling periods in one round: big instances report back at least this often. */
const MAX_ROUND_PERIODS = 16;

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
