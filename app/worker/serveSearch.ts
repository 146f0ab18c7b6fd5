import { findAlgorithm } from '../../src/registry';
import type { Job, JobContext } from '../../src/kernel/jobs';
import { resultOf } from '../../src/run';
import { lpSolver } from '../../src/kernel/lp';
import { scheduleTransferables, transferables } from '../../src/result';
import type { ChainOutcome, SearchProgress, SearchReport, SplitSearch } from '../../src/kernel/spec';
import type { ParamValues } from '../../src/kernel/params/schema';
import type { WorkerResponse } from './protocol';
import type { LeaseHolder } from './jobs/envelope';
import { LeasedChains } from './leasedChains';
import { postWithLinkLoad } from './linkLoadPost';
import type { SearchPart } from './jobs/parts';

/** How often a search reports how it stands (ms): often enough to draw, rarely enough to be cheap. */
const PROGRESS_EVERY_MS = 150;

/**
 * Runs a search to its end; one that throws (a solver that fails) ends too, its error as the note:
 * the request's answer is long delivered, so an error posted for it would be heard by nobody.
 */
function* failSafe(search: Generator<void, unknown, void>): Generator<void, string | undefined, void> {
  try {
    yield* search;
    return undefined;
  } catch (err) {
    return `the search failed: ${err instanceof Error ? err.message : String(err)}; the best schedule so far stays`;
  }
}

/** What the search part of the worker needs from the rest of it (serve.ts). */
export interface SearchHost {
  post(msg: WorkerResponse, transfer?: Transferable[]): void;
  /** A newer request or an abort made request `id`'s work pointless. */
  stale(id: number): boolean;
  /** Request `id` was asked to stop (its search ends with its best). */
  stopping(id: number): boolean;
  /** Runs a job in slices until it ends or is stale. */
  drive<R>(id: number, job: Job<R>, done: (value: R) => void): void;
  postError(id: number, err: unknown): void;
  /** Loads the exact method's solver (HiGHS), once; rejects when it cannot be loaded. */
  loadLp?: () => Promise<void>;
  /**
   * Asks the page for up to `workers` workers of its pool for request `id`'s job; `holder` hears
   * their ports, or that one was lost. Returns how to end the lease.
   */
  lease(id: number, workers: number, holder: LeaseHolder): () => void;
}

/**
 * The search that follows a run's result (the NoC scatter's annealing, hybrid and exact methods), in
 * the worker that built it: in slices here, or with its chains on workers of the page's pool leased
 * to it (`poolChains`: the master stays here and talks to them over their ports, the page only lends
 * them; leasedChains.ts). Every better schedule is posted
 * verified; the end is a last `search` part, with a note when it ended early or could not run.
 */
