import { findCard } from '../../src/cards';
import { paneParams, type AppConfig } from '../../src/config/url-codec';
import { findExplorerPageCard, REPRODUCTION_CARDS, SWEEPS } from '../../src/experiments/catalogue';
import type { ReproRow, SweepValue } from '../../src/kernel/experiment';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import type { JobHandle, WorkerPool } from '../worker/pool';
import type { RunOutcome } from '../worker/protocol';
import type { AppState } from './appState';
import type { JobEntry } from './jobsSlice';
import type { PaneStore } from './paneStore';

/**
 * Compare mode, the explorer and the paper checks on the page's pool of workers (the visualizer's
 * own worker is sync.ts's). Each is a job of the page's pane, by id: the pane keeps its status,
 * progress and answer, and Stop and "compute again" are the pane's `stopJob` and `dropJob`.
 */

/** The job that computes compare mode's schedules (its input: the compared configurations). */
export const COMPARE_JOB = 'compare';
/** The job that evaluates sweep `id` of the explorer. */
export const sweepJob = (id: string) => `sweep:${id}`;
/** The job that computes paper check `id`. */
export const checkJob = (id: string) => `check:${id}`;

/** A sweep's answer: its points (while it runs, those so far), and whether Stop ended it early. */
export interface SweepOutput {
  values: SweepValue[];
  stopped: boolean;
}

/** A paper check's answer. */
export interface CheckOutput {
  rows: ReproRow[];
}

/** The job the page's explore or paper mode shows, if it is one this sync computes. */
function labJobOf(c: AppConfig): { job: string; id: string; kind: 'sweep' | 'check' } | null {
  if (c.options.mode === 'explore') {
    const id = c.sweep || SWEEPS[0]?.id;
    // A family's own page (the circuit's heatmaps) computes its own jobs.
    return id && !findExplorerPageCard(id) ? { job: sweepJob(id), id, kind: 'sweep' } : null;
  }
  if (c.options.mode === 'paper') {
    const id = c.check || REPRODUCTION_CARDS[0]?.id;
    return id ? { job: checkJob(id), id, kind: 'check' } : null;
  }
  return null;
}

const isLabJob = (id: string) => id.startsWith('sweep:') || id.startsWith('check:');

/** The compared panes' configurations ('' outside compare mode). */
function compareKey(c: AppConfig): string {
  return c.options.mode === 'compare'
    ? JSON.stringify(c.compare.map((p) => [p.algorithm, paneParams(c, p)]))
    : '';
}

/** The same job with its answer read through `read` (stop and abort as they were). */
function mapped<T, U>(job: JobHandle<T>, read: (answer: T) => U): JobHandle<U> {
  return { result: job.result.then((r) => (r === null ? null : read(r))), stop: job.stop, abort: job.abort };
}

/** What the compare job's entry shows: one outcome per pane once done, or its error for each pane. */
function comparedOf(entry: JobEntry): RunOutcome[] | null {
  if (entry.status === 'done') return entry.output as RunOutcome[];
  if (entry.status !== 'error') return null;
  const panes = (JSON.parse(entry.input) as unknown[]).length;
  return Array.from({ length: panes }, () => ({ ok: false, message: entry.error ?? '' }));
}

/**
 * Compare mode, the explorer and the paper checks: each starts its job on the page's pool when its
 * inputs change, and the pane keeps what it got, so switching between modes does not recompute.
 * Returns the end of the sync (the store's changes start no more jobs; jobs in flight are ended).
 */
export function startLabSync(pool: Pick<WorkerPool, 'submit'>, store: PaneStore): () => void {
  const compare = (s: AppState, prevKey: string) => {
    const key = compareKey(s.config);
    const entry = s.jobs[COMPARE_JOB];
    // Computed, or computing, for these panes: kept (a failed one is tried again when they change).
    if (!key || (entry?.input === key && (entry.status !== 'error' || prevKey === key))) return;
    const configs = s.config.compare.map((p) => ({
      algorithm: p.algorithm,
      params: paneParams(s.config, p),
    }));
    const refused: (RunOutcome | null)[] = configs.map((cfg) => {
      const spec = findCard(cfg.algorithm);
      if (!spec) return { ok: false, message: `unknown algorithm "${cfg.algorithm}"` };
      const issues = checkRun(spec, cfg.params, BROWSER_LIMITS);
      return issues.length ? { ok: false, message: issues.map((i) => i.message).join(' ') } : null;
    });
    const todo = configs.filter((_, i) => !refused[i]);
    s.startJob<RunOutcome[]>(COMPARE_JOB, 'runs', key, () =>
      mapped(
        pool.submit((w) => w.runMany(todo)),
        (reply) => {
          let k = 0;
          return refused.map((r) => r ?? reply.outcomes[k++]);
        },
      ),
    );
  };

  const lab = (s: AppState, configChanged: boolean) => {
    const wanted = labJobOf(s.config);
    if (!wanted) return;
    const entry = s.jobs[wanted.job];
    // Done, stopped or running: kept. A failed one is tried again when the configuration changes.
    if (entry && (entry.status !== 'error' || !configChanged)) return;
    // One sweep or check at a time: another still running is dropped (and starts afresh when shown
    // again) after this one has started, so the store change the drop makes finds this one running.
    const others = Object.entries(s.jobs).filter(
      ([id, other]) => id !== wanted.job && isLabJob(id) && other.status === 'running',
    );
    if (wanted.kind === 'sweep') {
      s.startJob<SweepOutput>(wanted.job, 'sweep', wanted.id, (progress) => {
        let values: SweepValue[] = [];
        const job = pool.submit((w) =>
          w.sweep(wanted.id, (more, done, total) => {
            values = [...values, ...more];
            progress(done, total, { values, stopped: false });
          }),
        );
        return mapped(job, (r) => ({ values, stopped: r.stopped }));
      });
    } else {
      s.startJob<CheckOutput>(wanted.job, 'reproduce', wanted.id, () =>
        mapped(
          pool.submit((w) => w.reproduce(wanted.id)),
          (r) => ({ rows: r.rows }),
        ),
      );
    }
    for (const [id] of others) s.dropJob(id);
  };

  const initial = store.getState();
  compare(initial, '');
  lab(initial, true);
  const unsubscribe = store.subscribe((s, prev) => {
    const was = prev.jobs[COMPARE_JOB];
    const entry = s.jobs[COMPARE_JOB];
    if (entry && entry !== was && entry.status !== was?.status) {
      const compared = comparedOf(entry);
      if (compared) {
        store.setState({ compared });
        if (entry.status === 'done') store.getState().clampStep();
      }
    }
    const configChanged = s.config !== prev.config;
    if (configChanged) compare(store.getState(), compareKey(prev.config));
    // A job dropped ("compute it again") starts again if it is the one shown.
    if (configChanged || s.jobs !== prev.jobs) lab(store.getState(), configChanged);
  });
  return () => {
    unsubscribe();
    const s = store.getState();
    for (const [id, entry] of Object.entries(s.jobs))
      if ((id === COMPARE_JOB || isLabJob(id)) && entry.status === 'running') s.dropJob(id);
  };
}
