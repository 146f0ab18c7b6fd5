/**
 * The OTIS-Mesh at a million processors (P = 1024) in the browser: build + verify in the app's Web
 * Worker (EDN and single-port direct), then, on the EDN result, zooming, panning and playing at full
 * speed while the Long Tasks API records every main-thread task of 50 ms or more. Serves dist/ with
 * `vite preview` on E2E_PORT (default 4177) and drives headless Chromium (the system browser).
 * Prints Markdown to stdout, progress to stderr.
 *
 *   npm run bench:otis-browser
 *   npm run bench:otis-browser -- --runs 3 --play-seconds 10
 *
 * Peak memory is the largest summed RSS of the Chromium processes sampled every 100 ms during a build.
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { launchOptions } from '../e2e/browser-path';
import {
  longTasksSince,
  measureWorkerBuild,
  numberArg,
  pageNow,
  ready,
  serveDist,
  withPage,
  type LongTask,
  type WorkerBuild,
} from './browser-kit';
import { median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4177);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASE = '/?v=2&alg=otis-allreduce&group-size=1024&root=528&control-group=528';
const BUILDS = [
  { label: 'all-port EDN', query: `${BASE}&method=edn&ports=all` },
  { label: 'single-port direct', query: `${BASE}&method=direct&ports=single` },
];

const log = (m: string) => console.error(`bench:otis-browser: ${m}`);

/** Zooms in and out again at the view's centre, in wheel notches 50 ms apart. */
async function zoom(page: Page) {
  const box = (await page.getByTestId('mesh-view').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (const dy of [-200, 200])
    for (let i = 0; i < 15; i++) {
      await page.mouse.wheel(0, dy);
      await page.waitForTimeout(50);
    }
}

/** Zoomed in 8×, drags the picture around a square, in 40 moves. */
async function pan(page: Page) {
  const box = (await page.getByTestId('mesh-view').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -200);
  await page.waitForTimeout(300);
  await page.mouse.down();
  for (const [dx, dy] of [
    [150, 0],
    [150, 150],
    [0, 150],
    [0, 0],
  ])
    await page.mouse.move(cx + dx, cy + dy, { steps: 10 });
  await page.mouse.up();
  await page.getByTestId('mesh-zoom-reset').click();
}

/** Plays at full speed for `seconds`, starting again whenever it reaches the end. */
async function play(page: Page, seconds: number) {
  await page.getByTestId('speed').selectOption('max');
  await page.evaluate(
    (ms) =>
      new Promise<void>((resolve) => {
        const end = performance.now() + ms;
        const poll = () => {
          const b = document.querySelector('[data-testid="play"]') as HTMLButtonElement | null;
          if (b && /Play/.test(b.textContent ?? '')) b.click();
          if (performance.now() < end) setTimeout(poll, 100);
          else resolve();
        };
        poll();
      }),
    seconds * 1000,
  );
}

async function main() {
  const runs = numberArg('--runs', 3);
  const playSeconds = numberArg('--play-seconds', 10);
  const load = loadavg();
  const server = await serveDist(ROOT, PORT);
  const browser = await chromium.launch(launchOptions());
  try {
    const buildRows: string[] = [];
    for (const c of BUILDS) {
      const samples: WorkerBuild[] = [];
      for (let i = 0; i < runs; i++) {
        const s = await measureWorkerBuild(browser, ORIGIN + c.query);
        log(
          `${c.label} run ${i + 1}/${runs}: worker ${s.totalMs.toFixed(0)} ms, peak ${s.peakMB.toFixed(0)} MB`,
        );
        samples.push(s);
      }
      const m = (f: (s: (typeof samples)[number]) => number) => median(samples.map(f)).toFixed(0);
      buildRows.push(
        `| ${c.label} | ${m((s) => s.buildMs)} | ${m((s) => s.verifyMs)} | **${m((s) => s.totalMs)}** | ${m((s) => s.wallMs)} | ${samples.map((s) => s.totalMs.toFixed(0)).join(' / ')} | ${Math.max(...samples.map((s) => s.peakMB)).toFixed(0)} |`,
      );
    }

    const actions: { name: string; run: (page: Page) => Promise<void> }[] = [
      { name: 'zoom in and out (30 wheel notches)', run: zoom },
      { name: 'pan at 8× (40 drag moves)', run: pan },
      { name: `play at full speed (${playSeconds} s)`, run: (page) => play(page, playSeconds) },
    ];
    const tasks = new Map<string, LongTask[][]>(actions.map((a) => [a.name, []]));
    for (let i = 0; i < runs; i++)
      await withPage(browser, async (page) => {
        await page.goto(`${ORIGIN}${BASE}&method=edn&step=7&view=network`);
        await ready(page);
        await page.waitForTimeout(1000);
        for (const a of actions) {
          const since = await pageNow(page);
          await a.run(page);
          await page.waitForTimeout(300);
          const t = await longTasksSince(page, since);
          tasks.get(a.name)!.push(t);
          log(`${a.name}, run ${i + 1}/${runs}: ${t.length} long tasks`);
        }
      });

    console.log(
      `- Date: ${new Date().toISOString()}; CPU ${cpus()[0]?.model.trim()} × ${cpus().length}; load before ${load.map((x) => x.toFixed(2)).join(' ')}`,
    );
    console.log('');
    console.log(
      '| P = 1024 in the worker | Build ms | Verify ms | Worker total ms | Load → ready ms | Runs | Peak Chromium RSS MB |',
    );
    console.log('| --- | -: | -: | -: | -: | --- | -: |');
    for (const row of buildRows) console.log(row);
    console.log('');
    console.log('| EDN view, P = 1024 | Tasks ≥ 50 ms per run | Longest task ms per run |');
    console.log('| --- | --- | --- |');
    for (const [name, perRun] of tasks)
      console.log(
        `| ${name} | ${perRun.map((t) => t.length).join(' / ')} | ${perRun.map((t) => (t.length ? Math.max(...t.map((x) => x.duration)).toFixed(0) : '–')).join(' / ')} |`,
      );
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(`bench:otis-browser: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