export function searchPart(host: SearchHost) {
  /** Posts a part of the search that follows request `id`. */
  const part = (id: number, p: SearchPart, transfer?: Transferable[]) =>
    host.post({ kind: 'partial', id, part: p }, transfer);

  /** A search whose chains run on workers of the page's pool leased to it (leasedChains.ts). */
  let split: {
    id: number;
    search: SplitSearch;
    chains: LeasedChains;
    /** Returns the leased workers and forgets the lease (ports that arrive later are ended). */
    unlease: (() => void) | null;
    /** Ends the search now (`note`: why, when it is not the end of its work). */
    end(note?: string): void;
  } | null = null;

  /** Forgets the split search without a word (a newer request made it stale): its workers go back. */
  function dropSplit() {
    const s = split;
    split = null;
    s?.chains.end();
    s?.unlease?.();
  }

  /** Starts the search after result `id`, if its algorithm has one. */
  function after(id: number, algorithm: string, params: ParamValues, poolChains = false) {
    const spec = findAlgorithm(algorithm);
    if (!spec?.search) return;
    const t0 = performance.now();
    // An exact method needs the solver: loaded (once) before the search starts. Where it cannot be,
    // the search ends at once saying why, with no progress: nothing was computed, no bound is shown.
    if (params['method'] === 'exact' && !lpSolver()) {
      const failed = (err: unknown) =>
        part(id, {
          type: 'search',
          progress: null,
          done: true,
          stopped: false,
          note: `the exact method needs its solver (HiGHS), which could not be loaded: ${err instanceof Error ? err.message : String(err)}. The constructive schedule is shown; reload the page while online to use the exact method.`,
        });
      if (!host.loadLp) failed(new Error('this worker cannot load it'));
      else host.loadLp().then(() => host.stale(id) || after(id, algorithm, params, poolChains), failed);
      return;
    }
    let last = 0;
    const ctx: JobContext<never> = {
      progress: () => undefined,
      partial: () => undefined,
      get stopping() {
        return host.stopping(id);
      },
    };
    /** The search's last report (its end, when it ends early, says why beside it). */
    let latest: SearchProgress | null = null;
    const report: SearchReport = {
      found: (b) => {
        const result = resultOf(spec, params, b, Date.now(), { quickFormulas: true });
        postWithLinkLoad(host.post, { kind: 'improved', id, result }, transferables(result), result);
      },
      progress: (progress) => {
        latest = progress;
        // A report that announces a quiet piece (a solver call) always goes: the page needs it.
        if (!progress.quietMs && performance.now() - last < PROGRESS_EVERY_MS) return;
        last = performance.now();
        part(id, { type: 'search', progress, done: false, stopped: false });
      },
      attempt: (attempt) => part(id, { type: 'attempt', attempt }, scheduleTransferables(attempt.schedule)),
    };
    const ended = (note?: string) =>
      part(id, {
        type: 'search',
        // The last report goes with a note (it may not have been posted); no report, no numbers.
        progress: note ? latest : null,
        done: true,
        stopped: host.stopping(id),
        totalMs: performance.now() - t0,
        ...(note ? { note } : {}),
      });
    // The chains on leased workers of the page's pool: this worker keeps the master and waits between rounds.
    const search = poolChains ? spec.splitSearch?.(params, report) : null;
    if (search) {
      const s: NonNullable<typeof split> = {
        id,
        search,
        chains: new LeasedChains({ id, algorithm, params }),
        unlease: null,
        end: (note) => {
          if (split === s) dropSplit();
          ended(note);
        },
      };
      split = s;
      nextRound();
      return;
    }
    host.drive(id, failSafe(spec.search(params, ctx, report)), ended);
  }

  /**
   * Hands the split search's next round to its leased workers (asking the page for them before the
   * first), or ends it (stopped, stale, or its work done).
   */
  function nextRound() {
    const s = split;
    if (!s) return;
    if (host.stale(s.id)) return dropSplit();
    const tasks = host.stopping(s.id) ? null : s.search.next();
    if (!tasks) return s.end();
    s.unlease ??= host.lease(s.id, tasks.length, {
      ports: (ports) => s.chains.add(ports),
      lost: (message) =>
        split === s && s.end(`the search stopped: ${message}; the best schedule so far stays`),
    });
    s.chains.run(tasks, (outcomes) => absorb(s, outcomes));
  }

  /** A round's outcomes: the master takes them (a better schedule is posted), then the next round. */
  function absorb(s: NonNullable<typeof split>, outcomes: ChainOutcome[]) {
    if (split !== s) return;
    if (host.stale(s.id)) return dropSplit();
    try {
      s.search.absorb(outcomes);
    } catch (err) {
      host.postError(s.id, err);
      return s.end(`the search failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    nextRound();
  }

  return {
    after,
    /** Stop for request `target`: a search waiting for its chains ends now, with its best. */
    stop(target: number) {
      if (split?.id === target) split.end();
    },
    /** A newer request: a search waiting for its round (of another request) is over. */
    drop(newest?: number) {
      if (split && split.id !== newest) dropSplit();
    },
  };
}
