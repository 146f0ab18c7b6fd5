import type { Job, JobContext } from '../../../src/kernel/jobs';
import type { SweepValue } from '../../../src/kernel/experiment';
import type { Limits } from '../../../src/limits';
import type { RunResult } from '../../../src/result';
import type { ParamValues } from '../../../src/kernel/params/schema';
import type { WorkerResponse } from '../protocol';
import type { JobPart } from './parts';

/** Posts a message to the page, moving the listed buffers instead of copying them. */
export type Post = (msg: WorkerResponse, transfer?: Transferable[]) => void;

/**
 * What a job is given by the worker that runs it (serve.ts): its id, its answer, its progress, its
 * controls and the worker's shared services. A job ends by `done` (its output) or `fail` (an error),
 * at most once; once `stale` it posts nothing more.
 */
export interface JobCtx<O, P extends JobPart = never> {
  readonly id: number;
  readonly limits: Limits;
  /** The answer: posted as `done` with the job's output (its arrays moved: the spec's `transfer`). */
  done(output: O): void;
  /**
   * The answer of a job whose output is a schedule shown on the page (a run, a schedule file): posted
   * as `done`, then what follows it — `meanwhile` (a search, late formula rows), its link load and
   * its block pictures.
   */
  deliver(result: RunResult, output: O, meanwhile?: () => void): void;
  /** A part besides the answer (jobs/parts.ts), posted as `partial` (its arrays moved: `transfer`). */
  part(part: P, transfer?: Transferable[]): void;
  /** A failure: bad input (with its issues) or an internal error. */
  fail(err: unknown): void;
  /** How far a job in one piece is (`unit` names what it counts where the page does not know it). */
  progress(done: number, total: number, unit?: string): void;
  /** A newer request or an abort made this job pointless. */
  stale(): boolean;
  /** The page asked this job to stop (it ends with what it has). */
  readonly stopping: boolean;
  /** Runs a generator job in slices until it ends or is stale; an error in a slice fails the job. */
  drive<R>(job: Job<R>, done: (value: R) => void): void;
  /** A generator job's context: progress and parts posted every 150 ms; `finish` posts what is left. */
  sliced(): { ctx: JobContext<SweepValue>; finish(): void };
  /** End-to-end tests of progress lines: the pause between pieces (ms). */
  paceMs(): number;
  /** The worker's services a job may use. */
  readonly host: JobServices;
}

/** What the worker offers every job beyond its own context. */
export interface JobServices {
  post: Post;
  /** The search that follows a result (serveSearch.ts). */
  searches: {
    /** Starts the search after result `id`, if its algorithm has one. */
    after(id: number, algorithm: string, params: ParamValues, poolChains?: boolean): void;
    /** Stop for request `target`: a search waiting for its chains ends now, with its best. */
    stop(target: number): void;
    /** A newer request: a search waiting for its round (of another request) is over. */
    drop(newest?: number): void;
  };
  /** Warms the worker's code paths once, after the first build (not in the inline worker). */
  warmUp(): void;
  /** Loads the exact method's solver (HiGHS), once; absent where it cannot be loaded. */
  loadLp?: () => Promise<void>;
}

/**
 * A job that workers of the page's pool are leased to (a search's master): it hears their
 * `MessagePort`s as the page hands them over (`lease` requests), or that one of them was lost
 * (crashed or silent: `lease-lost`, with the page's message).
 */
export interface LeaseHolder {
  ports(ports: MessagePort[]): void;
  lost(message: string): void;
}

/**
 * One kind of job the worker runs: `start` is given the job's input (sent once, as it is declared
 * here) and its context; `transfer` lists the output's buffers to move rather than copy. The input,
 * output and part types declared here are what the page's `submit` takes and gives (client.ts).
 */
export interface JobSpec<I, O, P extends JobPart = never> {
  start(input: I, ctx: JobCtx<O, P>): void;
  transfer?(output: O): Transferable[];
}

/**
 * Declares a job with its input, output and part types (they flow to `submit` through `JOBS`);
 * a job that posts no parts leaves the third out.
 */
export const defineJob = <I, O, P extends JobPart = never>(spec: JobSpec<I, O, P>): JobSpec<I, O, P> => spec;

/** Any job, whatever its types (a list of jobs holds jobs of many). */
export type AnyJob = JobSpec<never, never, never>;

/** Lists of jobs joined into one, their types kept; `Joined<[A, B]>` is `A & B`. */
type Joined<L extends readonly object[]> = L extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & Joined<R>
  : unknown;

/**
 * Joins lists of jobs (`{ type: job }`, as the shared features and the families export them) into
 * one registry; two jobs of one type are an error when the worker's code loads, not a silent overwrite.
 */
export function joinJobs<const L extends readonly Record<string, AnyJob>[]>(...lists: L): Joined<L> {
  const all: Record<string, AnyJob> = {};
  for (const list of lists)
    for (const [type, job] of Object.entries(list)) {
      if (Object.hasOwn(all, type)) throw new Error(`two jobs of type "${type}" in the worker's registry`);
      all[type] = job;
    }
  return all as Joined<L>;
}
