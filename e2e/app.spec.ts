import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { collectPageErrors, openConfig, shot, waitForResult } from './fixtures';

test('the default opens ready and plays', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/');
  await expect(page.getByTestId('narration')).toContainText('Before the first step');
  await expect(page.getByTestId('verified')).toContainText('Verified');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 7/);
  await shot(page, 'default-start');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', /^[2-7]$/, { timeout: 5000 });
  await shot(page, 'default-playing');
  expect(errors).toEqual([]);
});

test('keyboard steps forward, back, to the ends, and plays', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  const ring = page.getByTestId('ring-view');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(ring).toHaveAttribute('data-step', '3');
  await expect(ring).toHaveAttribute('data-lightpaths', '8');
  await page.keyboard.press('ArrowLeft');
  await expect(ring).toHaveAttribute('data-step', '2');
  await page.keyboard.press('End');
  await expect(ring).toHaveAttribute('data-step', '7');
  await expect(page.getByTestId('narration')).toContainText('every node now holds every block');
  await page.keyboard.press('Home');
  await expect(ring).toHaveAttribute('data-step', '0');
  await expect(ring).toHaveAttribute('data-lightpaths', '0');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  // The step is in the link.
  await page.keyboard.press('End');
  await expect(page).toHaveURL(/[?&]step=7(&|$)/);
});

test('a permalink at step s reopens the same state as stepping there', async ({ page, browser }) => {
  const base = '/?v=1&alg=neighbor-exchange&nodes=12&wavelengths=4&view=ring';
  await openConfig(page, `${base}&step=0`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const ring = page.getByTestId('ring-view');
  await expect(ring).toHaveAttribute('data-step', '3');
  const narrated = await page.getByTestId('narration').innerText();
  const pixels = (p: Page) =>
    p
      .getByTestId('ring-view')
      .locator('canvas')
      .evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const stepped = await pixels(page);

  const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await other.goto(`${base}&step=3`);
  await waitForResult(other);
  const ring2 = other.getByTestId('ring-view');
  await expect(ring2).toHaveAttribute('data-step', '3');
  await expect(ring2).toHaveAttribute('data-lightpaths', '24');
  await expect(other.getByTestId('step-label')).toHaveText(/step 3 \/ 6/);
  await expect(other.getByTestId('param-nodes')).toHaveValue('12');
  expect(await other.getByTestId('narration').innerText()).toBe(narrated);
  // The very same picture, pixel for pixel.
  expect(await pixels(other)).toBe(stepped);
  await shot(other, 'permalink-ne-step3');
  await other.close();
});

test('a bad permalink shows a notice and a working page', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=abc&wavelengths=99999&bogus=1&step=zz&view=cube');
  const notice = page.getByTestId('notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('nodes');
  await expect(notice).toContainText('wavelengths');
  await expect(notice).toContainText('bogus');
  await expect(notice).toContainText('view');
  await expect(page.getByTestId('param-nodes')).toHaveValue('8');
  await expect(page.getByTestId('verified')).toContainText('Verified');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '1');
  await shot(page, 'bad-permalink');
});

test('a step past the end is clamped with a notice', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=6&step=50');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '5');
  await expect(page.getByTestId('notice')).toContainText('step 50 is past the last step (5)');
});

test('the worker computes results; bad and oversized input keep the last good result', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('result-status')).toContainText('computed in');
  const nodes = page.getByTestId('param-nodes');
  await nodes.fill('10');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 9/);
  await expect(page).toHaveURL(/nodes=10/);
  // Out of range: the field says why, with the bounds; nothing else changes.
  await nodes.fill('1');
  await expect(page.getByRole('alert').filter({ hasText: 'from 2 to 65,536' })).toBeVisible();
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 9/);
  // Too large for the browser: refused before any work, limit stated, last result kept.
  await nodes.fill('20000');
  await expect(page.getByTestId('run-error')).toContainText('at most 20,000,000');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 9/);
  await expect(page.getByTestId('verified')).toContainText('Verified');
  await shot(page, 'oversized-refused');
});

test('projector sizes: 1280×720 and 1920×1080 show every panel', async ({ page }) => {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await openConfig(page, '/?v=1&alg=neighbor-exchange&nodes=16&wavelengths=4&step=4');
    for (const id of [
      'ring-view',
      'holdings-matrix',
      'narration',
      'formula-panel',
      'timeline',
      'param-panel',
    ])
      await expect(page.getByTestId(id)).toBeInViewport();
    await shot(page, `layout-${width}x${height}`);
  }
  await page.getByRole('button', { name: 'Lecture', exact: true }).click();
  await expect(page.getByTestId('param-panel')).toHaveCount(0);
  await shot(page, 'lecture-1920x1080');
});

test('a crashed worker is restarted and the next run works', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  await page.evaluate(() => (window as unknown as { __ocl: { crashWorker(): void } }).__ocl.crashWorker());
  await expect(page.getByTestId('notice')).toContainText('worker crashed');
  // The last result is still shown, and a new run goes to a fresh worker.
  await expect(page.getByTestId('verified')).toContainText('Verified');
  await page.getByTestId('param-nodes').fill('9');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 8/);
  await expect(page.getByTestId('verified')).toContainText('Verified');
});

test('Copy link copies the current configuration', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openConfig(page, '/?v=1&alg=neighbor-exchange&nodes=10&wavelengths=2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('alg=neighbor-exchange&nodes=10&wavelengths=2');
  expect(copied).toContain('&step=2&');
  // The copied link reopens the same step.
  await openConfig(page, copied);
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '2');
});

test('Copy link keeps the circuit’s “node 0 only” and, while playing, play=1', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openConfig(page, '/?v=2&alg=retri&nodes=27&speed=0.5');
  await page.getByTestId('only-node0').check();
  await expect(page).toHaveURL(/[?&]only0=1(&|$)/);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/[?&]only0=1(&|$)/);
  expect(copied).toMatch(/[?&]play=1(&|$)/);
  await openConfig(page, copied);
  await expect(page.getByTestId('only-node0')).toBeChecked();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  // Paused, the copied link does not play.
  await page.getByTestId('play').click();
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain('play=');
});
