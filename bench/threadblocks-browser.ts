/**
 * Browser benchmark: the Threadblocks tab on the 1.5 MB MSCCL file (ring all-reduce, 16 ranks × 24
 * channels, 11,520 messages; src/interop/fixtures/ring-allreduce-xml.ts). After the file is shown:
 * the tab opened, a chunk tracked (an all-reduce output chunk: 16 contributions followed), the grid
 * scrolled down and across with the wheel, a cell opened with Enter at the last step, and ten steps
 * played — the longest main-thread task over all of it, read with the Long Tasks API (every task of
 * 50 ms or more: the target is none). Drives the built app (dist/) on BENCH_PORT (default 4173).
 *
 *   npx vite build && npx tsx bench/threadblocks-browser.ts [--runs 3] [--baseline]
 *
 * `--baseline`: the same actions on the tree tab, without the timeline or a chunk (End and Home
 * are then the page's own keys), for what the page costs without the tab.
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser-path';
import { ringAllreduceXml } from '../src/interop/fixtures/ring-allreduce-xml';
import { longTasksSince, numberArg, pageNow, ready, serveDist, withPage } from './browser-kit';
import { machineLines, median } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 4173);
const RUNS = numberArg('--runs', 3);
/** The same actions on the tree tab (no timeline, no chunk), for what the page costs without it. */
const BASELINE = process.argv.includes('--baseline');

async function main() {
  const load = loadavg();
  const xml = ringAllreduceXml(16, 24);
  const server = await serveDist(process.cwd(), PORT);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: { phases: Record<string, number>; longest: number; openMs: number; grid: string }[] = [];
  try {
    for (let i = 0; i < RUNS; i++)
      rows.push(
        await withPage(browser, async (page) => {
          await page.goto(`http://127.0.0.1:${PORT}/?v=2&alg=ring-allgather&nodes=8`);
          await ready(page);
          await page.getByTestId('open-schedule-input').setInputFiles({
            name: 'big.xml',
            mimeType: 'application/xml',
            buffer: Buffer.from(xml),
          });
          await page.getByTestId('file-name').filter({ hasText: 'big.xml' }).waitFor({ timeout: 180_000 });
          // Each phase's long tasks apart: the page settling after the file, then each action.
          const phases: Record<string, number> = {};
          let longest = 0;
          let mark = await pageNow(page);
          const phase = async (name: string, act: () => Promise<void>) => {
            await act();
            await page.waitForTimeout(1_500);
            const tasks = await longTasksSince(page, mark);
            phases[name] = tasks.length;
            longest = Math.max(longest, ...tasks.map((t) => t.duration));
            mark = await pageNow(page);
          };
          const grid = page.getByTestId('threadblock-grid');
          let openMs = 0;
          await phase('settle', async () => {});
          await phase('tab', async () => {
            const t0 = await pageNow(page);
            await page.getByTestId(BASELINE ? 'detail-tree' : 'detail-threadblocks').click();
            if (!BASELINE) await grid.waitFor();
            openMs = (await pageNow(page)) - t0;
          });
          await phase('chunk', async () => {
            if (BASELINE) return;
            await page.getByTestId('chunk-input').fill('r0.o1');
            await page.getByTestId('chunk-input').press('Enter');
            await page.getByTestId('chunk-track').waitFor();
          });
          await phase('scroll', async () => {
            await (BASELINE ? page.locator('#detail-panel') : grid).hover();
            for (let k = 0; k < 20; k++) await page.mouse.wheel(k % 2 ? 400 : 0, 600);
          });
          await phase('keys', async () => {
            // On the grid: End, Enter opens the last step; Home, Enter the start. Else the page's End and Home.
            if (!BASELINE) await grid.focus();
            else await page.locator('body').click({ position: { x: 5, y: 5 } });
            await page.keyboard.press('End');
            if (!BASELINE) await page.keyboard.press('Enter');
            await page.keyboard.press('Home');
            if (!BASELINE) await page.keyboard.press('Enter');
          });
          await phase('play', async () => {
            await page.getByRole('button', { name: /Play/ }).first().click();
            await page.waitForTimeout(5_000);
          });
          return {
            phases,
            longest,
            openMs,
            grid: BASELINE
              ? 'baseline: the tree tab'
              : `${await grid.getAttribute('data-rows')} × ${await grid.getAttribute('data-columns')}`,
          };
        }),
      );
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(machineLines(load).join('\n'));
  console.log(
    `\nThreadblocks tab on the 1.5 MB MSCCL file (${rows[0]?.grid} threadblocks × steps), ${RUNS} runs\n`,
  );
  const names = Object.keys(rows[0]?.phases ?? {});
  console.log(
    `| run | tab shown after (ms) | ${names.map((n) => `tasks ≥ 50 ms: ${n}`).join(' | ')} | longest task (ms) |`,
  );
  console.log(`| --: | --: | ${names.map(() => '--:').join(' | ')} | --: |`);
  rows.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.openMs.toFixed(0)} | ${names.map((n) => r.phases[n]).join(' | ')} | ${r.longest.toFixed(0)} |`,
    ),
  );
  console.log(
    `| median | ${median(rows.map((r) => r.openMs)).toFixed(0)} | ${names.map((n) => median(rows.map((r) => r.phases[n]))).join(' | ')} | ${median(rows.map((r) => r.longest)).toFixed(0)} |`,
  );
}

void main();
