import type { SilenceLimits } from '../worker/client';
import type { PaneStore } from './paneStore';
import type { Clients } from './services';

/**
 * Hooks for end-to-end tests and benchmarks on `window.__ocl`: crash, pace or hang the page's workers,
 * read whether they have loaded, clear notices, show a result as another model.
 */
export function exposeTestHooks(clients: Clients, store: PaneStore, lpLoaded: () => boolean): void {
  const w = window as unknown as { __ocl: Record<string, unknown> };
  const client = clients.run;
  w.__ocl = {
    ...w.__ocl,
    crashWorker: () => client.crashForTest(),
    /** Crashes the pool's workers (end-to-end tests of a worker that then cannot be started again). */
    crashPool: () => clients.pool.crashForTest(),
    /** Whether the pool's first worker has started and loaded (it starts after the first result). */
    poolLoaded: () => clients.pool.loadedForTest,
    /** Slows the pool's jobs (each starts late and pauses between slices), so a test can press Stop. */
    pacePool: (ms: number) => clients.pool.paceForTest(ms),
    /** Slows the visualizer's worker the same way (a file's pieces: the progress line can be seen). */
    paceWorker: (ms: number) => client.paceForTest(ms),
    /** Makes the worker stop answering and shortens the silence allowed before it is stopped. */
    hangWorker: (silenceMs: number) => {
      client.limitsForTest({ silenceMs, slicedSilenceMs: silenceMs });
      client.hangForTest();
    },
    /** Makes the pool's started workers stop answering (a search's round that never comes back). */
    hangPool: () => clients.pool.hangForTest(),
    /** Shortens the silence limits of every worker (app/worker/silence.ts). */
    workerLimits: (limits: Partial<SilenceLimits>) => {
      client.limitsForTest(limits);
      clients.pool.limitsForTest(limits);
    },
    /** Whether the visualizer's worker has loaded the exact method's solver. */
    lpLoaded: lpLoaded,
    // The link fuzzing test reads each link's notices on their own.
    clearNotices: () => store.setState({ notices: [] }),
    /** Shows the current result as if its network were of model `kind` (views of unknown models). */
    showAsModel: (kind: string) => {
      const r = store.getState().result;
      if (r) store.setState({ result: { ...r, topology: { ...r.topology, kind: kind as 'generic' } } });
    },
  };
}

/** Numbers for benchmarks and tests, readable from the page. */
export function exposeLastRun(
  result: { timing: { buildMs: number; verifyMs: number }; summary: { transfers: number } },
  workerMs: number,
  roundTripMs: number,
): void {
  const w = window as unknown as { __ocl: Record<string, unknown> };
  w.__ocl = {
    ...w.__ocl,
    lastRun: {
      buildMs: result.timing.buildMs,
      verifyMs: result.timing.verifyMs,
      totalMs: workerMs,
      roundTripMs,
      transfers: result.summary.transfers,
    },
  };
}
