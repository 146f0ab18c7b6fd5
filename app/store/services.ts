import { openScheduleFile, readNetworkFile, type FileWorkers } from '../files/openFile';
import type { WorkerClient } from '../worker/client';
import type { JobHandle, PoolJob, WorkerPool } from '../worker/pool';
import { startLabSync } from './labSync';
import type { PaneStore } from './paneStore';

/** The page's workers (main.tsx starts them). */
export interface Clients {
  /** The visualizer's schedule, on a worker of its own: nothing in the background holds it up. */
  run: WorkerClient;
  /** Everything else: compare mode's schedules, sweeps, paper checks, heatmaps (app/worker/pool.ts). */
  pool: WorkerPool;
}

/**
 * What components ask of the page's workers: one object per app (made by `createAppServices`, handed
 * down by ServicesProvider), so nothing is held at module level and two apps (two tests) never share
 * a worker or a control.
 */
export interface AppServices {
  /** Runs a job on the page's pool of workers (the panels' heatmaps and paper claims). */
  submitJob<T>(job: PoolJob<T>): JobHandle<T>;
  /** Stops the search that follows the shown result: it ends now, the best schedule it found stays shown. */
  stopSearch(): void;
  /**
   * Stops the build in flight (a build runs in one piece: its worker is ended and replaced). Nothing
   * was built; the last result stays, and a message says so.
   */
  stopBuild(): void;
  /** Workers of the pool that run a search's chains (one per core but one). */
  searchWorkers(): number;
  /**
   * Opens a schedule file in the visualizer's worker and shows it in the app's pane, with its progress
   * line and notices there (app/files/openFile.ts).
   */
  openScheduleFile(file: File): Promise<void>;
  /** Reads a topology file in a worker of the pool: its network's parameters (null: overtaken). */
  readNetworkFile(file: File): Promise<Record<string, string> | null>;
}

export interface AppSession extends AppServices {
  /** Ends what the services started: the lab's sync and its jobs in flight. */
  dispose(): void;
}

const NOT_STARTED_MESSAGE = 'The workers have not been started yet.';

/** Before the page has started its workers: jobs fail with a message saying so, controls do nothing. */
export const NOT_STARTED: AppServices = {
  submitJob() {
    const result = Promise.reject(new Error(NOT_STARTED_MESSAGE));
    return { result, stop: () => undefined, abort: () => undefined };
  },
  stopSearch: () => undefined,
  stopBuild: () => undefined,
  searchWorkers: () => 0,
  // No pane to show it in or say why not: the caller hears it (the page starts its workers first).
  openScheduleFile: (file) =>
    Promise.reject(new Error(`${file.name} was not opened. ${NOT_STARTED_MESSAGE}`)),
  readNetworkFile: (file) => readNetworkFile(null, file),
};

/** The workers' side the services need (fakes in tests). */
export interface ServiceClients {
  run: Pick<WorkerClient, 'stopSearch' | 'cancel'>;
  pool: Pick<WorkerPool, 'submit' | 'size'>;
}

/**
 * The services of one app on its workers and its main pane's store; also starts compare mode's,
 * the explorer's and the paper checks' sync with the store (labSync.ts). Files are read in `files`
 * (none: opening one says the workers have not started).
 */
export function createAppServices(
  { run, pool }: ServiceClients,
  store: PaneStore,
  files: FileWorkers | null = null,
): AppSession {
  const endLab = startLabSync(pool, store);
  return {
    submitJob: (job) => pool.submit(job),
    stopSearch: () => run.stopSearch(),
    stopBuild() {
      if (store.getState().status !== 'running') return;
      run.cancel();
      store
        .getState()
        .runFailed(
          'Stopped: the build was ended before its schedule was complete, so nothing new was built. The last result stays; change a parameter to build again.',
        );
    },
    searchWorkers: () => pool.size,
    openScheduleFile: (file) => openScheduleFile(files, store, file),
    readNetworkFile: (file) => readNetworkFile(files, file),
    dispose: endLab,
  };
}
