import { findCard } from '../../src/cards';
import { paneParams, type AppConfig } from '../../src/config/url-codec';
import { findExplorerPageCard, REPRODUCTION_CARDS, SWEEPS } from '../../src/experiments/catalogue';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import type { JobHandle, PoolJob, WorkerPool } from '../worker/pool';
import type { RunOutcome } from '../worker/protocol';
import { useApp, type AppState, type SweepProgress } from './store';

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

/** The explorer's controls of its running sweep (set when the lab starts; no-ops before). */
let labControls: { stop(): void; restart(id: string): void } = {
  stop: () => undefined,
  restart: () => undefined,
};

/** The page's pool of background workers (set when the lab starts). */
let pagePool: WorkerPool | null = null;

/**
 * Runs a job on the page's pool of workers (the panels' heatmaps and paper claims). Before the page
 * has started its workers, the job fails with a message saying so.
 */
export function submitJob<T>(job: PoolJob<T>): JobHandle<T> {
  if (pagePool) return pagePool.submit(job);
  const result = Promise.reject(new Error('The workers have not been started yet.'));
  return { result, stop: () => undefined, abort: () => undefined };
}

/** Stops the sweep in flight: it ends after the point in hand, keeping every point so far. */
export const stopSweep = () => labControls.stop();

/** Computes a sweep again from its first point (after a stop or an error). */
export const restartSweep = (id: string) => labControls.restart(id);

/** Stops the paper check in flight (it is one piece of work: nothing is kept). */
export const stopCheck = () => labControls.stop();

/** Computes a paper check again (after a stop or an error). */
export const restartCheck = (id: string) => labControls.restart(id);

/**
 * Compare mode, the explorer and the paper checks: each asks its own worker when its inputs change
 * and keeps what it got, so switching between modes does not recompute.
 */
export function startLabSync(clients: { pool: WorkerPool }): () => void {
  let lastCompare = '';
  let labJob = '';
  let compareJob: JobHandle<unknown> | null = null;
  /** The explorer's sweep or the paper check in flight (one at a time: a new one aborts the old). */
  let labHandle: JobHandle<unknown> | null = null;
  /** The paper check the Stop button ended (it then shows "stopped" instead of waiting). */
  let stoppedCheck = '';
  pagePool = clients.pool;
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
    useApp.setState({ compareStatus: 'running' });
    compareJob?.abort();
    const job = clients.pool.submit((w) => w.runMany(todo));
    compareJob = job;
    job.result.then(
      (reply) => {
        if (!reply) return;
        let k = 0;
        const compared = refused.map((r) => r ?? reply.outcomes[k++]);
        useApp.setState({ compared, compareStatus: 'ready' });
        useApp.getState().clampStep();
      },
      (err: unknown) =>
        useApp.setState({
          compared: configs.map(() => ({
            ok: false,
            message: err instanceof Error ? err.message : String(err),
          })),
          compareStatus: 'error',
        }),
    );
  };

  const lab = (c: AppConfig) => {
    const st = useApp.getState();
    if (c.options.mode === 'explore') {
      const id = c.sweep || SWEEPS[0]?.id;
      // A family's own page (the circuit's heatmaps) computes its own jobs.
      if (!id || findExplorerPageCard(id) || labJob === `sweep:${id}` || st.sweeps[id]?.finished) return;
      labJob = `sweep:${id}`;
      const put = (patch: Partial<SweepProgress>) => {
        const cur = useApp.getState().sweeps[id] ?? {
          values: [],
          done: 0,
          total: 0,
          finished: false,
          error: null,
        };
        useApp.setState({ sweeps: { ...useApp.getState().sweeps, [id]: { ...cur, ...patch } } });
      };
      put({ values: [], done: 0, total: 0, finished: false, error: null });
      labHandle?.abort();
      const job = clients.pool.submit((w) =>
        w.sweep(id, (values, done, total) =>
          put({ values: [...(useApp.getState().sweeps[id]?.values ?? []), ...values], done, total }),
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
        useApp.setState({ checks: { ...useApp.getState().checks, [id]: check } });
      put({ rows: null, error: null });
      labHandle?.abort();
      const job = clients.pool.submit((w) => w.reproduce(id));
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
  labControls = {
    stop: () => {
      const mode = useApp.getState().config.options.mode;
      stoppedCheck = mode === 'paper' ? labJob.replace(/^check:/, '') : '';
      labHandle?.stop();
    },
    restart: (id) => {
      const { [id]: _dropped, ...rest } = useApp.getState().sweeps;
      const { [id]: _check, ...checks } = useApp.getState().checks;
      stoppedCheck = '';
      useApp.setState({ sweeps: rest, checks });
      lab(useApp.getState().config);
    },
  };
  onConfig(useApp.getState().config);
  return useApp.subscribe((s, prev) => {
    if (s.config !== prev.config) onConfig(s.config);
  });
}
