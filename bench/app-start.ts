/**
 * What every end-to-end test pays before its first assertion: the app opened in a fresh browser
 * context (as Playwright gives each test) until the first result is on screen, then a short dwell
 * standing for the test's own steps, during which the page's background start-up work (workers,
 * warm-up builds) competes for the CPU. Serves a built app (default dist/) with `vite preview` on
 * E2E_PORT (default 4177) and drives the system's Chromium. Prints one line per page to stderr and the
 * median time to the first result to stdout; time the whole process (CPU seconds) from outside.
 * `--reuse context` keeps one browser context for every page (a new tab each time, the HTTP cache
 * shared), `--reuse page` one tab navigated from link to link, as e2e/shared-page.ts gives a
 * converted spec; the default, `none`, a fresh context per page.
 *
 *   npx vite build && npx tsx bench/app-start.ts --pages 6 --dwell 1500 [--dist dist-before]
 *     [--reuse none|context|page]
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { launchOptions } from '../e2e/browser-path';
import { leaveAndForget } from '../e2e/shared-page';
import { numberArg, ready } from './browser-kit';
import { median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 4177);
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** Links a typical spec opens: the default ring, a star, a circuit split view. */
const PATHS = ['/', '/?v=2&alg=star-scatter&nodes=16', '/?v=2&alg=retri&nodes=27&view=split'];

function stringArg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main() {
  const pages = numberArg('--pages', 6);
  const dwellMs = numberArg('--dwell', 1500);
  const outDir = stringArg('--dist', 'dist');
  const reuse = stringArg('--reuse', 'none');
  if (!['none', 'context', 'page'].includes(reuse)) throw new Error('--reuse takes none, context or page');
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: PORT, strictPort: true },
  });
  const browser = await chromium.launch(launchOptions());
  const times: number[] = [];
  try {
    const newContext = () => browser.newContext({ viewport: { width: 1280, height: 720 } });
    const shared = reuse === 'none' ? undefined : await newContext();
    const sharedPage = reuse === 'page' ? await shared!.newPage() : undefined;
    for (let i = 0; i < pages; i++) {
      const context = shared ?? (await newContext());
      const page = sharedPage ?? (await context.newPage());
      // The shared tab is reset as the e2e fixture resets it between tests (not timed).
      if (sharedPage) await leaveAndForget(page, ORIGIN);
      const t0 = Date.now();
      await page.goto(ORIGIN + PATHS[i % PATHS.length]);
      await ready(page);
      times.push(Date.now() - t0);
      await page.waitForTimeout(dwellMs);
      if (!shared) await context.close();
      else if (!sharedPage) await page.close();
      console.error(`app-start: page ${i + 1}/${pages} ready after ${times[i]} ms`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(
    `app-start (${outDir}, reuse ${reuse}): median ${median(times)} ms to the first result over ${pages} pages`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
