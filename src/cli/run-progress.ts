import type { RunWatch } from '../kernel/run-watch';

/**
 * The command line's watch over a run (see RunWatch): it holds the run's deadline (--time-limit, for
 * the algorithms that take one) and, once a run has lasted QUIET_MS, tells on standard error what it
 * is doing — each phase as it begins, then how far it is at most every EVERY_MS. Short runs print
 * nothing; a run known to be big (`loud`: LOUD_TRANSFERS or more) tells its first phase at once, since
 * a phase without progress of its own (an OTIS-Mesh build) would otherwise leave it silent for long.
 * No Node APIs here: the caller gives the line writer and, in tests, the clock.
 */

/** A run this short prints no progress. */
export const QUIET_MS = 2000;
/** At most one progress line this often (a new phase is told at once). */
export const EVERY_MS = 2000;
/** Transfers from which a run is told from its start (seconds of building and verifying). */
export const LOUD_TRANSFERS = 1_000_000;

export interface CliWatch extends RunWatch {
  /** The time limit in seconds, when the algorithm has one. */
  readonly seconds: number | undefined;
  /** The phase during which the deadline ended something, or null while nothing was ended. */
  readonly expiredIn: string | null;
}

const f = (x: number) => Math.round(x).toLocaleString('en-US');

export function cliWatch(
  name: string,
  seconds: number | undefined,
  say: (line: string) => void,
  { loud = false, now = Date.now }: { loud?: boolean; now?: () => number } = {},
): CliWatch {
  const start = now();
  const deadline = seconds === undefined ? Infinity : start + seconds * 1e3;
  let phase = '';
  let unit = '';
  let done = -1;
  let total = 0;
  let status = '';
  let lastSaid = -Infinity;
  let expiredIn: string | null = null;

  const tell = (force: boolean) => {
    const t = now();
    if ((!loud && t - start < QUIET_MS) || (!force && t - lastSaid < EVERY_MS)) return;
    lastSaid = t;
    const counted = done >= 0 ? `: ${f(done)} of ${f(total)}${unit ? ` ${unit}` : ''}` : '';
    say(`${name}, ${f((t - start) / 1e3)} s: ${phase}${counted}${status ? `; ${status}` : ''}`);
  };

  return {
    seconds,
    deadline,
    get expiredIn() {
      return expiredIn;
    },
    get stopping() {
      if (now() <= deadline) return false;
      expiredIn ??= phase;
      return true;
    },
    phase(what, u) {
      // A phase that ran past the deadline without asking (a solver given the time left) ended by it.
      if (expiredIn === null && now() > deadline) expiredIn = phase;
      [phase, unit, done, status] = [what, u ?? '', -1, ''];
      tell(true);
    },
    progress(d, t) {
      [done, total] = [d, t];
      tell(false);
    },
    status(text) {
      status = text;
      tell(false);
    },
    partial: () => undefined,
  };
}
