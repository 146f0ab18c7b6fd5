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
 * A job whose pieces take milliseconds (a leased worker running a search's chains) and the search that follows a
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

/** The silence limits a client applies; tests make them short. */
export interface SilenceLimits {
  /** A job in one piece. */
  silenceMs: number;
  /** A job in quick pieces (a leased worker's chains), and the search that follows a result. */
  slicedSilenceMs: number;
  /** After Stop, or after a job in quick pieces was dropped. */
  stopGraceMs: number;
}

/** What a client is doing with its worker (link.ts), as far as its silence limits go. */
export interface LinkState {
  /** The job waiting for its answer: in slices, in quick pieces, and when Stop was asked for. */
  pending: { sliced: boolean; quick: boolean; stopAt?: number } | null;
  /** The search that follows the delivered result: the quiet it announced, its Stop. */
  searching: { quietMs: number; stopAt?: number } | null;
  /** A dropped job in slices whose worker has to answer a ping before it takes another. */
  draining: { since: number; ms: number } | null;
}

/** What is awaited from the worker now, and for how long, heard last at `heard`; null: nothing. */
export function awaited(st: LinkState, heard: number, limits: SilenceLimits): Expectation | null {
  const { pending: p, searching: s, draining: d } = st;
  // A job of long pieces sees Stop after its piece: it is held to its silence limit, as before.
  const stopAt = p ? (p.quick ? p.stopAt : undefined) : s?.stopAt;
  if (stopAt !== undefined) return { ms: limits.stopGraceMs, since: stopAt, ping: false, what: 'stop' };
  if (d) return { ms: d.ms, since: d.since, ping: false, what: 'drop' };
  if (p)
    return p.quick
      ? { ms: limits.slicedSilenceMs, since: heard, ping: true, what: 'answer' }
      : { ms: limits.silenceMs, since: heard, ping: p.sliced, what: 'answer' };
  if (s) return { ms: limits.slicedSilenceMs + s.quietMs, since: heard, ping: true, what: 'answer' };
  return null;
}

/** What the page says when a worker stayed silent past the limit of `e` (it is then replaced). */
export function silenceMessage(e: Expectation): string {
  const s = Math.round(e.ms / 1000);
  return e.what === 'stop'
    ? `The simulation worker did not end its job within ${s} s of Stop and was stopped. It has been restarted.`
    : e.what === 'drop'
      ? `The simulation worker did not answer within ${s} s after its job was dropped and was stopped. It has been restarted.`
      : `The simulation worker did not answer for ${s} s and was stopped. It has been restarted.`;
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
