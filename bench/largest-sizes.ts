/**
 * Browser benchmark: every algorithm at the largest size the page accepts, stepped and played, with
 * the longest main-thread task of each action. Drives the built app (dist/, served by `vite preview`
 * on BENCH_PORT, default 4173) in headless Chromium and prints a Markdown table to stdout.
 *
 *   npm run bench:largest                     # every algorithm, 3 runs each
 *   npm run bench:largest -- --runs 5 --only direct-alltoall,bruck
 *   npm run bench:largest -- --only ring-allgather --detail linkload   # first opens a detail tab
 *
 * The largest size: the highest node count (the parameter's maximum, else the highest power of 2, 3
 * or 4 below it) that the algorithm's own rules and the browser's limits accept, other parameters at
 * their defaults. Actions, each followed by a pause: one step forward, a second step, the last step,
 * the first step, then three seconds of playing at full speed. Tasks are read with the Long Tasks
 * API, which reports every task of 50 ms or more: the target is that it reports none.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { ALGORITHMS } from '../src/registry';
import { defaultsOf } from '../src/kernel/params/schema';
import { BROWSER_LIMITS, checkRun } from '../src/limits';
import type { AlgorithmSpec } from '../src/kernel/spec';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser-path';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(opt('runs') ?? 3);
const ONLY = opt('only')?.split(',');
/** A detail tab opened first (its own action), then stepped and played like the rest (`linkload`: the link-load heatmap). */
const DETAIL = opt('detail');

/** Highest accepted node count for `spec` in the browser, the other parameters at their defaults. */
export function largestNodes(spec: AlgorithmSpec): number | null {
  const def = spec.params.find((d) => d.key === 'nodes');
  if (!def || def.kind !== 'int') return null;
  const candidates = new Set<number>([def.max]);
  for (const base of [2, 3, 4]) for (let x = base; x <= def.max; x *= base) candidates.add(x);
  for (const n of [...candidates].sort((a, b) => b - a)) {
    const params = { ...defaultsOf(spec.params), nodes: n };
    if (spec.validate(params).length === 0 && checkRun(spec, params, BROWSER_LIMITS).length === 0) return n;
  }
  return null;
}

/** Gives the keys back to the page (a focused tab or map would take the arrows and Space). */
const blur = (p: import('@playwright/test').Page) =>
  p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
type Action = { name: string; run: (page: import('@playwright/test').Page) => Promise<void> };
const OPEN_DETAIL: Action[] = DETAIL
  ? [
      {
        name: `open ${DETAIL}`,
        run: async (p) => {
          await p.getByTestId(`detail-${DETAIL}`).click();
          await blur(p);
        },
      },
      ...(DETAIL === 'linkload'
        ? [
            {
              name: 'click a cell',
              run: async (p: import('@playwright/test').Page) => {
                await p
                  .locator('[data-testid="link-load-view"][data-ready="1"]')
                  .waitFor({ timeout: 60_000 });
                await p.getByTestId('link-load-map').click();
                await blur(p);
              },
            },
          ]
        : []),
    ]
  : [];
const ACTIONS: Action[] = [
  ...OPEN_DETAIL,
  { name: 'step 1', run: (p) => p.keyboard.press('ArrowRight') },
  { name: 'step 2', run: (p) => p.keyboard.press('ArrowRight') },
  { name: 'last step', run: (p) => p.keyboard.press('End') },
  { name: 'first step', run: (p) => p.keyboard.press('Home') },
  {
    name: 'play 3 s',
    run: async (p) => {
      await p.keyboard.press(' ');
      await p.waitForTimeout(3000);
      await p.keyboard.press(' ');
    },
  },
];

async function main() {
  const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 2500));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: string[] = [];
  try {
    for (const spec of ALGORITHMS) {
      if (ONLY && !ONLY.includes(spec.id)) continue;
      const n = largestNodes(spec);
      const query = `?v=1&alg=${spec.id}${n ? `&nodes=${n}` : ''}&speed=max`;
      const worst = new Map<string, number[]>(ACTIONS.map((a) => [a.name, []]));
      for (let run = 0; run < RUNS; run++) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
        await page.addInitScript(() => {
          const w = window as unknown as { __tasks: number[] };
          w.__tasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__tasks.push(e.duration);
          }).observe({ entryTypes: ['longtask'] });
        });
        await page.goto(`http://127.0.0.1:${PORT}/${query}`);
        await page
          .locator('[data-testid="result-status"][data-status="ready"]')
          .waitFor({ timeout: 180_000 });
        await page.waitForTimeout(1500);
        for (const action of ACTIONS) {
          await page.evaluate(() => ((window as unknown as { __tasks: number[] }).__tasks = []));
          await action.run(page);
          await page.waitForTimeout(1500);
          const tasks = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks);
          worst.get(action.name)!.push(Math.max(0, ...tasks));
        }
        await page.close();
      }
      const cells = ACTIONS.map((a) => {
        const xs = worst.get(a.name)!;
        const max = Math.max(...xs);
        return max === 0 ? '–' : `${Math.round(max)} ms`;
      });
      rows.push(`| ${spec.id} | ${n ?? '–'} | ${cells.join(' | ')} |`);
      process.stderr.write(`${rows[rows.length - 1]}\n`);
    }
  } finally {
    await browser.close();
    server.kill();
  }
  console.log(`Longest main-thread task per action over ${RUNS} runs ('–': none of 50 ms or more)\n`);
  console.log(`| algorithm | nodes | ${ACTIONS.map((a) => a.name).join(' | ')} |`);
  console.log(`|---|---|${ACTIONS.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(r);
}

void main();
