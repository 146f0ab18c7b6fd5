/**
 * Browser benchmark: every algorithm at the largest size the page accepts (`largest-config.ts`),
 * every detail tab opened, stepped and played, with the longest main-thread task of each action.
 * Drives the built app (dist/, served by `vite preview` on BENCH_PORT, default 4173) in headless
 * Chromium at 1280 × 720 and prints a Markdown table to stdout (progress on stderr).
 *
 *   npm run bench:largest                     # every algorithm, 3 runs each
 *   npm run bench:largest -- --runs 5 --only direct-alltoall,bruck --tabs spectrum
 *   npx tsx bench/largest-sizes.ts --root /tmp/before   # the dist/ of another checkout
 *   npm run bench:largest -- --only ring-allgather --tabs linkload   # the link-load heatmap
 *
 * In each run (a fresh page): the result is shown, one step forward; then for each detail tab in
 * turn (`--tabs`, default spectrum, tree, holdings): a click on the tab, one step forward, the last
 * step, the first step, three seconds of playing at full speed. Each action is followed by a pause of
 * 1.5 s. The holdings tab is the block matrix for personalised schedules. The network view stays
 * beside the tab and the narration, formulas and timeline around it, so their work counts too. Tasks
 * are read with the Long Tasks API, which reports every task of 50 ms or more: the target is that it
 * reports none. `--profile` also records a V8 CPU profile of each action and prints, on stderr, the
 * busy stretches of 50 ms or more with the functions they spent their time in, and keeps each profile
 * in bench/out/ (`largest-<algorithm>-<tab>-<action>.cpuprofile`, for DevTools; build with
 * `npx vite build --minify false` first to read the app's own names).
 */
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { ALGORITHMS } from '../src/registry';
import { DETAILS } from '../src/config/url-codec';
import { launchOptions } from '../e2e/browser-path';
import { longTasksSince, pageNow, ready, serveDist, withPage } from './browser-kit';
import { busyStretches, mainThreadTaskTimes, type CpuProfile } from './main-thread';
import { largestConfig } from './largest-config';
import { machineLines } from './stats';

const args0 = process.argv.slice(2);
/** `--root DIR`: measure the built app of another checkout (an older commit, to compare with). */
const ROOT = args0.includes('--root')
  ? args0[args0.indexOf('--root') + 1]
  : fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4173);
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(opt('runs') ?? 3);
const PROFILE = args.includes('--profile');
const ONLY = opt('only')?.split(',');
const TABS = (opt('tabs')?.split(',') ?? ['spectrum', 'tree', 'holdings']).filter((t) =>
  (DETAILS as readonly string[]).includes(t),
);
/** How long a build may take before the algorithm is reported as not shown. */
const READY_MS = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 240_000);

