import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './shared-page';

const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

test('the app loads with a title and no uncaught errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message));

  await page.goto('/');
  await page.waitForLoadState('networkidle');

  expect((await page.title()).trim()).not.toBe('');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'smoke.png') });
  expect(errors, 'uncaught errors in the page').toEqual([]);
});
