/**
 * Browser benchmark: builds in the app's Web Worker, the main thread's smoothness while playing, and
 * the explorer's sweeps. Drives the built app (dist/, served by `vite preview` on BENCH_PORT, default
 * 4173) in headless Chromium and prints Markdown tables to stdout (progress goes to stderr).
 *
 *   npm run bench:browser                                   # the default cases below
 *   npm run bench:browser -- --runs 5 --play-seconds 20
 *   npm run bench:browser -- --build 'v=1&alg=optree&nodes=1024&wavelengths=64' \
 *       --play 'v=1&alg=one-stage&nodes=1024&wavelengths=64&speed=max&play=1' --explore optree-fig4
 *
 * --build QUERY (repeatable; default ring-allgather N=4096): opens the permalink in a fresh browser
 *   context per run (so a fresh worker), waits for [data-testid="result-status"][data-status="ready"]
 *   and reads the worker's timings from window.__ocl.lastRun; checks the transfer count against the
 *   algorithm's estimate. Median of the runs. The worker's first build then runs while the page is
 *   still starting up, on the same cores.
 * --switch QUERY (repeatable): the same build chosen in an open page: opens the app's default
 *   configuration, waits until it is shown and the page has been idle for a second, then moves to
 *   QUERY inside the page (as the browser's Back and Forward do) and measures that build. The
 *   worker has built the default configuration before, never this one.
 * --play QUERY (repeatable; default ring-allgather N=1024 at full speed): for a fixed window while
 *   it plays, records requestAnimationFrame deltas and, from a Chrome trace of the renderer's main
 *   thread, every task's length (the 'longtask' API sees only tasks over 50 ms; the margin under the
 *   target matters on a shared machine). Repeated --runs times, a fresh page each, with the load
 *   average at the start of each run. Target: no main-thread task over 50 ms.
 * --profile DIR: also saves a V8 CPU profile of each playback window and prints the longest busy
 *   stretches with the functions they ran (see bench/main-thread.ts).
 * A --play query without play=1 is started with the Space key just after the window opens (a
 * schedule of a few steps at full speed would otherwise end before it).
 * The default cases run only when no --build, --play or --explore is given.
 * --explore SWEEP (repeatable): time to the first chart point and to the whole sweep, with the
 *   longest main-thread task and frame gap meanwhile.
 *
 * Harness failures (no browser, no build, app never ready, wrong result) exit non-zero with a
 * message; missed targets are reported, not treated as failures (see bench/README.md).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import { launchOptions } from '../e2e/browser-path';
import { findAlgorithm } from '../src/registry';
import { decodeConfig } from '../src/config/url-codec';
import { busyStretches, mainThreadTasks, type CpuProfile } from './main-thread';
import { median, percentile } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DEFAULT_BUILD = 'v=1&alg=ring-allgather&nodes=4096';
const DEFAULT_PLAY = 'v=1&alg=ring-allgather&nodes=1024&speed=max&play=1';
const STATUS = '[data-testid="result-status"]';
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 120_000);
const OVERALL_TIMEOUT_MS = 15 * 60_000;
const LONG_TASK_TARGET_MS = 50;

/** Every value of a repeatable option (`--build Q --build Q2`). */
function args(name: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => {
    // A permalink's query, with or without its leading '/?' or '?'.
    if (a === name && process.argv[i + 1] !== undefined) out.push(process.argv[i + 1].replace(/^\/?\?/, ''));
  });
  return out;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new BenchError(`${name} needs a positive number`);
  return v;
}

function stringArg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

class BenchError extends Error {}

const log = (msg: string) => console.error(`bench:browser: ${msg}`);

interface LastRun {
  buildMs: number;
  verifyMs: number;
  totalMs: number;
  transfers: number;
  roundTripMs?: number;
}

interface BenchWindow {
  __ocl?: { lastRun?: LastRun };
  __bench?: { longtasks: { start: number; duration: number }[]; observerError?: string };
}

/** Runs in the page before any of its scripts: collects every long task from the start. */
function installObservers() {
  const w = window as unknown as BenchWindow;
  const bench: NonNullable<BenchWindow['__bench']> = { longtasks: [] };
  w.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    bench.observerError = String(e);
  }
}

async function startServer(): Promise<PreviewServer> {
  if (!existsSync(`${ROOT}/dist/index.html`))
    throw new BenchError('dist/ has no build; run `npx vite build` first (`npm run bench:browser` does).');
  try {
    return await preview({
      root: ROOT,
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: PORT, strictPort: true, open: false },
    });
  } catch (e) {
    throw new BenchError(
      `could not start vite preview on port ${PORT} (${e instanceof Error ? e.message : String(e)}); ` +
        'is another preview or Playwright run using it?',
    );
  }
}

