/**
 * Browser benchmark: opening schedule files with "Open schedule…", with the longest main-thread task
 * from the moment the file is given to the moment its picture is shown (and a step taken), and the
 * time that took. Drives the built app (dist/, served by `vite preview` on BENCH_PORT, default 4173)
 * in headless Chromium and prints a Markdown table to stdout.
 *
 *   npx vite build && npx tsx bench/file-open.ts [--runs 3] [--big FILE.json]
 *
 * Cases: one transfer on 1,024 and on 65,536 processors (the browser's limit: drawn as a general
 * graph), the same on 4,194,304 (refused by the limit, which must be said at once), and `--big`, a
 * file of your own (e.g. `npm run cli -- schedule ring-allgather --nodes 1024 --out big.json`), read
 * in the worker with its progress line. Tasks are read with the Long Tasks API (every task of 50 ms
 * or more): the target is that it reports none.
 */
import { chromium, type Page } from '@playwright/test';
import { statSync } from 'node:fs';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser-path';
import { longTasksSince, numberArg, pageNow, serveDist, withPage } from './browser-kit';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const RUNS = numberArg('--runs', 3);
const bigAt = process.argv.indexOf('--big');
const BIG = bigAt >= 0 ? process.argv[bigAt + 1] : undefined;

/** A valid schedule of `nodes` processors with one transfer (0 → 1). */
const wide = (nodes: number) =>
  JSON.stringify({
    format: 'optical-collectives/schedule-v1',
    collective: 'scatter',
    nodes,
    links: [{ id: 0, from: 0, to: 1, channels: 1 }],
    blocks: [{ id: 0, origin: 0, to: [1] }],
    steps: [{ phase: 'p', transfers: [{ from: 0, to: [1], path: [0], channel: 0, blocks: [0] }] }],
  });

interface Case {
  name: string;
  give: (page: Page) => Promise<void>;
  /** What shows that the case is over: the file on screen, or the notice that refuses it. */
  done: string;
}

const file = (name: string, text: string) => (page: Page) =>
  page
    .getByTestId('open-schedule-input')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

const CASES: Case[] = [
  { name: '1,024 processors, 1 transfer', give: file('w1024.json', wide(1024)), done: 'file' },
  { name: '65,536 processors, 1 transfer', give: file('w65536.json', wide(65_536)), done: 'file' },
  { name: '4,194,304 processors (refused)', give: file('w4m.json', wide(4_194_304)), done: 'notice' },
  ...(BIG
    ? [
        {
          name: `${BIG} (${(statSync(BIG).size / 1e6).toFixed(0)} MB)`,
          give: (page: Page) => page.getByTestId('open-schedule-input').setInputFiles(BIG),
          done: 'file',
        },
      ]
    : []),
];

async function measure(page: Page, c: Case) {
  await page.goto(`http://127.0.0.1:${PORT}/?v=2&alg=ring-allgather&nodes=8`);
  await page.waitForSelector('[data-testid="result-status"][data-status="ready"]', { state: 'attached' });
  await page.waitForTimeout(1000);
  const t0 = await pageNow(page);
  const wall = Date.now();
  await c.give(page);
  if (c.done === 'file') {
    await page.waitForSelector('[data-testid="file-name"]', { timeout: 600_000 });
    await page.keyboard.press('ArrowRight');
  } else await page.waitForSelector('[data-testid="notice"]', { timeout: 600_000 });
  const ms = Date.now() - wall;
  await page.waitForTimeout(1500);
  const tasks = await longTasksSince(page, t0);
  return { ms, longest: Math.max(0, ...tasks.map((t) => t.duration)), over50: tasks.length };
}

async function main() {
  const server = await serveDist(process.cwd(), PORT);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  console.log(
    '| file | run | shown after (ms) | longest main-thread task (ms) | tasks ≥ 50 ms | load (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  try {
    for (const c of CASES)
      for (let run = 1; run <= RUNS; run++) {
        const load = (await import('node:os')).loadavg()[0].toFixed(1);
        const r = await withPage(browser, (page) => measure(page, c));
        console.log(`| ${c.name} | ${run} | ${r.ms} | ${r.longest || '—'} | ${r.over50} | ${load} |`);
      }
  } finally {
    await browser.close();
    await server.close();
  }
}

void main();
