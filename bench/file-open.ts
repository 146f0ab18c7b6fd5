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
 * in the worker with its progress line. The other formats at their largest accepted size: MSCCL XML
 * just under the page's 32 MiB (a ring all-reduce), TE-CCL output with just under the page's 100,000
 * flows (a ring all-gather on 316 GPUs, `--teccl-gpus N` for another size), and a NoC topology of 64 routers,
 * 4 processors each and 512 links, opened with "Open topology". `--only WORD` runs the cases whose
 * name contains WORD. Tasks are read with the Long Tasks API (every task of 50 ms or more): the
 * target is that it reports none. A Chrome trace of the same stretch gives the most CPU time one
 * main-thread task took: on a machine shared with other work a task also waits for a core, and
 * only its CPU time says what the page asked of it.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser-path';
import { longTasksSince, numberArg, pageNow, serveDist, withPage } from './browser-kit';
import { mainThreadTaskTimes } from './main-thread';
import { machineLines } from './stats';
import { ringAllreduceXml } from '../src/interop/fixtures/ring-allreduce-xml';
import { oneTransferSchedule } from '../src/interop/fixtures/one-transfer-schedule';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const RUNS = numberArg('--runs', 3);
const bigAt = process.argv.indexOf('--big');
const BIG = bigAt >= 0 ? process.argv[bigAt + 1] : undefined;

/** The largest ring all-reduce in MSCCL XML (one channel) under the page's 32 MiB, or `--msccl-ranks N`'s. */
function largestMsccl(): string {
  const asked = numberArg('--msccl-ranks', 0);
  if (asked > 0) return ringAllreduceXml(asked, 1);
  let ranks = 64;
  while (ringAllreduceXml(ranks + 8, 1).length < 33_554_432) ranks += 8;
  return ringAllreduceXml(ranks, 1);
}

/** TE-CCL output of a ring all-gather on `g` GPUs: g(g − 1) flows, every demand met. */
function tecclRing(g: number): string {
  const flows: string[] = [];
  const demand: string[] = [];
  for (let o = 1; o <= g; o++) {
    const met: string[] = [];
    for (let k = 0; k < g - 1; k++) {
      const from = ((o - 1 + k) % g) + 1;
      const to = (from % g) + 1;
      flows.push(`"Chunk 0 from ${o} traveled over ${from}->${to} in epoch ${k}"`);
      met.push(`"GPU ${to}":{"Chunk 0":1.0}`);
    }
    demand.push(`"GPU ${o}":{${met.join(',')}}`);
  }
  return `{"1-Epoch_Duration":1.0,"3-Epochs_Required":${g - 1},"6-Demand_Met":{${demand.join(',')}},"7-Flows":[${flows.join(',')}]}`;
}

/** A NoC network of the largest accepted shape: 64 routers, 4 processors each, 512 links (a ring and chords). */
function largestTopology(): string {
  const links: [number, number][] = [];
  const seen = new Set<string>();
  for (let d = 1; links.length < 512; d++)
    for (let r = 0; r < 64 && links.length < 512; r++) {
      const [a, b] = [r, (r + d) % 64].sort((x, y) => x - y);
      if (seen.has(`${a},${b}`)) continue;
      seen.add(`${a},${b}`);
      links.push([a, b]);
    }
  return JSON.stringify({ routers: 64, processorsPerRouter: 4, links });
}

interface Case {
  name: string;
  give: (page: Page) => Promise<void>;
  /** What shows that the case is over: 'file' (on screen), 'notice' (refused) or 'topology' (a NoC network). */
  done: string;
  /** The page it is opened on (default: a small ring all-gather). */
  at?: string;
}

/**
 * `text` written to a file of a temporary folder, for `setInputFiles`: given a path, Chromium reads
 * the file itself; given a buffer, Playwright hands its bytes to the page through the page's own
 * main thread (seconds of one task for 32 MiB, which would be counted against the app), and refuses
 * buffers over 50 MB.
 */