type Action = { name: string; run: (page: Page, tab: string) => Promise<void> };
const ACTIONS: Action[] = [
  { name: 'open tab', run: (p, tab) => p.getByTestId(`detail-${tab}`).click() },
  { name: 'next step', run: (p) => p.keyboard.press('ArrowRight') },
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

/** Keeps a profile as `bench/out/largest-<alg>-<tab>-<action>.cpuprofile` (DevTools opens it). */
let profileName = '';
function saveProfile(profile: CpuProfile, what: string) {
  const dir = fileURLToPath(new URL('out/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}largest-${profileName}-${what.replace(/\W+/g, '-')}.cpuprofile`,
    JSON.stringify(profile),
  );
}

/** A page that did not answer an action within Playwright's 30 s: the run ends there. */
const FROZEN = -1;

/**
 * What one action cost the main thread: its longest task as the Long Tasks API reports it (0 when
 * none reached 50 ms; FROZEN when the page hung) and the most CPU time one task took (from a Chrome
 * trace: on a machine busy with other work a task also waits for a core, and only this says what
 * the page itself asked of it).
 */
interface Cost {
  wall: number;
  cpu: number;
}

async function measure(page: Page, action: Action, tab: string): Promise<Cost> {
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const since = await pageNow(page);
  await page
    .context()
    .browser()!
    .startTracing(page, { categories: ['toplevel'] });
  try {
    await action.run(page, tab);
  } catch {
    await page.context().browser()!.stopTracing();
    return { wall: FROZEN, cpu: FROZEN };
  }
  await page.waitForTimeout(1500);
  const tasks = await longTasksSince(page, since);
  const trace = JSON.parse((await page.context().browser()!.stopTracing()).toString('utf8'));
  const cpu = Math.max(0, ...mainThreadTaskTimes(trace).map((t) => t.cpu));
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    saveProfile(profile, `${tab}-${action.name}`);
    for (const b of busyStretches(profile, 50, 8).slice(0, 3)) {
      process.stderr.write(`  ${tab}, ${action.name}: busy ${b.durationMs.toFixed(0)} ms; self:\n`);
      for (const f of b.self) process.stderr.write(`    ${f.ms.toFixed(1)} ms  ${f.name}\n`);
      process.stderr.write('   total:\n');
      for (const f of b.total) process.stderr.write(`    ${f.ms.toFixed(1)} ms  ${f.name}\n`);
    }
    await cdp.detach();
  }
  return { wall: Math.max(0, ...tasks.map((t) => t.duration)), cpu };
}

/** One run: a fresh page at `url`, every tab's actions; worst[tab][action] gets this run's costs. */
async function oneRun(page: Page, url: string, worst: Map<string, Cost[][]>) {
  await page.goto(url);
  await ready(page, READY_MS);
  await page.waitForTimeout(1500);
  // Keys go to the page, not to a field; the tabs are opened at step 1 (step 0 shows nothing moving).
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(1000);
  for (const tab of TABS) {
    const row = worst.get(tab)!;
    for (let a = 0; a < ACTIONS.length; a++) {
      const cost = await measure(page, ACTIONS[a], tab);
      row[a].push(cost);
      if (cost.wall === FROZEN) return;
    }
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(500);
  }
}

async function main() {
  const load = loadavg();
  const server = await serveDist(ROOT, PORT);
  const browser = await chromium.launch(launchOptions());
  const rows: string[] = [];
  try {
    for (const spec of ALGORITHMS) {
      if (ONLY && !ONLY.includes(spec.id)) continue;
      const config = largestConfig(spec);
      profileName = spec.id;
      const url = `http://127.0.0.1:${PORT}/?v=2&alg=${spec.id}&${config.query}&speed=max`;
      const worst = new Map(TABS.map((t) => [t, ACTIONS.map(() => [] as Cost[])]));
      let failure = '';
      const froze = () =>
        [...worst.values()].some((row) => row.some((xs) => xs.some((c) => c.wall === FROZEN)));
      for (let run = 0; run < RUNS && !failure && !froze(); run++)
        await withPage(browser, (page) => oneRun(page, url, worst)).catch((e: unknown) => {
          failure = e instanceof Error ? e.message.split('\n')[0] : String(e);
        });
      for (const tab of TABS) {
        const cells = failure
          ? ACTIONS.map(() => 'not measured')
          : worst.get(tab)!.map((xs) => {
              if (xs.some((c) => c.wall === FROZEN)) return 'no answer in 30 s';
              if (xs.length === 0) return 'not reached';
              const wall = Math.max(0, ...xs.map((c) => c.wall));
              const cpu = Math.max(0, ...xs.map((c) => c.cpu));
              return `${wall === 0 ? '–' : `${Math.round(wall)} ms`}, CPU ${Math.round(cpu)}`;
            });
        rows.push(`| ${spec.id} | ${config.label} | ${tab} | ${cells.join(' | ')} |`);
        process.stderr.write(`${rows[rows.length - 1]}\n`);
      }
      if (failure) process.stderr.write(`${spec.id}: ${failure}\n`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(machineLines(load).join('\n'));
  console.log(
    `\nLongest main-thread task per action over ${RUNS} runs at 1280 × 720 ('–': none of 50 ms or more), and the most CPU time (ms) one task took\n`,
  );
  console.log(`| algorithm | size | tab | ${ACTIONS.map((a) => a.name).join(' | ')} |`);
  console.log(`|---|---|---|${ACTIONS.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(r);
}

void main();
