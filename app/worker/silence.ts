/**
 * How long a worker may stay silent, by what it is doing (docs/architecture.md, "Silence limits").
 * A worker's thread answers messages only between pieces of work, so the page pings a worker that
 * works in slices and hears it answer; one that works in one piece cannot answer until it is done.
 */

/**
 * A job in one piece (a build, a schedule file, a compare batch, a paper check) or in pieces that are
 * whole builds (a sweep's point, a heatmap's phase table; they are pinged, and answer between two):
 * the largest builds the page accepts take seconds on a slow machine, a minute under heavy load;
 * progress (a long build reports how far it is) starts the count again.
 */
export const WORKER_SILENCE_MS = 120_000;

/**
 * A job whose pieces take milliseconds (a round of a search's chains) and the search that follows a
 * result: the worker answers a ping between two slices of about 20 ms, so this much silence means it
 * is stuck, even on a loaded machine (the search's master verifies each better schedule in one piece:
 * a second for the 16 × 16 mesh). A search may announce a longer quiet piece (the exact method's
 * solver call, `quietMs`), which is added.
 */
export const SLICED_SILENCE_MS = 30_000;

/** How often a worker in slices is pinged. */
export const PING_EVERY_MS = 1000;

/**
 * After Stop (or after its job was dropped), how long a worker of quick pieces or a search has to end
 * the job (or to answer): it sees a stop within one slice. Past it the worker is replaced and the
 * page keeps what it already had (a search's best schedule). A job of long pieces (a sweep) sees a
 * stop after its piece and stays under WORKER_SILENCE_MS.
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
