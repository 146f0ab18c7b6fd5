/**
 * Browser benchmark: clicks on the link-load heatmap of the largest ring all-gather (N = 4096:
 * 8,192 links × 4,095 steps), each opening its step with its link marked. bench:largest opens the
 * tab, steps and plays; this adds the clicks. Drives the built app (dist/, `vite preview` on
 * BENCH_PORT, default 4173) in headless Chromium at 1280 × 720; prints, per click, the longest
 * main-thread task (Long Tasks API: '–' when none reached 50 ms) and the most CPU time one task took
 * (from a Chrome trace: on a busy machine a task also waits for a core; the CPU time is what the
 * page itself asked for).
 *
 *   npx vite build && BENCH_PORT=4311 npx tsx bench/link-load-clicks.ts [--runs 2]
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { launchOptions } from '../e2e/browser-path';
import { findAlgorithm } from '../src/registry';
import { longTasksSince, numberArg, pageNow, ready, serveDist, withPage } from './browser-kit';
import { largestConfig } from './largest-config';
import { mainThreadTaskTimes } from './main-thread';
import { machineLines } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const RUNS = numberArg('runs', 2);
/** Where the clicks land, as fractions of the plot (column = step, row = link). */
const CLICKS: [number, number][] = [
  [0.1, 0.1],
  [0.5, 0.5],
  [0.9, 0.2],
  [0.3, 0.8],
  [0.7, 0.95],
];

interface Cost {
  wall: number;
  cpu: number;
}

async function clickCost(page: Page, fx: number, fy: number): Promise<Cost> {
  const map = page.getByTestId('link-load-map');
  const [x, y, w, h] = ((await map.getAttribute('data-plot')) ?? '0,0,0,0').split(',').map(Number);
  const since = await pageNow(page);
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel'] });
  await map.click({ position: { x: x + fx * w, y: y + fy * h } });
  await page.waitForTimeout(1500);
  // The click must have opened a cell (it is then named under the map).
  const named = (await page.getByTestId('link-load-cell').textContent()) ?? '';
  if (!named.startsWith('Cell: ')) throw new Error(`the click opened no cell: "${named}"`);
  const tasks = await longTasksSince(page, since);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  return {
    wall: Math.max(0, ...tasks.map((t) => t.duration)),
    cpu: Math.max(0, ...mainThreadTaskTimes(trace).map((t) => t.cpu)),
  };
}

async function main() {
  const load = loadavg();
  const spec = findAlgorithm('ring-allgather')!;
  const config = largestConfig(spec);
  const url = `http://127.0.0.1:${PORT}/?v=2&alg=ring-allgather&${config.query}&step=1&detail=linkload`;
  const server = await serveDist(fileURLToPath(new URL('..', import.meta.url)), PORT);
  const browser = await chromium.launch(launchOptions());
  const costs: Cost[][] = CLICKS.map(() => []);
  try {
    for (let run = 0; run < RUNS; run++)
      await withPage(browser, async (page) => {
        await page.goto(url);
        await ready(page);
        await page.locator('[data-testid="link-load-view"][data-ready="1"]').waitFor({ timeout: 240_000 });
        await page.waitForTimeout(1500);
        for (let k = 0; k < CLICKS.length; k++) {
          const c = await clickCost(page, ...CLICKS[k]);
          costs[k].push(c);
          process.stderr.write(
            `run ${run + 1}, click ${k + 1}: longest ${c.wall} ms, CPU ${c.cpu.toFixed(0)} ms\n`,
          );
        }
      });
  } finally {
    await browser.close();
    await server.close();
  }
  for (const line of machineLines(load)) console.log(line);
  console.log('');
  console.log(`ring-allgather, ${config.label}: a click on the heatmap, worst of ${RUNS} runs`);
  console.log('');
  console.log(`| click | ${CLICKS.map((_, k) => k + 1).join(' | ')} |`);
  console.log(`| --- | ${CLICKS.map(() => '---').join(' | ')} |`);
  const cell = (xs: Cost[]) => {
    const wall = Math.max(0, ...xs.map((c) => c.wall));
    return `${wall === 0 ? '–' : `${Math.round(wall)} ms`}, CPU ${Math.round(Math.max(0, ...xs.map((c) => c.cpu)))}`;
  };
  console.log(`| longest task | ${costs.map(cell).join(' | ')} |`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
