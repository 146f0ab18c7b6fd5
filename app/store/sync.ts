import { findCard } from '../../src/cards';
import { decodeConfig, encodeConfig, paneParams, type AppConfig } from '../../src/config/url-codec';
import { HEATMAPS_PAGE, REPRODUCTION_CARDS, SWEEPS } from '../../src/experiments/catalogue';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import { type RunResult } from '../../src/result';
import { offerOnOpen, rememberFailure, rememberGood } from './remembered';
import { rememberPictures } from '../families/circuit/pictures';
import { relayChains } from '../worker/chainRelay';
import type { RunReply, WorkerClient } from '../worker/client';
import type { JobHandle, PoolJob, WorkerPool } from '../worker/pool';
import { connectFileWorkers, reopenKeptFile } from '../files/openFile';
import { fileShown, sameFileView } from '../interop/fileView';
import type { RunOutcome } from '../worker/protocol';
import { useApp, type AppState, type SweepProgress } from './store';

/** Reads the permalink into the store, listing whatever had to be ignored. Returns `play=1`. */
export function loadFromUrl(search: string): boolean {
  const { config, ignored, play } = decodeConfig(search);
  const app = useApp.getState();
  app.loadConfig(config);
  if (ignored.length)
    app.addNotice({ title: 'Parts of this link were ignored', tone: 'warning', items: ignored });
  return play;
}

/**
 * Offers back the last good configuration when the page opens without a link or after a failure
 * (see remembered.ts), and from then on remembers each configuration that has a result on screen.
 */
export function offerLastGood(): void {
  const offer = offerOnOpen(location.search, useApp.getState().config);
  if (offer) {
    const spec = findCard(offer.config.algorithm);
    useApp.getState().addNotice({
      title: offer.afterFailure
        ? 'The page failed last time. Restore the last configuration that worked?'
        : 'Continue where you left off?',
      tone: 'info',
      items: [`${spec?.name ?? offer.config.algorithm}, ${offer.config.options.mode} mode`],
      action: { label: 'Restore', run: () => useApp.getState().loadConfig(offer.config) },
    });
  }
  window.addEventListener('error', (e) => {
    // The browser reports a ResizeObserver that could not deliver in one frame as an error: harmless.
    if (!String(e.message).startsWith('ResizeObserver loop')) rememberFailure();
  });
  // While playing, the step changes every frame: what is shown is remembered when playing stops or
  // the page is left, not on every frame (a storage write costs milliseconds of the frame).
  const remember = () => {
    const s = useApp.getState();
    if (s.result && showsResultOf(s.config, s.result)) rememberGood(s.config);
  };
  useApp.subscribe((s, prev) => {
    if (prev.playing && !s.playing) setTimeout(remember, 0);
    else if (s.playing && s.result === prev.result) return;
    else if (s.result !== prev.result || s.config !== prev.config) remember();
  });
  window.addEventListener('pagehide', remember);
}

/** Whether the result on screen was computed for this configuration (its file, or its algorithm and parameters). */
function showsResultOf(config: AppConfig, result: RunResult): boolean {
  if (config.file || result.source) return fileShown(config, result);
  return (
    result.algorithm === config.algorithm && JSON.stringify(result.params) === JSON.stringify(config.params)
  );
}

/** Whether two configurations differ at most in their step. */
function sameExceptStep(a: AppConfig, b: AppConfig): boolean {
  // A step change copies the rest by reference (the store's setStep): no need to encode both.
  const { step: _a, ...restA } = a;
  const { step: _b, ...restB } = b;
  if ((Object.keys(restA) as (keyof typeof restA)[]).every((k) => restA[k] === restB[k])) return true;
  return encodeConfig({ ...a, step: 0 }) === encodeConfig({ ...b, step: 0 });
}

/** Same file, or same parameters and algorithm: a step or view change needs no new run. */
/** Whether two configurations show the same mode, explorer chart and paper check. */
function samePlace(a: AppConfig, b: AppConfig): boolean {
  return a.options.mode === b.options.mode && a.sweep === b.sweep && a.check === b.check;
}

