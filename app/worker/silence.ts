/**
 * How long a worker may stay silent, by what it is doing (docs/architecture.md, "Silence limits").
 * A worker's thread answers messages only between pieces of work, so the page pings a worker that
 * works in slices and hears it answer; one that works in one piece cannot answer until it is done.
 */

/**
 * A job in one piece (a build, a schedule file, a compare batch, a paper check): the largest builds
 * the page accepts take seconds on a slow machine, a minute under heavy load; progress (a long build
 * reports how far it is) starts the count again.
 */
export const WORKER_SILENCE_MS = 120_000;

/**
 * A job in slices (a sweep, a heatmap, a round of a search's chains) and a search that follows a
 * result: the worker answers a ping between two slices of about 20 ms, so this much silence means it
 * is stuck. A search may announce a longer quiet piece (the exact method's solver call, `quietMs`).
 */
export const SLICED_SILENCE_MS = 15_000;

/** How often a worker in slices is pinged. */
export const PING_EVERY_MS = 1000;

/**
 * After Stop (or after its job was dropped), how long the worker has to end the job (or to answer):
 * a job in slices sees a stop within one slice. Past it the worker is replaced and the page keeps
 * what it already had (a sweep's points, a search's best schedule).
 */
export const STOP_GRACE_MS = 10_000;

/** What the page waits for from a worker, and how long it waits. */
export interface Expectation {
  /** Silence allowed (ms), counted from `since`. */
  ms: number;
  since: number;
  /** Ping the worker meanwhile (it answers between slices). */
  ping: boolean;
  /** What it is doing, for the message when the limit passes. */
  what: 'answer' | 'stop' | 'drop';
}

/**
 * Runs one timer for a worker: `expect` says what is awaited now (null: nothing), `ping` asks the
 * worker for a sign of life, `silent` is called once the silence passes the limit. `check` re-reads
 * the expectation (after a message, a request, a stop).
 */
export class Watchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly expect: () => Expectation | null,
    private readonly ping: () => void,
    private readonly silent: (e: Expectation) => void,
  ) {}

  check(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const e = this.expect();
    if (!e) return;
    const left = e.since + e.ms - Date.now();
    if (left <= 0) return this.silent(e);
    this.timer = setTimeout(() => this.tick(), e.ping ? Math.min(PING_EVERY_MS, left) : left);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    this.timer = undefined;
    const e = this.expect();
    if (!e) return;
    const left = e.since + e.ms - Date.now();
    if (left <= 0) return this.silent(e);
    if (e.ping) this.ping();
    this.timer = setTimeout(() => this.tick(), e.ping ? Math.min(PING_EVERY_MS, left) : left);
  }
}
