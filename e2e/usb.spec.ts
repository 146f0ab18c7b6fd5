import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openConfig, SHOTS, waitForResult } from './fixtures';

// The USB build (`npm run build:usb` → dist-usb/) opened as a file, as from a USB stick with no
// server and no network: the worker builds and plays a schedule, a NoC search runs on the pool,
// HiGHS proves an optimum, formulas and model notes render, and nothing is fetched but the page's
// own files, Blob and data: URLs.

const PAGE = join(process.cwd(), 'dist-usb', 'index.html');
const open = (page: Page, query: string) => page.goto(`${pathToFileURL(PAGE).href}?${query}`);

/** Page errors, policy violations and requests that are neither the page's files nor Blob/data: URLs. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url().slice(0, 80)} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    if (!/^(file|blob|data):/.test(r.url())) problems.push(`network: ${r.url()}`);
  });
  await page.exposeFunction('reportViolation', (v: string) => problems.push(`policy: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return problems;
}

test.beforeAll(() => {
  if (!existsSync(PAGE)) throw new Error('dist-usb/index.html is missing: run `npm run build:usb` first.');
});

test('the USB build is one page (and its icon): a single file to copy', () => {
  expect(readdirSync(dirname(PAGE)).sort()).toEqual(['favicon.svg', 'index.html']);
});

test('from file://, the worker builds a schedule that plays; formulas, model notes, a download and a paper check work', async ({
  page,
  context,
}) => {
  const problems = await watch(page);
  await open(page, 'v=2&alg=optree&nodes=16&wavelengths=2');
  await waitForResult(page, 30_000);
  const label = page.getByTestId('step-label');
  await expect(label).toHaveText(/\b0 \/ \d+/);
  const steps = Number(/\/ (\d+)/.exec(await label.innerText())![1]);
  expect(steps).toBeGreaterThan(1);
  // Plays: the step advances by itself, and the address follows (history works on file: URLs).
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(label).not.toHaveText(/\b0 \//);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.keyboard.press('End');
  await expect(label).toHaveText(new RegExp(`\\b${steps} / ${steps}`));
  await expect(page).toHaveURL(new RegExp(`^file:.*[?&]step=${steps}(&|$)`));
  // Copy link gives a file: link, which reopens the same step (app/lib/pageLink.ts).
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith(`${pathToFileURL(PAGE).href}?`)).toBe(true);
  await openConfig(page, copied, 30_000);
  await expect(label).toHaveText(new RegExp(`\\b${steps} / ${steps}`));
  // Formulas are typeset with KaTeX's own fonts, read from the page's stylesheet (inlined).
  await expect(page.locator('.katex').first()).toBeVisible();
  const katexFonts = await page.evaluate(async () => {
    await document.fonts.ready;
    let loaded = 0;
    document.fonts.forEach((f) => {
      if (f.family.includes('KaTeX') && f.status === 'loaded') loaded++;
    });
    return loaded;
  });
  expect(katexFonts).toBeGreaterThan(0);
  // The model notes (bundled into the page's one script) open and render.
  await page.getByTestId('paper-notes').click();
  await expect(page.getByTestId('model-notes')).toBeVisible();
  await expect(page.getByTestId('model-notes-title')).toHaveText('OpTree on the WDM ring (optree)');
  const body = page.getByTestId('model-notes-body');
  await expect(body.locator('h3', { hasText: 'The algorithm in our words' })).toBeVisible();
  await expect(body.locator('table').first()).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/usb-notes.png` });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/usb-optree.png` });
  // Downloads are Blob URLs: the schedule on screen is saved as JSON.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-schedule-json').click(),
  ]);
  const doc = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { algorithm: string };
  expect(doc.algorithm).toBe('optree');
  // A paper check, computed on the pool of workers.
  await open(page, 'v=2&mode=paper&check=optree-motivation');
  await expect(page.getByTestId('paper-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paper-table')).toContainText('One-stage: steps');
  expect(problems).toEqual([]);
});

test('from file://, a NoC search runs on the pool of workers and HiGHS proves an optimum', async ({
  page,
}) => {
  const problems = await watch(page);
  // The hybrid search's chains run on the pool. 8 to the same 8 over shortest routes cannot go below
  // 10 steps (HiGHS proves it, below), so this search runs until it is stopped.
  await open(
    page,
    'v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=hybrid&moves=100000000&time-limit=600',
  );
  await waitForResult(page, 30_000);
  const status = page.getByTestId('search-status');
  await status.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('search-speed')).toContainText(/chains on \d+ workers? of the pool/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('search-speed')).toContainText('moves a second');
  await page.screenshot({ path: `${SHOTS}/usb-noc-search.png` });
  await page.getByTestId('search-stop').click();
  await expect(status).toHaveAttribute('data-done', '1');
  await expect(status).toContainText('Stopped: 10 steps');
  // The exact method: HiGHS's WebAssembly comes from inside the page, not from a file beside it.
  await open(page, 'v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=exact');
  await waitForResult(page, 30_000);
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 60_000 });
  await expect(status).toContainText('Optimal');
  await expect(page.getByTestId('search-note')).toContainText('no schedule of 9 steps');
  await page.screenshot({ path: `${SHOTS}/usb-noc-exact.png` });
  expect(problems).toEqual([]);
});
