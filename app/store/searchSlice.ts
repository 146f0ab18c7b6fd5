import type { SearchAttempt, SearchProgress } from '../../src/kernel/spec';
import type { RunResult } from '../../src/result';
import type { AppState } from './store';

/**
 * The search that follows the shown result, while and after it runs: any algorithm whose engine has a
 * `search` (src/kernel/spec.ts; today the network-on-chip cards) gets one, so its words are the
 * kernel's (progress, attempts, clashes), not a family's; it belongs to the result and starts afresh
 * with the next one.
 */
export interface SearchState {
  progress: SearchProgress | null;
  /** Conflicts of each chain over the search (for the picture of its course), at most HISTORY points. */
  history: { moves: number; conflicts: number[]; target: number }[];
  /** Steps of the first schedule shown, and how many better ones followed. */
  firstSteps: number;
  improvements: number;
  done: boolean;
  stopped: boolean;
  totalMs?: number;
  /**
   * Why the search ended early or could not run (a worker that stopped answering, a solver that
   * could not be loaded), when its progress does not say it: no bound is shown that was not computed.
   */
  note: string | null;
  /**
   * The search's best attempt at its target while it runs (null before the first, right after a
   * better schedule is found, and once the search has ended: then the best schedule is shown).
   */
  attempt: SearchAttempt | null;
  /** Draw the attempts while the search runs (else the best valid schedule). */
  showAttempt: boolean;
  /** An attempt held on screen while its clashes are read (the live ones keep arriving). */
  held: SearchAttempt | null;
  /** The clash of the attempt on screen that is open (its two messages named). */
  picked: number | null;
  /** Its chains wait for workers of the pool that other jobs hold (a sweep, a paper check). */
  waiting: boolean;
}

/** How a search stands, as the worker (or the page, for a worker that stopped answering) reports it. */
export interface SearchReportMsg {
  progress: SearchProgress | null;
  done: boolean;
  stopped: boolean;
  totalMs?: number;
  note?: string;
}

export interface SearchActions {
  search: SearchState | null;
  /** A better schedule from the search that follows the shown result: shown in its place. */
  resultImproved(result: RunResult): void;
  /** That search's best attempt at its step target, not valid yet (drawn with its conflicts). */
  attemptArrived(attempt: SearchAttempt): void;
  /**
   * Opens clash `clash` of the attempt on screen (null closes it) and holds that attempt on screen
   * (`hold` alone: holds it without opening a clash), so that what is being read stays put.
   */
  pickClash(clash: number | null): void;
  holdAttempt(): void;
  /** The search's round waits for workers of the pool busy with other jobs (or no longer does). */
  searchWaiting(waiting: boolean): void;
  /** Shows the live attempts again (`show`), or the best valid schedule instead (`!show`). */
  followSearch(show: boolean): void;
  /** How that search stands (null progress: it ended). */
  searchReport(r: SearchReportMsg): void;
}

/** Points of a search's course kept for its picture. */
const HISTORY = 240;

/** The search state, begun from the shown result when the first report of a search arrives. */
function searchOf(st: AppState): SearchState {
  return (
    st.search ?? {
      progress: null,
      history: [],
      firstSteps: st.result?.summary.steps ?? 0,
      improvements: 0,
      done: false,
      stopped: false,
      note: null,
      attempt: null,
      showAttempt: true,
      held: null,
      picked: null,
      waiting: false,
    }
  );
}

type Set = (patch: Partial<AppState>) => void;

/** The store's search part (app/store/store.ts holds the rest). */
export function searchActions(
  set: Set,
  get: () => AppState,
  belongs: (r: RunResult) => boolean,
): SearchActions {
  return {
    search: null,
    resultImproved(result) {
      // A search of a configuration no longer shown (its answer was on its way): dropped.
      if (!belongs(result)) return;
      const s = searchOf(get());
      // A search may send the same schedule again with its verdict (the exact method's proof).
      const better = result.summary.steps < (get().result?.summary.steps ?? Infinity);
      // The attempt was at the steps just reached: the next one comes with the next target.
      set({ result, search: { ...s, improvements: s.improvements + (better ? 1 : 0), attempt: null } });
      get().clampStep();
    },
    attemptArrived(attempt) {
      const s = searchOf(get());
      if (!s.done) set({ search: { ...s, attempt } });
    },
    pickClash(clash) {
      const s = get().search;
      const shown = selectAttempt(get());
      if (s && shown) set({ search: { ...s, held: shown, picked: clash } });
    },
    holdAttempt() {
      const s = get().search;
      const shown = selectAttempt(get());
      if (s && shown) set({ search: { ...s, held: shown } });
    },
    searchWaiting(waiting) {
      const s = get().search;
      if (s?.waiting !== waiting && (s || waiting)) set({ search: { ...searchOf(get()), waiting } });
    },
    followSearch(show) {
      const s = get().search;
      if (s) set({ search: { ...s, showAttempt: show, held: null, picked: null } });
    },
    searchReport(r) {
      const s = searchOf(get());
      const history = r.progress
        ? [
            ...s.history,
            { moves: r.progress.moves, conflicts: r.progress.conflicts, target: r.progress.target },
          ].slice(-HISTORY)
        : s.history;
      set({
        search: {
          ...s,
          progress: r.progress ?? s.progress,
          history,
          done: r.done,
          stopped: r.stopped,
          totalMs: r.totalMs,
          note: r.note ?? s.note,
          attempt: r.done ? null : s.attempt,
          held: r.done ? null : s.held,
          picked: r.done ? null : s.picked,
          waiting: r.done ? false : s.waiting,
        },
      });
    },
  };
}

/**
 * The search's attempt to draw instead of the result: the one held on screen, else the newest, while
 * the search runs and attempts are wanted; null otherwise (the best valid schedule is drawn).
 */
export const selectAttempt = (s: Pick<AppState, 'search'>): SearchAttempt | null =>
  !s.search || s.search.done ? null : (s.search.held ?? (s.search.showAttempt ? s.search.attempt : null));
