import { SILENT, type JobContext } from './jobs';

/**
 * What watches a whole run from outside (the command line): each phase as it begins, how far it is,
 * what it has so far, and the moment by which it must end. A build that can take long (the NoC
 * constructive schedule) checks `stopping` as it goes; a search is given the watch as its job
 * context, so the same moment ends it and the best it has found stays.
 */
export interface RunWatch extends JobContext<never> {
  /** When the run must end, in Date.now() milliseconds; Infinity when it has no time limit. */
  readonly deadline: number;
  /** A phase begins: what it does, and the unit its progress counts in (messages, moves). */
  phase(what: string, unit?: string): void;
  /** What the phase has reached, in words (a search's best schedule so far). */
  status(text: string): void;
}

/** A watch that says nothing and never stops the run (the worker, tests). */
export const UNWATCHED: RunWatch = {
  ...(SILENT as JobContext<never>),
  deadline: Infinity,
  phase: () => undefined,
  status: () => undefined,
};

/** The moment a job must end by: its context's deadline when it is a watch, else none. */
export function deadlineOf(ctx: JobContext<unknown>): number {
  const d = (ctx as Partial<RunWatch>).deadline;
  return typeof d === 'number' ? d : Infinity;
}

/**
 * A run reached its time limit before it had any schedule (the constructive start was not done);
 * the message says how far it got.
 */
export class TimeLimitReached extends Error {
  override name = 'TimeLimitReached';
}

/**
 * A watch that only passes on how far the run is, at most every `everyMs`, in the unit of the phase
 * under way (the worker: the page shows "12,000 of 65,280 messages placed" with its Stop). It never
 * stops the run itself: the page's Stop replaces the worker.
 */
export function progressWatch(
  tell: (done: number, total: number, unit: string) => void,
  everyMs: number,
): RunWatch {
  let unit = '';
  let said = -Infinity;
  return {
    ...UNWATCHED,
    phase(_what, u) {
      unit = u ?? '';
      said = -Infinity;
    },
    progress(done, total) {
      const now = Date.now();
      if (now - said < everyMs) return;
      said = now;
      tell(done, total, unit);
    },
  };
}
