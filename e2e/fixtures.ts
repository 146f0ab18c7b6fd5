import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The set-up most end-to-end specs share, each named for what it does: open a link and wait for the
 * worker's result, check the step, find the lecture toggle, collect page and console errors, save a
 * screenshot, catch a download. Plain functions of the page, so a spec imports only what it uses.
 */

/** Where a spec saves the screenshots a person is meant to look at (gitignored). */
export const SHOTS = 'e2e/screenshots';

/** Saves the page as e2e/screenshots/<name>.png. */
export const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/**
 * Waits until the worker's result for the configuration on screen has arrived (the status says
 * ready). Big builds on a busy machine pass a longer `timeout` than the expect default.
 */
export const waitForResult = (page: Page, timeout?: number) =>
  expect(page.getByTestId('result-status')).toHaveAttribute(
    'data-status',
    'ready',
    timeout === undefined ? undefined : { timeout },
  );

/** Opens a link (a path with its query) and waits for its result. */
export async function openConfig(page: Page, url: string, timeout?: number): Promise<void> {
  await page.goto(url);
  await waitForResult(page, timeout);
}

/** Expects the timeline to show `step` (the label reads "step <step> / <last>"). */
export const expectStep = (page: Page, step: number) =>
  expect(page.getByTestId('step-label')).toHaveText(new RegExp(`step ${step} /`));

/** The header's lecture-mode button (aria-pressed says whether lecture mode is on). */
export const lectureToggle = (page: Page) => page.getByTestId('lecture-toggle');

/** Collects the page's uncaught errors from now on; a spec asserts the list is empty when it means to. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Collects what the page logs as console errors from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Clicks a download button; returns the file's suggested name and its bytes. */
export async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** Clicks a download button; returns the file's suggested name and its text (UTF-8). */
export async function downloadText(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const { name, bytes } = await download(page, button);
  return { name, text: bytes.toString('utf8') };
}

/**
 * Waits until `count()` is above zero and reads the same twice in a row (polled 100 ms apart, then
 * longer): for a picture drawn in slices, until its last slice is in — e.g. the texts drawn so far.
 */
export async function waitUntilSteady(count: () => Promise<number>): Promise<void> {
  let last = -1;
  await expect
    .poll(async () => {
      const now = await count();
      const steady = now > 0 && now === last;
      last = now;
      return steady;
    })
    .toBe(true);
}
