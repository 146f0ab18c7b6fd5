import type { FormulaRow, SearchAttempt, SearchProgress } from '../../../src/kernel/spec';
import type { BlockPictures } from '../../../src/kernel/model/block-pictures';
import type { LinkLoad } from '../../../src/kernel/replay/link-load';

/**
 * How the search that follows a result stands (`done: false`), or that it ended (`done`; `stopped`
 * when asked to), with its time; `note`: why it ended early or could not run (its progress, if any,
 * is what it had computed: null when it computed nothing, so no bound is made up).
 */
export interface SearchStatus {
  progress: SearchProgress | null;
  done: boolean;
  stopped: boolean;
  totalMs?: number;
  note?: string;
}

/**
 * The parts a job posts besides its answer, in `partial` replies (protocol.ts): what follows a
 * schedule shown on the page. One union for every job, so the protocol does not grow per job: a job
 * declares which of these it posts (JobSpec's third type), and the page reads them by `type`.
 */
export type JobPart =
  /** The result's formula rows with none pending, after a result that had some (FormulaOptions). */
  | { type: 'formulas'; formulas: FormulaRow[] }
  /** All-to-all runs: the block-matrix pictures of every step, right after the result. */
  | { type: 'pictures'; pictures: BlockPictures }
  /** A result's (or better schedule's) links' load in every step, right after it (linkLoadPost.ts). */
  | { type: 'link-load'; load: LinkLoad }
  /** The search that follows a run: how it stands, or its end. */
  | ({ type: 'search' } & SearchStatus)
  /** That search's best attempt at its step target, not valid yet, with its clashes. */
  | { type: 'attempt'; attempt: SearchAttempt }
  /**
   * The job asks for up to `workers` workers of the page's pool (a search's chains, one per chain
   * at most): the page leases them and hands over a port to each (a `lease` request), until the job
   * ends (its last `search` part) or a newer request (searchLease.ts).
   */
  | { type: 'lease'; workers: number };

/** The parts that follow a schedule shown on the page (a run's result, a schedule file's). */
export type ShownPart = Extract<JobPart, { type: 'formulas' | 'pictures' | 'link-load' }>;
/** The parts of the search that follows a run. */
export type SearchPart = Extract<JobPart, { type: 'search' | 'attempt' | 'lease' }>;