function onDisk(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'file-open-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const file = (name: string, text: string | (() => string)) => (page: Page) =>
  page
    .getByTestId('open-schedule-input')
    .setInputFiles(onDisk(name, typeof text === 'string' ? text : text()), { timeout: 600_000 });

const TECCL_GPUS = numberArg('--teccl-gpus', 316);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;

const ALL_CASES: Case[] = [
  { name: '1,024 processors, 1 transfer', give: file('w1024.json', oneTransferSchedule(1024)), done: 'file' },
  {
    name: '65,536 processors, 1 transfer',
    give: file('w65536.json', oneTransferSchedule(65_536)),
    done: 'file',
  },
  {
    name: '4,194,304 processors (refused)',
    give: file('w4m.json', oneTransferSchedule(4_194_304)),
    done: 'notice',
  },
  ...(BIG
    ? [
        {
          name: `${BIG} (${(statSync(BIG).size / 1e6).toFixed(0)} MB)`,
          give: (page: Page) => page.getByTestId('open-schedule-input').setInputFiles(BIG),
          done: 'file',
        },
      ]
    : []),
  {
    name: `MSCCL XML, ring all-reduce ${numberArg('--msccl-ranks', 0) > 0 ? `of ${numberArg('--msccl-ranks', 0)} ranks` : 'just under 32 MiB'}`,
    give: file('ring.xml', largestMsccl),
    done: 'file',
  },
  {
    name: `TE-CCL output, ring all-gather on ${TECCL_GPUS} GPUs (${(TECCL_GPUS * (TECCL_GPUS - 1)).toLocaleString('en-US')} flows)`,
    give: file('teccl.json', () => tecclRing(TECCL_GPUS)),
    done: 'file',
  },
  {
    name: 'NoC topology, 64 routers × 4 processors, 512 links',
    give: (page) =>
      page.getByTestId('noc-topology-file').setInputFiles(onDisk('net64.json', largestTopology())),
    done: 'topology',
    at: 'v=2&alg=noc-scatter&method=constructive&seed=1',
  },
];
const CASES = ALL_CASES.filter((c) => !ONLY || c.name.includes(ONLY));

async function measure(page: Page, c: Case) {
  await page.goto(`http://127.0.0.1:${PORT}/?${c.at ?? 'v=2&alg=ring-allgather&nodes=8'}`);
  await page.waitForSelector('[data-testid="result-status"][data-status="ready"]', { state: 'attached' });
  await page.waitForTimeout(1000);
  const t0 = await pageNow(page);
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel'] });
  const wall = Date.now();
  await c.give(page);
  if (c.done === 'file') {
    await page.waitForSelector('[data-testid="file-name"]', { timeout: 600_000 });
    await page.keyboard.press('ArrowRight');
  } else if (c.done === 'topology') {
    await page.waitForURL(/network=custom/, { timeout: 600_000 });
    await page.waitForSelector('[data-testid="result-status"][data-status="ready"]', {
      state: 'attached',
      timeout: 600_000,
    });
    await page.keyboard.press('ArrowRight');
  } else await page.waitForSelector('[data-testid="notice"]', { timeout: 600_000 });
  const ms = Date.now() - wall;
  await page.waitForTimeout(1500);
  const tasks = await longTasksSince(page, t0);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const times = mainThreadTaskTimes(trace);
  const cpu = Math.max(0, ...times.map((t) => t.cpu));
  return { ms, longest: Math.max(0, ...tasks.map((t) => t.duration)), over50: tasks.length, cpu };
}

async function main() {
  const server = await serveDist(process.cwd(), PORT);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  console.log(machineLines(loadavg()).join('\n'));
  console.log(
    '| file | run | shown after (ms) | longest main-thread task (ms) | tasks ≥ 50 ms | most CPU in one task (ms) | load (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  try {
    for (const c of CASES)
      for (let run = 1; run <= RUNS; run++) {
        const load = loadavg()[0].toFixed(1);
        const r = await withPage(browser, (page) => measure(page, c));
        console.log(
          `| ${c.name} | ${run} | ${r.ms} | ${r.longest || '—'} | ${r.over50} | ${r.cpu.toFixed(0)} | ${load} |`,
        );
      }
  } finally {
    await browser.close();
    await server.close();
  }
}

void main();