/** Opens `path` and waits until the app shows a result; fails clearly on an error or a timeout. */
async function openAndWaitReady(page: Page, path: string, errors: string[]): Promise<number> {
  const t0 = Date.now();
  await page.goto(ORIGIN + path, { waitUntil: 'load', timeout: 60_000 });
  try {
    await page.waitForSelector(`${STATUS}[data-status="ready"], ${STATUS}[data-status="error"]`, {
      state: 'attached',
      timeout: READY_TIMEOUT_MS,
    });
  } catch {
    const status = await page
      .locator(STATUS)
      .getAttribute('data-status', { timeout: 1000 })
      .catch(() => null);
    throw new BenchError(
      `${path}: no result after ${READY_TIMEOUT_MS / 1000} s ` +
        (status === null
          ? `(no ${STATUS} element — is the app built and rendering?)`
          : `(data-status="${status}")`) +
        (errors.length ? `; page errors: ${errors.join(' | ')}` : ''),
    );
  }
  const wallMs = Date.now() - t0;
  if ((await page.locator(STATUS).getAttribute('data-status')) === 'error') {
    const why = await page
      .getByTestId('run-error')
      .innerText({ timeout: 1000 })
      .catch(() => '(no message shown)');
    throw new BenchError(`${path}: the app reported an error: ${why.trim()}`);
  }
  return wallMs;
}

async function lastRun(page: Page, path: string): Promise<LastRun> {
  try {
    await page.waitForFunction(() => (window as unknown as BenchWindow).__ocl?.lastRun, null, {
      timeout: 5000,
    });
  } catch {
    throw new BenchError(`${path}: the result is shown but window.__ocl.lastRun is missing`);
  }
  return page.evaluate(() => (window as unknown as BenchWindow).__ocl!.lastRun!);
}

async function newPage(
  browser: Browser,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  // tsx (esbuild, keepNames) wraps named inner functions in a `__name()` helper that only exists in
  // Node; functions sent to the page for evaluation need a stand-in.
  await context.addInitScript({ content: 'window.__name = window.__name || ((f) => f);' });
  await context.addInitScript(installObservers);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('crash', () => errors.push('page crashed'));
  return { page, errors, close: () => context.close() };
}

interface BuildSample extends LastRun {
  wallMs: number;
  longestTaskMs: number;
}

