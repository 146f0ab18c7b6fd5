import type { Schedule } from './model/schedule';
import type { Built } from './spec';

/*
 * The shapes of an engine's search (\`AlgorithmEngine.search\`, \`splitSearch\`, \`chainWorker\` in
 * spec.ts): what it reports, the master of a split search and one chain's round. spec.ts
 * re-exports them, so engines and the worker import them from either.
 */

/** Where a search tells what it finds and how it stands. */
export interface SearchReport {
  /** A better schedule, valid: shown and played in place of the one before. */
  found?(b: Built): void;
  progress?(p: SearchProgress): void;
  /** The search's best attempt at its step target, not valid yet: its schedule and its conflicts. */
  attempt?(a: SearchAttempt): void;
}

/** A search's master (see `AlgorithmEngine.splitSearch`). */
export interface SplitSearch {
  /** The next round's tasks, one per chain; null when the search has ended (bound met, moves or time spent). */
  next(): ChainTask[] | null;
  /** The outcomes of the round `next` gave, in the order of its tasks. */
  absorb(outcomes: ChainOutcome[]): void;
}

/**
 * One round of one annealing chain: from these genes (a step and a route choice per message), make
 * `moves` moves at this temperature, drawing from `seed`; stop early at zero conflicts. Everything a
 * worker needs besides the configuration, which names the messages and their routes.
 */
export interface ChainTask {
  round: number;
  chain: number;
  /** Seed of this chain's draws in this round (from the search's seed, the round and the chain). */
  seed: number;
  /** Steps the schedule must fit in. */
  target: number;
  temperature: number;
  moves: number;
  /** Moves between two coolings (the temperature falls by 3 %). */
  coolEvery: number;
  step: Uint32Array;
  path: Uint16Array;
  /** A broadcast's: the processor that sends each (block, receiver) (its origin or a relay). */
  parent?: Uint16Array;
}

/**
 * One search problem's chains, built once where they run (a worker leased to the search): each call
 * makes one task's round, in pieces, as a job.
 */
export type ChainWorker = (task: ChainTask) => Generator<void, ChainOutcome, void>;

/** What a chain's round ends with: its genes and conflicts, and whether it reached none. */
export interface ChainOutcome {
  chain: number;
  step: Uint32Array;
  path: Uint16Array;
  parent?: Uint16Array;
  conflicts: number;
  /** Fewest conflicts the chain had during the round. */
  fewest: number;
  /** Moves made (fewer than asked when it reached zero conflicts). */
  moves: number;
  temperature: number;
}

/**
 * A search's attempt at its step target: a schedule that still breaks the rules, drawn while the
 * search runs. `clashes`: every channel that two or more of its transfers take in one step (step
 * from 1, the link, the transfers), at most a few thousand listed; `conflicts` counts them all, as the
 * search does (a channel taken by n transfers is n − 1 conflicts).
 */
export interface SearchAttempt {
  target: number;
  conflicts: number;
  schedule: Schedule;
  clashes: { step: number; link: number; transfers: number[] }[];
  /**
   * A broadcast's causality faults: a transfer (step from 1) whose sender does not hold its block
   * yet (it gets it in `holds`, a step from 1, that step or later, or never: null). Each is one
   * conflict of the search. `origin`: the processor whose block it is.
   */
  faults?: {
    step: number;
    transfer: number;
    sender: number;
    receiver: number;
    block: number;
    origin: number;
    holds: number | null;
  }[];
}

/** How a running search stands (NoC paper, Sec. 5): the step target, the best so far, each chain's conflicts. */
export interface SearchProgress {
  target: number;
  /** Steps of the best valid schedule so far. */
  best: number;
  lowerBound: number;
  conflicts: number[];
  moves: number;
  /** Moves planned in all (the search ends there at the latest). */
  maxMoves: number;
  /** An exact method's proof: the steps shown are optimal (a model with fewer is infeasible). */
  proved?: number | null;
  /** Why the search could not run, or what it decided, in words. */
  note?: string;
  /** Moves per second since the search started (all chains together). */
  movesPerSecond?: number;
  /**
   * The search's next piece runs this long at most without a word (ms): the exact method's solver
   * call. The page allows that much more silence before it takes the worker for stuck.
   */
  quietMs?: number;
}
