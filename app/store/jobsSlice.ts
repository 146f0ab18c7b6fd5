import type { JobHandle } from '../worker/pool';

/** Where a pane's job is: computing, answered, ended by Stop with nothing to show, or failed. */
export type JobStatus = 'running' | 'done' | 'stopped' | 'error';

/** One job a pane's component started on the page's workers, as the pane keeps it (by id). */
export interface JobEntry {
  /** What kind of work it is (the worker's job type: `reproduce`, `heatmap` …). */
  type: string;
  /** What it computes (a heatmap's id): starting the same id for another input replaces it. */
  input: string;
  status: JobStatus;
  /** Pieces done of total, for jobs that report them. */
  progress: { done: number; total: number } | null;
  error: string | null;
  /**
   * The job's answer once done (read it with `jobOutput`); while it runs, the part it has reported so
   * far, for jobs that report one (a sweep's points).
   */
  output: unknown;
}

export interface JobsState {
  /** The pane's jobs by id: they outlive the components that show them, and end with the pane. */
  jobs: Record<string, JobEntry>;
}

/**
 * Tells the pane how far a job is: `done` pieces of `total`, and for a job that hands out its answer
 * in parts, the answer so far (`partial`).
 */
export type JobProgress<T> = (done: number, total: number, partial?: T) => void;

/** Starts a job on the page's workers, telling `progress` how far it is. */
export type StartJob<T> = (progress: JobProgress<T>) => JobHandle<T>;

export interface JobsActions {
  /**
   * Starts job `id` (aborting the one under that id still running), and keeps its status, progress
   * and answer in the pane's store.
   */
  startJob<T>(id: string, type: string, input: string, start: StartJob<T>): void;
  /** Asks job `id` to end now with what it has. */
  stopJob(id: string): void;
  /** Ends job `id` if it runs, and forgets it (it can then be started again). */
  dropJob(id: string): void;
  /** Ends every job of the pane (the pane goes). */
  disposeJobs(): void;
}

/**
 * The answer of a job the caller started: `T` is what its `start` handed back. The store keeps every
 * job's answer as `unknown`; the component that started it knows its type.
 */
export function jobOutput<T>(entry: JobEntry | undefined): T | undefined {
  return entry?.status === 'done' ? (entry.output as T) : undefined;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function jobsActions(set: (patch: Partial<JobsState>) => void, get: () => JobsState): JobsActions {
  /** The handles of the jobs running (not state: nothing re-renders on them). */
  const handles = new Map<string, JobHandle<unknown>>();
  /** Changes job `id`'s entry if `handle` is still the job under that id. */
  const update = (id: string, handle: JobHandle<unknown>, patch: Partial<JobEntry>) => {
    const cur = get().jobs[id];
    if (handles.get(id) === handle && cur) set({ jobs: { ...get().jobs, [id]: { ...cur, ...patch } } });
  };
  const forget = (id: string) => {
    const { [id]: _gone, ...rest } = get().jobs;
    set({ jobs: rest });
  };
  return {
    startJob(id, type, input, start) {
      handles.get(id)?.abort();
      handles.delete(id);
      const entry: JobEntry = { type, input, status: 'running', progress: null, error: null, output: null };
      set({ jobs: { ...get().jobs, [id]: entry } });
      let handle: JobHandle<unknown> | null = null;
      const progress = (done: number, total: number, partial?: unknown) => {
        if (handle)
          update(id, handle, {
            progress: { done, total },
            ...(partial === undefined ? {} : { output: partial }),
          });
      };
      const started = start(progress);
      handle = started;
      handles.set(id, started);
      started.result.then(
        (output) => {
          update(id, started, output === null ? { status: 'stopped' } : { status: 'done', output });
          if (handles.get(id) === started) handles.delete(id);
        },
        (e: unknown) => {
          update(id, started, { status: 'error', error: errorText(e) });
          if (handles.get(id) === started) handles.delete(id);
        },
      );
    },
    stopJob(id) {
      handles.get(id)?.stop();
    },
    dropJob(id) {
      handles.get(id)?.abort();
      handles.delete(id);
      forget(id);
    },
    disposeJobs() {
      for (const h of handles.values()) h.abort();
      handles.clear();
      set({ jobs: {} });
    },
  };
}
