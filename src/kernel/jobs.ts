/**
 * Long computations as jobs: a generator that yields between pieces of work of a few milliseconds,
 * reports how far it is and what it has so far, and finishes early with the best so far when asked
 * to stop. The worker drives a job in slices, answering its messages between them (so a stop or a
 * newer request waits for one slice at most); the command line and the tests run it to its end in
 * one go (`runToEnd`). Aborting is the host's: it drops the generator and forgets the job.
 */
export interface JobContext<P> {
  /** How far the job is: `done` of `total`, in the job's own units (points, cells, trees). */
  progress(done: number, total: number): void;
  /** What is ready so far (a sweep's new points): sent on to the page as it comes. */
  partial(value: P): void;
  /** True once the page asked to stop: the job returns now with what it has. */
  readonly stopping: boolean;
}

/** A job: yields between pieces of work, returns its result. */
export type Job<R> = Generator<void, R, void>;

/** Where a job reports to when nobody listens (the command line, tests). */
export const SILENT: JobContext<unknown> = {
  progress: () => undefined,
  partial: () => undefined,
  stopping: false,
};

/** Runs a job to its end at once (the command line and tests: no slices, no stopping). */
export function runToEnd<R>(job: Job<R>): R {
  for (;;) {
    const step = job.next();
    if (step.done) return step.value;
  }
}
