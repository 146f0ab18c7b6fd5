import { findAlgorithm } from '../../src/algorithms/registry';
import { decodeConfig, encodeConfig, type AppConfig } from '../../src/config/url-codec';
import { BROWSER_LIMITS, checkRun } from '../../src/run';
import { rememberPictures } from '../circuit/pictures';
import type { WorkerClient } from '../worker/client';
import { useApp } from './store';

/** Reads the permalink into the store, listing whatever had to be ignored. Returns `play=1`. */
export function loadFromUrl(search: string): boolean {
  const { config, ignored, play } = decodeConfig(search);
  const app = useApp.getState();
  app.loadConfig(config);
  if (ignored.length)
    app.addNotice({ title: 'Parts of this link were ignored', tone: 'warning', items: ignored });
  return play;
}

/** Same parameters and algorithm: a step or view change needs no new run. */
function sameRun(a: AppConfig, b: AppConfig): boolean {
  return a.algorithm === b.algorithm && JSON.stringify(a.params) === JSON.stringify(b.params);
}

/**
 * Keeps the URL, the worker and the store in step: parameter changes go to the worker (debounced);
 * the URL follows every change with replaceState (throttled), and the first parameter change after a
 * pause pushes a history entry, so Back returns to the previous configuration.
 */
export function startSync(client: WorkerClient): () => void {
  const w = window as unknown as { __ocl: Record<string, unknown> };
  w.__ocl = { ...w.__ocl, crashWorker: () => client.crashForTest() };
  client.onPictures = rememberPictures;
  let lastRun: AppConfig | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  const request = (config: AppConfig) => {
    const spec = findAlgorithm(config.algorithm);
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
    client.run(config.algorithm, config.params).then(
      (reply) => {
        if (!reply) return; // stale
        useApp.getState().runSucceeded(reply.result, reply.totalMs);
        expose(reply.result, reply.totalMs, performance.now() - t0);
      },
      (err: unknown) => useApp.getState().runFailed(err instanceof Error ? err.message : String(err)),
    );
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
  // previous configuration); changes in quick succession, like a drag, replace it.
  let settled = true;
  const onChange = (config: AppConfig, initial: boolean) => {
    const paramsChanged = !lastRun || !sameRun(lastRun, config);
    if (!initial && paramsChanged && settled) {
      history.pushState(null, '', `?${encodeConfig(config)}`);
      settled = false;
    } else if (initial) writeUrl();
    else urlTimer ??= setTimeout(writeUrl, 200);
    if (!paramsChanged) return;
    lastRun = config;
    clearTimeout(timer);
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => (settled = true), 1000);
    if (initial) request(config);
    else timer = setTimeout(() => request(config), 120);
  };

  onChange(useApp.getState().config, true);
  let restoring = false;
  const unsubscribe = useApp.subscribe((s, prev) => {
    if (s.config !== prev.config) onChange(s.config, restoring);
  });
  const onPop = () => {
    // Back/Forward: show that entry's configuration without starting a new entry.
    restoring = true;
    loadFromUrl(location.search);
    restoring = false;
  };
  window.addEventListener('popstate', onPop);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPop);
    clearTimeout(timer);
    clearTimeout(settleTimer);
    clearTimeout(urlTimer);
  };
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