function sameRun(a: AppConfig, b: AppConfig): boolean {
  if (a.file || b.file) return sameFileView(a, b);
  return a.algorithm === b.algorithm && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/**
 * Keeps the URL, the worker and the store in step: parameter changes go to the worker (debounced);
 * the URL follows every change with replaceState (throttled), and the first parameter change after a
 * pause pushes a history entry, so Back returns to the previous configuration.
 */
export interface Clients {
  /** The visualizer's schedule, on a worker of its own: nothing in the background holds it up. */
  run: WorkerClient;
  /** Everything else: compare mode's schedules, sweeps, paper checks, heatmaps (app/worker/pool.ts). */
  pool: WorkerPool;
}

export function startSync(clients: Clients): () => void {
  const client = clients.run;
  const stopLab = startLabSync(clients);
  const w = window as unknown as { __ocl: Record<string, unknown> };
  w.__ocl = {
    ...w.__ocl,
    crashWorker: () => client.crashForTest(),
    /** Crashes the pool's workers (end-to-end tests of a worker that then cannot be started again). */
    crashPool: () => clients.pool.crashForTest(),
    /** Slows the pool's jobs (each starts late and pauses between slices), so a test can press Stop. */
    pacePool: (ms: number) => clients.pool.paceForTest(ms),
    /** Slows the visualizer's worker the same way (a file's pieces: the progress line can be seen). */
    paceWorker: (ms: number) => client.paceForTest(ms),
    /** Makes the worker stop answering and shortens the silence allowed before it is stopped. */
    hangWorker: (silenceMs: number) => {
      client.silenceMs = silenceMs;
      client.hangForTest();
    },
    // The link fuzzing test reads each link's notices on their own.
    clearNotices: () => useApp.setState({ notices: [] }),
    /** Shows the current result as if its network were of model `kind` (views of unknown models). */
    showAsModel: (kind: string) => {
      const r = useApp.getState().result;
      if (r) useApp.setState({ result: { ...r, topology: { ...r.topology, kind: kind as 'generic' } } });
    },
  };
  client.onPictures = rememberPictures;
  client.onFormulas = (result, rows) => useApp.getState().formulasArrived(result, rows);
  client.onImproved = (result) => useApp.getState().resultImproved(result);
  client.onAttempt = (attempt) => useApp.getState().attemptArrived(attempt);
  // The search's chains run on the pool; its master stays in the visualizer's worker.
  const chains = relayChains(client, clients.pool, (waiting) => useApp.getState().searchWaiting(waiting));
  client.onChainTasks = chains.round;
  client.onSearch = (msg) => {
    if (msg.done) chains.drop();
    useApp.getState().searchReport(msg);
  };
  chainWorkers = () => clients.pool.size;
  searchControl = () => client.stopSearch();
  let lastRun: AppConfig | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  const succeeded = (t0: number) => (reply: RunReply | null) => {
    if (!reply) return; // stale
    useApp.getState().runSucceeded(reply.result, reply.totalMs);
    expose(reply.result, reply.totalMs, performance.now() - t0);
  };
  const failed = (err: unknown) =>
    useApp.getState().runFailed(err instanceof Error ? err.message : String(err));

  /** A schedule file: what this browser kept under the link's hash, read in the worker. */
  const requestFile = (hash: string) => {
    useApp.getState().runStarted();
    const t0 = performance.now();
    reopenKeptFile(hash, client).then(succeeded(t0), failed);
  };

  const request = (config: AppConfig) => {
    // The search that followed the last result is over: its chains are dropped.
    chains.drop();
    if (config.file) {
      // A file just opened is on screen already (app/files/openFile.ts): nothing to read again.
      if (!fileShown(config, useApp.getState().result)) requestFile(config.file);
      return;
    }
    const spec = findCard(config.algorithm);
    if (!spec) return;
    const issues = checkRun(spec, config.params, BROWSER_LIMITS);
    if (issues.length) {
      // Refused before any work starts; the last good result stays on screen, and a run still in
      // flight for an earlier configuration must not replace it.
      client.cancel();
      useApp.getState().runFailed(issues.map((i) => i.message).join(' '));
      return;
    }
    useApp.getState().runStarted();
    const t0 = performance.now();
    client.run(config.algorithm, config.params).then(succeeded(t0), failed);
  };

  // URL writes are throttled: playing at full speed changes the step every frame, and browsers
  // refuse bursts of history updates.
  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  const writeUrl = () => {
    urlTimer = undefined;
    const query = `?${encodeConfig(useApp.getState().config)}`;
    if (location.search !== query) history.replaceState(null, '', query);
  };

  // The first parameter change after a pause starts a new history entry (so Back returns to the
  // previous configuration); changes in quick succession, like a drag, replace it. A change of mode,
  // explorer chart or paper check always starts one.
  // Anything but the step is written at once, so a reload right after an edit keeps it; only the
  // step, which playing changes every frame, waits for the throttle.
  let settled = true;
  let lastConfig: AppConfig | null = null;
  /** `first`: the page's first configuration; `history`: Back/Forward; `edit`: anything else. */
  const onChange = (config: AppConfig, cause: 'first' | 'history' | 'edit') => {
    const edit = cause === 'edit';
    const paramsChanged = !lastRun || !sameRun(lastRun, config);
    const onlyStep =
      lastConfig !== null && config.step !== lastConfig.step && sameExceptStep(lastConfig, config);
    // Going to another mode, chart or paper check is a place of its own: Back returns from it.
    const moved = lastConfig !== null && !samePlace(lastConfig, config);
    lastConfig = config;
    if (edit && ((paramsChanged && settled) || moved)) {
      clearTimeout(urlTimer);
      urlTimer = undefined;
      history.pushState(null, '', `?${encodeConfig(config)}`);
      settled = false;
    } else if (!edit || !onlyStep) {
      clearTimeout(urlTimer);
      writeUrl();
    } else if (!useApp.getState().playing) urlTimer ??= setTimeout(writeUrl, 200);
    // Playing: the address bar catches up when playing stops (each write costs the frame ~10 ms).
    if (!paramsChanged) return;
    lastRun = config;
    clearTimeout(timer);
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => (settled = true), 1000);
    // The first configuration runs at once; edits and Back/Forward wait a moment, so a quick series
    // of them (typing, a drag, holding Back) runs only the last.
    if (cause === 'first') request(config);
    else timer = setTimeout(() => request(config), 120);
  };

  // A file that could not be opened may have cut short the run on screen (or its search).
  const resume = (s = useApp.getState()) =>
    (!s.result || !showsResultOf(s.config, s.result) || s.search?.done === false) && request(s.config);
  connectFileWorkers({ run: client, pool: clients.pool, resume });
  onChange(useApp.getState().config, 'first');
  let restoring = false;
  const unsubscribe = useApp.subscribe((s, prev) => {
    if (s.config !== prev.config) onChange(s.config, restoring ? 'history' : 'edit');
    // Playing stopped: the address bar catches up in a task of its own (it costs ~10 ms).
    else if (prev.playing && !s.playing) urlTimer ??= setTimeout(writeUrl, 0);
  });
  const onPop = () => {
    // Back/Forward: show that entry's configuration without starting a new entry.
    restoring = true;
    loadFromUrl(location.search);
    restoring = false;
  };
  window.addEventListener('popstate', onPop);
  // Leaving the page: the step may still be waiting for its throttled write, or playing.
  const onHide = () => {
    clearTimeout(urlTimer);
    writeUrl();
  };
  window.addEventListener('pagehide', onHide);
  return () => {
    connectFileWorkers(null);
    window.removeEventListener('pagehide', onHide);
    stopLab();
    unsubscribe();
    window.removeEventListener('popstate', onPop);
    clearTimeout(timer);
    clearTimeout(settleTimer);
    clearTimeout(urlTimer);
  };
}

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

let searchControl: () => void = () => undefined;

let chainWorkers = () => 0;

/** Workers of the pool that run a search's chains (one per core but one). */
export const searchWorkers = () => chainWorkers();

/** Stops the search that follows the shown result: it ends now, the best schedule it found stays shown. */
export const stopSearch = () => searchControl();

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
function startLabSync(clients: Clients): () => void {
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
      // The heatmap page computes its own jobs (SpeedupExplorer).
      if (!id || id === HEATMAPS_PAGE || labJob === `sweep:${id}` || st.sweeps[id]?.finished) return;
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

/** Numbers for benchmarks and tests, readable from the page. */
function expose(
  result: { timing: { buildMs: number; verifyMs: number }; summary: { transfers: number } },
  workerMs: number,
  roundTripMs: number,
) {
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
