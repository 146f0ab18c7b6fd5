/**
 * What the browser benchmarks share: the built app served, a page per measurement with a long-task
 * recorder, the summed memory of Chromium's processes, the wait for a shown result, and one build
 * in the app's worker measured.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';

export interface LongTask {
  start: number;
  duration: number;
}

export interface BenchWindow {
  __ocl?: {
    lastRun?: { buildMs: number; verifyMs: number; totalMs: number; transfers: number; roundTripMs: number };
  };
  __bench?: { longtasks: LongTask[] };
}

/** Runs in the page: records every main-thread task of 50 ms or more in `window.__bench`. */
function installObservers() {
  const w = window as unknown as BenchWindow;
  const bench = { longtasks: [] as LongTask[] };
  w.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Summed RSS (MB) of every Chromium process right now. */
export function chromiumRssMB(): number {
  try {
    const out = execSync('ps -eo rss,comm', { encoding: 'utf8' });
    let kb = 0;
    for (const line of out.split('\n'))
      if (/chrom/i.test(line)) kb += Number(line.trim().split(/\s+/)[0]) || 0;
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** Runs `f` in a fresh context (so a fresh worker) at 1280 × 720, with the long-task recorder. */
export async function withPage<T>(browser: Browser, f: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript({ content: 'window.__name = window.__name || ((f) => f);' });
  await context.addInitScript(installObservers);
  const page = await context.newPage();
  try {
    return await f(page);
  } finally {
    await context.close();
  }
}

/** Waits until the page shows a result. */
export async function ready(page: Page, timeout = 180_000) {
  await page.waitForSelector('[data-testid="result-status"][data-status="ready"]', {
    state: 'attached',
    timeout,
  });
}

/** The long tasks recorded since `since` (page time, ms). */
export const longTasksSince = (page: Page, since: number) =>
  page.evaluate(
    (t0) => (window as unknown as BenchWindow).__bench!.longtasks.filter((t) => t.start >= t0),
    since,
  );

/** The page's clock now (ms). */
export const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** A numeric command-line option (`--runs 3`), or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Serves the built `dist/` of `root` with Vite's preview server on 127.0.0.1:`port`. */
export async function serveDist(root: string, port: number): Promise<PreviewServer> {
  if (!existsSync(`${root}/dist/index.html`)) throw new Error('no dist/: run `npx vite build` first');
  return preview({ root, logLevel: 'warn', preview: { host: '127.0.0.1', port, strictPort: true } });
}

/** What one build in the app's worker took: the worker's own times, the wall clock, peak memory. */
export type WorkerBuild = NonNullable<NonNullable<BenchWindow['__ocl']>['lastRun']> & {
  /** From navigation to the result on screen (ms). */
  wallMs: number;
  /** Largest summed RSS of Chromium's processes, sampled every 100 ms (MB). */
  peakMB: number;
};

/**
 * Opens `url` in a fresh page (so a fresh worker), waits for the result and reads the worker's
 * timings; `settleMs` more before the last memory sample.
 */
export function measureWorkerBuild(browser: Browser, url: string, settleMs = 0): Promise<WorkerBuild> {
  return withPage(browser, async (page) => {
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, chromiumRssMB())), 100);
    const t0 = Date.now();
    await page.goto(url);
    await ready(page);
    const wallMs = Date.now() - t0;
    await page.waitForFunction(() => (window as unknown as BenchWindow).__ocl?.lastRun);
    const r = await page.evaluate(() => (window as unknown as BenchWindow).__ocl!.lastRun!);
    if (settleMs) await page.waitForTimeout(settleMs);
    clearInterval(timer);
    return { ...r, wallMs, peakMB: Math.max(peak, chromiumRssMB()) };
  });
}
