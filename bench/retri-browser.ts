/**
 * ReTri in the browser: build + verify ReTri on 2187 nodes in the app's Web Worker, one full speed-up
 * heatmap on the pool of workers, and playing ReTri on 729 nodes while watching the main thread for
 * tasks over 50 ms. Serves dist/ with `vite preview` on E2E_PORT (default 4176) and drives headless
 * Chromium (the system browser). Prints Markdown to stdout, progress to stderr.
 *
 *   npm run bench:retri-browser
 *   npm run bench:retri-browser -- --runs 3 --play-seconds 10
 *
 * Peak memory is the largest summed RSS of the Chromium processes sampled every 100 ms during a run.
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launchOptions } from '../e2e/browser-path';
import {
  measureWorkerBuild,
  numberArg,
  ready,
  serveDist,
  withPage,
  type BenchWindow,
  type WorkerBuild,
} from './browser-kit';
import { median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4176);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BUILD_PATH = '/?v=1&alg=retri&nodes=2187&reconfigure=0,1,0,1,0,1,0&view=split';
const PLAY_PATH = `/?v=1&alg=retri&nodes=729&reconfigure=0,1,0,1,0,1&view=${process.env.PLAY_VIEW ?? 'split'}&speed=4`;

const log = (m: string) => console.error(`bench:retri-browser: ${m}`);

async function main() {
  const runs = numberArg('--runs', 3);
  const playSeconds = numberArg('--play-seconds', 10);
  const load = loadavg();
  const server = await serveDist(ROOT, PORT);
  const browser = await chromium.launch(launchOptions());
  try {
    // 1. Build + verify 2187 in the worker.
    const builds: WorkerBuild[] = [];
    for (let i = 0; i < runs; i++) {
      const sample = await measureWorkerBuild(browser, ORIGIN + BUILD_PATH, 500);
      log(
        `build 2187 run ${i + 1}/${runs}: worker total ${sample.totalMs.toFixed(0)} ms, peak Chromium RSS ${sample.peakMB.toFixed(0)} MB`,
      );
      builds.push(sample);
    }

    // 2. One full heatmap on the pool of workers (ReTri 243 vs. Bruck 256: the largest).
    const heat = await withPage(browser, async (page) => {
      await page.goto(`${ORIGIN}/?v=1&alg=retri&nodes=9`);
      await ready(page);
      await page.getByTestId('speedup-toggle').click();
      const t0 = Date.now();
      await page.getByTestId('speedup-select').selectOption('retri-vs-bruck-243');
      await page.getByTestId('heatmap-cell-268435456-50000').waitFor({ timeout: 180_000 });
      const ms = Date.now() - t0;
      const longest = await page.evaluate(() =>
        Math.max(0, ...(window as unknown as BenchWindow).__bench!.longtasks.map((t) => t.duration)),
      );
      return { ms, longest };
    });
    log(`heatmap retri-vs-bruck-243: ${heat.ms} ms`);

    // 3. Playing 729: restart whenever it reaches the end, for `playSeconds`.
    const play = await withPage(browser, async (page) => {
      await page.goto(ORIGIN + PLAY_PATH);
      await ready(page);
      // In the split view, wait until the worker's block-matrix pictures are on screen.
      if (!PLAY_PATH.includes('view=ring'))
        await page.waitForSelector('[data-testid="block-matrix"][data-ready="1"]', { timeout: 60_000 });
      await page.waitForTimeout(1000);
      const since = await page.evaluate(() => performance.now());
      const frames = await page.evaluate(
        (ms) =>
          new Promise<number[]>((resolve) => {
            const d: number[] = [];
            let last = performance.now();
            const end = last + ms;
            const tick = (t: number) => {
              d.push(t - last);
              last = t;
              if (t < end) requestAnimationFrame(tick);
              else resolve(d);
            };
            requestAnimationFrame(tick);
            const poll = () => {
              const b = document.querySelector('[data-testid="play"]') as HTMLButtonElement | null;
              if (b && /Play/.test(b.textContent ?? '')) b.click();
              if (performance.now() < end) setTimeout(poll, 100);
            };
            poll();
          }),
        playSeconds * 1000,
      );
      const tasks = await page.evaluate(
        (t0) => (window as unknown as BenchWindow).__bench!.longtasks.filter((t) => t.start >= t0),
        since,
      );
      const steps = await page.getByTestId('step-label').innerText();
      return { frames, tasks, steps };
    });
    log(`play 729: ${play.frames.length} frames, ${play.tasks.length} long tasks`);

    const b = {
      total: median(builds.map((s) => s.totalMs)),
      build: median(builds.map((s) => s.buildMs)),
      verify: median(builds.map((s) => s.verifyMs)),
      trip: median(builds.map((s) => s.roundTripMs)),
      wall: median(builds.map((s) => s.wallMs)),
      peak: Math.max(...builds.map((s) => s.peakMB)),
    };
    const fr = [...play.frames].sort((x, y) => x - y);
    const pct = (p: number) => fr[Math.min(fr.length - 1, Math.ceil((p / 100) * fr.length) - 1)];
    console.log(
      `- Date: ${new Date().toISOString()}; CPU ${cpus()[0]?.model.trim()} × ${cpus().length}; load before ${load.map((x) => x.toFixed(2)).join(' ')}`,
    );
    console.log('');
    console.log(
      '| ReTri 2187 in the worker | Build ms | Verify ms | Worker total ms | Round trip ms | Load → ready ms | Runs | Peak Chromium RSS MB |',
    );
    console.log('| --- | -: | -: | -: | -: | -: | --- | -: |');
    console.log(
      `| x = (${'0,1,0,1,0,1,0'}) | ${b.build.toFixed(0)} | ${b.verify.toFixed(0)} | **${b.total.toFixed(0)}** | ${b.trip.toFixed(0)} | ${b.wall.toFixed(0)} | ${builds.map((s) => s.totalMs.toFixed(0)).join(' / ')} | ${b.peak.toFixed(0)} |`,
    );
    console.log('');
    console.log(
      `Heatmap ReTri 243 vs. Bruck 256 (60 cells) on the pool of workers: **${heat.ms} ms** from choosing it to the last cell on screen; longest main-thread task during the page's life ${heat.longest.toFixed(0)} ms.`,
    );
    console.log('');
    console.log(
      '| Play 729 | Frames | FPS | p50 ms | p95 ms | max ms | Long tasks (> 50 ms) | Longest task ms | Step label at end |',
    );
    console.log('| --- | -: | -: | -: | -: | -: | -: | -: | --- |');
    console.log(
      `| ${playSeconds} s, speed 4 | ${fr.length} | ${(fr.length / playSeconds).toFixed(1)} | ${pct(50).toFixed(1)} | ${pct(95).toFixed(1)} | ${fr[fr.length - 1].toFixed(1)} | ${play.tasks.length} | ${Math.max(0, ...play.tasks.map((t) => t.duration)).toFixed(0)} | ${play.steps} |`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(`bench:retri-browser: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
