import { findCard } from '../../src/cards';
import { decodeConfig, encodeConfig, type AppConfig } from '../../src/config/url-codec';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import type { RunResult } from '../../src/result';
import { offerOnOpen, rememberFailure, rememberGood } from './remembered';
import { rememberPictures } from './pictures';
import { rememberLinkLoad } from '../views/linkload/linkLoadStore';
import { leaseSearchWorkers } from '../worker/searchLease';
import type { RunReply } from '../worker/client';
import { reopenKeptFile } from '../files/openFile';
import { fileShown, sameFileView } from '../interop/fileView';
import { markKey } from './markSlice';
import type { PaneStore } from './paneStore';
import { createAppServices, type AppSession, type Clients } from './services';
import { computedFor, useApp } from './store';
import { exposeLastRun, exposeTestHooks } from './testHooks';

/** Reads the permalink into the store, listing whatever had to be ignored. Returns `play=1`. */
export function loadFromUrl(search: string, store: PaneStore = useApp): boolean {
  const { config, ignored, play } = decodeConfig(search);
  const app = store.getState();
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

/**
 * Whether the result on screen was computed for this configuration: a file with the view the link
 * asks for (fileView.ts: the network and stretch an imported file was read with), else the store's rule.
 */
function showsResultOf(config: AppConfig, result: RunResult): boolean {
  if (config.file || result.source) return fileShown(config, result);
  return computedFor(config, result);
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
export function startSync(clients: Clients, store: PaneStore = useApp): AppSession {
  const client = clients.run;
  // Files are read on the app's workers; one that could not be opened may have cut short the run on
  // screen (or its search), which then runs again.
  const services = createAppServices(clients, store, { ...clients, resume: () => resume() });
  const lp = { loaded: false };
  exposeTestHooks(clients, store, () => lp.loaded);
  client.onPictures = rememberPictures;
  client.onLinkLoad = rememberLinkLoad;
  client.onFormulas = (result, rows) => store.getState().formulasArrived(result, rows);
  client.onImproved = (result) => store.getState().resultImproved(result);
  client.onAttempt = (attempt) => store.getState().attemptArrived(attempt);
  // The search's chains run on workers of the pool leased to it; its master stays in the visualizer's worker.
  client.onLease = leaseSearchWorkers(clients.pool, (waiting) => store.getState().searchWaiting(waiting));
  client.onSearch = (msg) => store.getState().searchReport(msg);
  // The exact method's solver is loaded while the page is online, not when first chosen (it may be
  // offline by then); a load that fails is said at once.
  client.preloadLp = true;
  client.onLp = (ok, message) => {
    lp.loaded = ok;
    if (!ok)
      store.getState().addNotice({
        title: 'The exact method’s solver could not be loaded',
        tone: 'warning',
        items: [
          `HiGHS did not load (${message ?? 'no reason given'}): the NoC exact method will show the constructive schedule instead. Reload the page while online to use it.`,
        ],
      });
  };
  let lastRun: AppConfig | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  // A reply for a configuration no longer shown (a quick series of changes: the next request waits
  // for the debounce) is not shown: the store takes a result of the same algorithm as an interim
  // picture and drops any other; an error of an older configuration is not this one's.
  const succeeded = (t0: number) => (reply: RunReply | null) => {
    if (!reply) return; // stale
    store.getState().runSucceeded(reply.result, reply.totalMs);
    exposeLastRun(reply.result, reply.totalMs, performance.now() - t0);
  };
  const failed = (config: AppConfig) => (err: unknown) => {
    if (sameRun(config, store.getState().config))
      store.getState().runFailed(err instanceof Error ? err.message : String(err));
  };
  const progress = (done: number, total: number, unit: string) =>
    store.getState().buildProgress(done, total, unit);

  /** A schedule file: what this browser kept under the link's hash, read in the worker. */
  const requestFile = (hash: string) => {
    store.getState().runStarted();
    const t0 = performance.now();
    reopenKeptFile(hash, client, store).then(succeeded(t0), failed(store.getState().config));
  };

  const request = (config: AppConfig) => {
    if (config.file) {
      // A file just opened is on screen already (app/files/openFile.ts): nothing to read again.
      if (!fileShown(config, store.getState().result)) requestFile(config.file);
      return;
    }
    const spec = findCard(config.algorithm);
    if (!spec) return;
    const issues = checkRun(spec, config.params, BROWSER_LIMITS);
    if (issues.length) {
      // Refused before any work starts; the last good result stays on screen, and a run still in
      // flight for an earlier configuration must not replace it.
      client.cancel();
      store.getState().runFailed(issues.map((i) => i.message).join(' '));
      return;
    }
    store.getState().runStarted();
    const t0 = performance.now();
    client.run(config.algorithm, config.params, progress).then(succeeded(t0), failed(config));
  };

  // URL writes are throttled: playing at full speed changes the step every frame, and browsers
  // refuse bursts of history updates (Chromium: 200 in 10 s). A step after a pause is written at
  // once (a reload right after it keeps it); steps in quick succession at most every STEP_WRITE_MS.
  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  let lastWrite = -Infinity;
  const writeUrl = () => {
    urlTimer = undefined;
    lastWrite = performance.now();
    const query = `?${encodeConfig(store.getState().config)}`;
    if (location.search !== query) history.replaceState(null, '', query);
  };
  const writeStep = () => {
    if (urlTimer !== undefined) return;
    const wait = lastWrite + STEP_WRITE_MS - performance.now();
    if (wait <= 0) writeUrl();
    else urlTimer = setTimeout(writeUrl, wait);
  };

  // The first parameter change after a pause starts a new history entry (so Back returns to the
  // previous configuration); changes in quick succession, like a drag, replace it. A change of mode,
  // explorer chart or paper check, or a new mark, always starts one.
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
    // Marking links (a heatmap cell, a verdict, a chunk's path) is a deliberate pick: Back returns
    // to the mark before it. Taking a mark away only rewrites the entry.
    const marked =
      lastConfig !== null && config.mark.length > 0 && markKey(config.mark) !== markKey(lastConfig.mark);
    lastConfig = config;
    if (edit && ((paramsChanged && settled) || moved || marked)) {
      clearTimeout(urlTimer);
      urlTimer = undefined;
      history.pushState(null, '', `?${encodeConfig(config)}`);
      settled = false;
    } else if (!edit || !onlyStep) {
      clearTimeout(urlTimer);
      writeUrl();
    } else if (!store.getState().playing) writeStep();
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

  const resume = (s = store.getState()) =>
    (!s.result || !showsResultOf(s.config, s.result) || s.search?.done === false) && request(s.config);
  onChange(store.getState().config, 'first');
  let restoring = false;
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.config !== prev.config) onChange(s.config, restoring ? 'history' : 'edit');
    // Playing stopped: the address bar catches up in a task of its own (it costs ~10 ms).
    else if (prev.playing && !s.playing) urlTimer ??= setTimeout(writeUrl, 0);
  });
  const onPop = () => {
    // Back/Forward: show that entry's configuration without starting a new entry.
    restoring = true;
    loadFromUrl(location.search, store);
    restoring = false;
  };
  window.addEventListener('popstate', onPop);
  // Leaving the page: the step may still be waiting for its throttled write, or playing.
  const onHide = () => {
    clearTimeout(urlTimer);
    writeUrl();
  };
  window.addEventListener('pagehide', onHide);
  const stop = () => {
    window.removeEventListener('pagehide', onHide);
    services.dispose();
    unsubscribe();
    window.removeEventListener('popstate', onPop);
    clearTimeout(timer);
    clearTimeout(settleTimer);
    clearTimeout(urlTimer);
  };
  return { ...services, dispose: stop };
}

/** Steps in quick succession (a held arrow key) are written to the address bar at most this often (ms). */
const STEP_WRITE_MS = 100;
