import { findCard } from '../../src/cards';
import { paneParams, type AppConfig } from '../../src/config/url-codec';
import { findExplorerPageCard, REPRODUCTION_CARDS, SWEEPS } from '../../src/experiments/catalogue';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import type { JobHandle, WorkerPool } from '../worker/pool';
import type { RunOutcome } from '../worker/protocol';
import type { AppState, SweepProgress } from './appState';
import type { PaneStore } from './paneStore';

/**
 * Compare mode, the explorer and the paper checks on the page's pool of workers (the visualizer's
 * own worker is sync.ts's).
 */

/** The compared panes' configurations, each checked against the browser's limits before any work. */
function compareKey(c: AppConfig): string {
  return c.options.mode === 'compare'
    ? JSON.stringify(c.compare.map((p) => [p.algorithm, paneParams(c, p)]))
    : '';
}

/** The explorer's and the paper page's controls of the sweep or check in flight. */
export interface LabControls {
  /** Stops the sweep in flight (it keeps every point so far), or the paper check (nothing is kept). */
  stop(): void;
  /** Computes a sweep or a paper check again from the start (after a stop or an error). */
  restart(id: string): void;
  /** Ends the sync: the store's changes start no more jobs. */
  dispose(): void;
}

/**
 * Compare mode, the explorer and the paper checks: each asks its own worker when its inputs change
 * and keeps what it got, so switching between modes does not recompute.
 */
export function startLabSync(pool: Pick<WorkerPool, 'submit'>, store: PaneStore): LabControls {
  let lastCompare = '';
  let labJob = '';
  let compareJob: JobHandle<unknown> | null = null;
  /** The explorer's sweep or the paper check in flight (one at a time: a new one aborts the old). */
  let labHandle: JobHandle<unknown> | null = null;
  /** The paper check the Stop button ended (it then shows "stopped" instead of waiting). */
  let stoppedCheck = '';
  const compare = (c: AppConfig) => {
    const key = compareKey(c);
    if (key === lastCompare) return;
    lastCompare = key;
    if (!key) return;
    const configs = c.compare.map((p) => ({ algorithm: p.algorithm, params: paneParams(c, p) }));
    const refused: (RunOutcome | null)[] = configs.map((cfg) => {
      const spec = findCard(cfg.algorithm);
      if (!spec) return { ok: false, message: `unknown algorithm "${cfg.algorithm}"` };
      const issues = checkRun(spec, cfg.params, BROWSER_LIMITS);
      return issues.length ? { ok: false, message: issues.map((i) => i.message).join(' ') } : null;
    });
    const todo = configs.filter((_, i) => !refused[i]);
    store.setState({ compareStatus: 'running' });
    compareJob?.abort();
    const job = pool.submit((w) => w.runMany(todo));
    compareJob = job;
    job.result.then(
      (reply) => {
        if (!reply) return;
        let k = 0;
        const compared = refused.map((r) => r ?? reply.outcomes[k++]);
        store.setState({ compared, compareStatus: 'ready' });
        store.getState().clampStep();
      },
      (err: unknown) =>
        store.setState({
          compared: configs.map(() => ({
            ok: false,
            message: err instanceof Error ? err.message : String(err),
          })),
          compareStatus: 'error',
        }),
    );
  };

  const lab = (c: AppConfig) => {
    const st = store.getState();
    if (c.options.mode === 'explore') {
      const id = c.sweep || SWEEPS[0]?.id;
      // A family's own page (the circuit's heatmaps) computes its own jobs.
      if (!id || findExplorerPageCard(id) || labJob === `sweep:${id}` || st.sweeps[id]?.finished) return;
      labJob = `sweep:${id}`;
      const put = (patch: Partial<SweepProgress>) => {
        const cur = store.getState().sweeps[id] ?? {
          values: [],
          done: 0,
          total: 0,
          finished: false,
          error: null,
        };
        store.setState({ sweeps: { ...store.getState().sweeps, [id]: { ...cur, ...patch } } });
      };
      put({ values: [], done: 0, total: 0, finished: false, error: null });
      labHandle?.abort();
      const job = pool.submit((w) =>
        w.sweep(id, (values, done, total) =>
          put({ values: [...(store.getState().sweeps[id]?.values ?? []), ...values], done, total }),
        ),
      );
      labHandle = job;
      job.result.then(
        (r) => {
          if (labJob === `sweep:${id}`) labJob = '';
          if (r) put({ finished: true, stopped: r.stopped });
        },
        (err: unknown) => {
          labJob = '';
          put({ error: err instanceof Error ? err.message : String(err) });
        },
      );
    } else if (c.options.mode === 'paper') {
      const id = c.check || REPRODUCTION_CARDS[0]?.id;
      const known = st.checks[id];
      if (!id || labJob === `check:${id}` || known?.rows || known?.stopped) return;
      labJob = `check:${id}`;
      const put = (check: AppState['checks'][string]) =>
        store.setState({ checks: { ...store.getState().checks, [id]: check } });
      put({ rows: null, error: null });
      labHandle?.abort();
      const job = pool.submit((w) => w.reproduce(id));
      labHandle = job;
      job.result.then(
        (r) => {
          if (labJob === `check:${id}`) labJob = '';
          if (r) put({ rows: r.rows, error: null });
          // Ended without rows by the Stop button (not by a newer job): say so, and offer it again.
          else if (stoppedCheck === id) put({ rows: null, error: null, stopped: true });
        },
        (err: unknown) => {
          labJob = '';
          put({ rows: null, error: err instanceof Error ? err.message : String(err) });
        },
      );
    }
  };

  const onConfig = (c: AppConfig) => {
    compare(c);
    lab(c);
  };
  onConfig(store.getState().config);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.config !== prev.config) onConfig(s.config);
  });
  return {
    stop: () => {
      const mode = store.getState().config.options.mode;
      stoppedCheck = mode === 'paper' ? labJob.replace(/^check:/, '') : '';
      labHandle?.stop();
    },
    restart: (id) => {
      const { [id]: _dropped, ...rest } = store.getState().sweeps;
      const { [id]: _check, ...checks } = store.getState().checks;
      stoppedCheck = '';
      store.setState({ sweeps: rest, checks });
      lab(store.getState().config);
    },
    dispose: () => {
      unsubscribe();
      compareJob?.abort();
      labHandle?.abort();
    },
  };
}
