/**
 * Browser benchmark: the data-out panel's downloads for other tools (MSCCL XML, Chakra traces as a
 * ZIP, the Perfetto timeline) at sizes near their limits, with the longest main-thread task while
 * each is written. The writers run on the page's thread in slices (src/interop/, docs/interop.md);
 * the Long Tasks API reports every task of 50 ms or more: the target is that it reports none.
 *
 *   npx vite build && npx tsx bench/export-downloads.ts [--runs 3]
 *
 * Serves dist/ with Vite's preview server on BENCH_PORT (default 4173) and drives headless Chromium.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser-path';
import { longTasksSince, numberArg, pageNow, ready, serveDist, withPage } from './browser-kit';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const RUNS = numberArg('--runs', 3);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const CASES = [
  // The most ranks ring all-gather exports as MSCCL: 63 steps per threadblock (the limit is 64).
  {
    label: 'MSCCL XML, ring all-gather N = 64',
    query: 'alg=ring-allgather&nodes=64',
    button: 'download-msccl',
  },
  {
    label: 'MSCCL XML, star multi-scatter P = 64',
    query: 'alg=star-multiscatter&nodes=64',
    button: 'download-msccl',
  },
  // 489,300 messages: near the exports' 500,000 (and 978,600 trace events, near 1,000,000).
  {
    label: 'Chakra ZIP, ring all-gather N = 700',
    query: 'alg=ring-allgather&nodes=700',
    button: 'download-chakra',
  },
  {
    label: 'Perfetto JSON, ring all-gather N = 700',
    query: 'alg=ring-allgather&nodes=700',
    button: 'download-trace',
  },
];

async function main() {
  const server = await serveDist(process.cwd(), PORT);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: string[] = [];
  try {
    for (const c of CASES) {
      if (ONLY && !c.label.includes(ONLY)) continue;
      const longest: number[] = [];
      const over: number[] = [];
      const wall: number[] = [];
      for (let run = 0; run < RUNS; run++)
        await withPage(browser, async (page) => {
          await page.goto(`http://127.0.0.1:${PORT}/?v=2&${c.query}`);
          await ready(page);
          await page.waitForTimeout(1500);
          const t0 = await pageNow(page);
          const started = Date.now();
          const [file] = await Promise.all([
            page.waitForEvent('download', { timeout: 300_000 }),
            page.getByTestId(c.button).click(),
          ]);
          await file.path();
          wall.push(Date.now() - started);
          const tasks = await longTasksSince(page, t0);
          longest.push(Math.max(0, ...tasks.map((t) => t.duration)));
          over.push(tasks.length);
        });
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const worst = Math.max(...longest);
      rows.push(
        `| ${c.label} | ${(median(wall) / 1000).toFixed(1)} s | ${worst === 0 ? '–' : `${Math.round(worst)} ms`} | ${over.join(', ')} |`,
      );
      process.stderr.write(`${rows[rows.length - 1]}\n`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`Downloads for other tools, ${RUNS} runs each ('–': no task of 50 ms or more)\n`);
  console.log('| download | median time to the file | longest main-thread task | tasks ≥ 50 ms per run |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(r);
}

void main();