/** Moves an open page to `query` the way Back/Forward does; resolves once its result is shown. */
async function switchTo(page: Page, query: string, transfers: number): Promise<number> {
  const t0 = Date.now();
  await page.evaluate((q) => {
    history.pushState(null, '', `/?${q}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, query);
  try {
    await page.waitForFunction(
      ([n, status]) =>
        (window as unknown as BenchWindow).__ocl?.lastRun?.transfers === n &&
        document.querySelector(status)?.getAttribute('data-status') === 'ready',
      [transfers, STATUS] as const,
      { timeout: READY_TIMEOUT_MS },
    );
  } catch {
    throw new BenchError(`switching to ${query}: no result with ${transfers} transfers in time`);
  }
  return Date.now() - t0;
}

async function benchBuild(
  browser: Browser,
  query: string,
  runs: number,
  inOpenPage = false,
): Promise<BuildSample[]> {
  const { config, ignored } = decodeConfig(query);
  if (ignored.length) throw new BenchError(`--build ${query}: ${ignored.join('; ')}`);
  const spec = findAlgorithm(config.algorithm);
  if (!spec) throw new BenchError(`unknown algorithm ${config.algorithm}`);
  const expected = spec.estimate(config.params).transfers;
  const path = `/?${query}`;
  const samples: BuildSample[] = [];
  for (let i = 0; i < runs; i++) {
    const { page, errors, close } = await newPage(browser);
    try {
      let wallMs: number;
      if (inOpenPage) {
        await openAndWaitReady(page, '/', errors);
        await page.waitForTimeout(1000);
        wallMs = await switchTo(page, query, expected);
      } else wallMs = await openAndWaitReady(page, path, errors);
      const r = await lastRun(page, path);
      if (r.transfers !== expected)
        throw new BenchError(
          `${path}: the result shown has ${r.transfers} transfers, expected ${expected} (wrong run measured?)`,
        );
      await page.waitForTimeout(300); // let long-task entries for the final render arrive
      const longestTaskMs = await page.evaluate(() =>
        Math.max(0, ...(window as unknown as BenchWindow).__bench!.longtasks.map((t) => t.duration)),
      );
      if (errors.length) throw new BenchError(`${path}: page errors: ${errors.join(' | ')}`);
      log(
        `${inOpenPage ? 'switch' : 'build'} ${query} run ${i + 1}/${runs}: worker build ${r.buildMs} ms, ` +
          `verify ${r.verifyMs} ms, worker total ${r.totalMs.toFixed(0)} ms, ${inOpenPage ? 'switch' : 'load'}→ready ${wallMs} ms`,
      );
      samples.push({ ...r, wallMs, longestTaskMs });
    } finally {
      await close();
    }
  }
  return samples;
}

interface ExploreResult {
  firstPointMs: number;
  doneMs: number;
  points: number;
  longTasks: number[];
  maxFrameMs: number;
}

/**
 * The explorer: opens `?mode=explore&sweep=<id>` and measures the time to the first plotted point
 * and to the last, with the longest main-thread tasks and frame gaps meanwhile (the UI must stay
 * responsive while the worker computes).
 */
async function benchExplore(browser: Browser, sweep: string): Promise<ExploreResult> {
  const { page, errors, close } = await newPage(browser);
  const path = `/?v=1&mode=explore&sweep=${sweep}`;
  try {
    const t0 = Date.now();
    await page.goto(ORIGIN + path, { waitUntil: 'load', timeout: 60_000 });
    // Frame gaps from page load on: a blocked main thread shows up as a long gap.
    await page.evaluate(() => {
      const w = window as unknown as { __gaps: number[] };
      w.__gaps = [];
      let last = performance.now();
      const f = (now: number) => {
        w.__gaps.push(now - last);
        last = now;
        requestAnimationFrame(f);
      };
      requestAnimationFrame(f);
    });
    await page.waitForSelector('[data-testid="chart-point"]', { timeout: READY_TIMEOUT_MS });
    const firstPointMs = Date.now() - t0;
    await page.waitForSelector('[data-testid="sweep-progress"][data-done="yes"]', {
      timeout: OVERALL_TIMEOUT_MS,
    });
    const doneMs = Date.now() - t0;
    await page.waitForTimeout(300);
    const r = await page.evaluate(() => {
      const w = window as unknown as BenchWindow & { __gaps: number[] };
      return {
        longTasks: w.__bench!.longtasks.map((t) => t.duration),
        maxFrameMs: Math.max(0, ...w.__gaps.slice(1)),
        points: document.querySelectorAll('[data-testid="chart-point"]').length,
      };
    });
    if (errors.length) throw new BenchError(`${path}: page errors: ${errors.join(' | ')}`);
    log(`explore ${sweep}: first point ${firstPointMs} ms, done ${doneMs} ms, ${r.points} points drawn`);
    return { firstPointMs, doneMs, ...r };
  } finally {
    await close();
  }
}

interface PlayResult {
  /** Every main-thread task in the window (ms), from a Chrome trace. */
  tasks: number[];
  longestTaskMs: number;
  frames: number;
  seconds: number;
  deltas: number[];
  longTasks: number[];
  observerError?: string;
  stepBefore: string;
  stepAfter: string;
}

/** Busy stretches shorter than this are not reported from a profile. */
const PROFILE_REPORT_MS = 20;

async function benchPlay(
  browser: Browser,
  query: string,
  seconds: number,
  profileTo?: string,
): Promise<PlayResult> {
  const { page, errors, close } = await newPage(browser);
  const PLAY_PATH = `/?${query}`;
  try {
    await openAndWaitReady(page, PLAY_PATH, errors);
    const label = page.getByTestId('step-label');
    const first = (await label.innerText()).trim();
    // With play=1 the page starts playing as the result arrives: measure once the step has moved. A
    // query without it is started with the Space key once the window is open, so a schedule of a few
    // steps at full speed (star gossip: 4) is measured too, without the result's arrival.
    const autoplay = new URLSearchParams(query).get('play') === '1';
    if (autoplay)
      try {
        await page.waitForFunction(
          (t) => document.querySelector('[data-testid="step-label"]')?.textContent?.trim() !== t,
          first,
          { timeout: 10_000 },
        );
      } catch {
        throw new BenchError(`${PLAY_PATH}: playback did not start (step label stayed "${first}" for 10 s)`);
      }
    else await page.waitForTimeout(1000); // let the first render settle
    const stepBefore = (await label.innerText()).trim();
    const cdp = profileTo ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: ['toplevel'] });
    const measuring = page.evaluate(async (ms) => {
      const deltas: number[] = [];
      const t0 = performance.now();
      await new Promise<void>((done) => {
        let last: number | undefined;
        const frame = (now: number) => {
          if (last !== undefined) deltas.push(now - last);
          last = now;
          if (now - t0 < ms) requestAnimationFrame(frame);
          else done();
        };
        requestAnimationFrame(frame);
      });
      const t1 = performance.now();
      await new Promise((r) => setTimeout(r, 300)); // long-task entries are delivered asynchronously
      const bench = (window as unknown as BenchWindow).__bench!;
      const longTasks = bench.longtasks
        .filter((t) => t.start + t.duration >= t0 && t.start <= t1)
        .map((t) => t.duration);
      return { deltas, longTasks, seconds: (t1 - t0) / 1000, observerError: bench.observerError };
    }, seconds * 1000);
    if (!autoplay) await page.keyboard.press(' ');
    const window_ = await measuring;
    const tasks = mainThreadTasks(JSON.parse((await browser.stopTracing()).toString('utf8')));
    const stepAfter = (await label.innerText()).trim();
    if (cdp && profileTo) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      writeFileSync(profileTo, JSON.stringify(profile));
      const busy = busyStretches(profile, PROFILE_REPORT_MS);
      log(`profile ${profileTo}: ${busy.length} busy stretches of ${PROFILE_REPORT_MS} ms or more`);
      for (const b of busy.slice(0, 5)) {
        log(`  ${b.durationMs.toFixed(1)} ms at ${b.startMs.toFixed(0)} ms; self:`);
        for (const f of b.self.slice(0, 8)) log(`    ${f.ms.toFixed(1)} ms  ${f.name}`);
        log('   total:');
        for (const f of b.total.slice(0, 10)) log(`    ${f.ms.toFixed(1)} ms  ${f.name}`);
      }
    }
    if (errors.length) throw new BenchError(`${PLAY_PATH}: page errors: ${errors.join(' | ')}`);
    if (!tasks.length) throw new BenchError(`${PLAY_PATH}: the trace has no main-thread tasks`);
    return {
      ...window_,
      tasks,
      longestTaskMs: Math.max(...tasks),
      frames: window_.deltas.length,
      stepBefore,
      stepAfter,
    };
  } finally {
    await close();
  }
}

function machine(browserVersion: string): string[] {
  return [
    `- Date: ${new Date().toISOString()}`,
    `- CPU: ${cpus()[0]?.model.trim() ?? 'unknown'} — ${cpus().length} logical CPUs; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
    `- Memory: ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node ${process.version}; Chromium ${browserVersion} (headless, ${launchOptions().executablePath})`,
  ];
}

async function main() {
  const runs = arg('--runs', 3);
  const seconds = arg('--play-seconds', 10);
  const timer = setTimeout(() => {
    log(`gave up after ${OVERALL_TIMEOUT_MS / 60_000} min`);
    process.exit(1);
  }, OVERALL_TIMEOUT_MS);
  timer.unref();

  const launch = launchOptions(); // throws with instructions when there is no Chromium
  log('starting vite preview');
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    log(`launching ${launch.executablePath}`);
    browser = await chromium.launch({ ...launch, timeout: 60_000 });
    const given = ['--build', '--switch', '--play', '--explore'].some((o) => args(o).length > 0);
    // The default cases run when no case is named; naming only --play cases skips the build table.
    const builds = args('--build').length ? args('--build') : given ? [] : [DEFAULT_BUILD];
    const plays = args('--play').length ? args('--play') : given ? [] : [DEFAULT_PLAY];
    const explores = args('--explore');
    const switches = args('--switch');
    const profileDir = stringArg('--profile');
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—');
    const f1 = (x: number) => x.toFixed(1);
    console.log(`## Browser (\`npm run bench:browser\`)\n`);
    console.log(machine(browser.version()).join('\n'));

    const buildTable = async (queries: string[], inOpenPage: boolean) => {
      if (!queries.length) return;
      console.log(
        inOpenPage
          ? `\n### Build in the Web Worker of an open page (switched from the default configuration), median of ${runs} runs\n`
          : `\n### Build in the Web Worker, opened from a permalink, median of ${runs} runs\n`,
      );
      console.log(
        `| Configuration | Transfers | Build ms | Verify ms | Build + verify ms | Runs (build + verify ms) | Worker total ms | Round trip ms | ${inOpenPage ? 'Switch' : 'Load'} → ready ms | Longest main-thread task ms |`,
      );
      console.log('| --- | --: | --: | --: | --: | --- | --: | --: | --: | --: |');
      for (const q of queries) {
        const b = await benchBuild(browser!, q, runs, inOpenPage);
        const m = (k: keyof BuildSample) => median(b.map((x) => (x[k] as number | undefined) ?? NaN));
        const bv = b.map((x) => x.buildMs + x.verifyMs);
        console.log(
          `| \`${q}\` | ${b[0].transfers.toLocaleString('en-US')} | ${f0(m('buildMs'))} | ${f0(m('verifyMs'))} | ` +
            `**${f0(median(bv))}** | ${bv.map(f0).join(' / ')} | ${f0(m('totalMs'))} | ${f0(m('roundTripMs'))} | ` +
            `${f0(m('wallMs'))} | ${f0(Math.max(...b.map((x) => x.longestTaskMs)))} |`,
        );
      }
      console.log(
        inOpenPage
          ? '\n"Longest main-thread task" here includes the default page\'s start-up and receiving both results.'
          : '\n"Longest main-thread task" here includes page start-up (parsing, first render) and receiving the result.',
      );
    };
    await buildTable(builds, false);
    await buildTable(switches, true);

    if (plays.length) {
      console.log(`\n### Playback, ${seconds} s window, ${runs} runs (a fresh page each)\n`);
      console.log(
        '| Configuration | Load (1 min) | Frames | FPS | Frame p50 ms | p95 ms | p99 ms | max ms | Longest task ms (each run) | Tasks > 30 ms | Tasks > 50 ms | Step label (start → end) | Target |',
      );
      console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --- | --: | --: | --- | --- |');
    }
    for (const q of plays) {
      const samples: PlayResult[] = [];
      const loads: number[] = [];
      for (let i = 0; i < runs; i++) {
        log(`playing ${q} for ${seconds} s (run ${i + 1}/${runs})`);
        loads.push(loadavg()[0]);
        const slug = q.replace(/[^a-z0-9=]+/gi, '_').slice(0, 80);
        const play = await benchPlay(
          browser,
          q,
          seconds,
          profileDir ? `${profileDir}/${slug}-run${i + 1}.cpuprofile` : undefined,
        );
        log(
          `  longest task ${f1(play.longestTaskMs)} ms; tasks over 30 ms: ${
            play.tasks
              .filter((t) => t > 30)
              .map(f0)
              .join(', ') || 'none'
          }`,
        );
        samples.push(play);
      }
      const d = samples.flatMap((p) => p.deltas);
      const frames = d.length;
      const secs = samples.reduce((a, p) => a + p.seconds, 0);
      const tasks = samples.flatMap((p) => p.tasks);
      const over = tasks.filter((t) => t > LONG_TASK_TARGET_MS).length;
      console.log(
        `| \`${q}\` | ${loads.map((x) => x.toFixed(2)).join(' / ')} | ${frames} | ${f1(frames / secs)} | ${f1(percentile(d, 50))} | ` +
          `${f1(percentile(d, 95))} | ${f1(percentile(d, 99))} | ${f1(Math.max(...d))} | ` +
          `**${f0(Math.max(...samples.map((p) => p.longestTaskMs)))}** (${samples.map((p) => f0(p.longestTaskMs)).join(' / ')}) | ` +
          `${tasks.filter((t) => t > 30).length} | ${over} | ` +
          `${samples.map((p) => `${p.stepBefore} → ${p.stepAfter}`).join('; ')} | ` +
          `${over === 0 ? 'met' : `**missed** (${over} over ${LONG_TASK_TARGET_MS} ms)`} |`,
      );
      for (const p of samples)
        if (p.observerError) console.log(`\nThe long-task observer failed: ${p.observerError}`);
    }
    if (plays.length)
      console.log(
        "\nTask lengths come from a Chrome trace of the renderer's main thread during the window (every task, " +
          'not only those the long-task API reports); "Load" is the 1-minute load average when each run started.',
      );

    if (explores.length) {
      console.log('\n### Explorer sweeps (computed in the worker, drawn as they arrive)\n');
      console.log(
        '| Sweep | Points drawn | First point ms | Done ms | Longest main-thread task ms | Longest frame gap ms |',
      );
      console.log('| --- | --: | --: | --: | --: | --: |');
      for (const id of explores) {
        const e = await benchExplore(browser, id);
        console.log(
          `| ${id} | ${e.points} | ${e.firstPointMs} | ${e.doneMs} | ${f0(Math.max(0, ...e.longTasks))} | ${f0(e.maxFrameMs)} |`,
        );
      }
    }
  } finally {
    await browser?.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    log(e instanceof BenchError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
