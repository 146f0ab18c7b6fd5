import { expect, test } from './shared-page';
import { openConfig, waitForResult } from './fixtures';

// Links that reopened the wrong view, and edits a reload lost.

for (const { scene, step, of } of [
  // One-stage takes 16 steps here, the hidden visualizer's OpTree only 12.
  { scene: 'optree-motivation', step: 16, of: 16 },
  // Bruck on 8 nodes takes 3 phases, the hidden visualizer's ReTri on 9 nodes only 2.
  { scene: 'retri-fig1', step: 3, of: 3 },
  // The single-port system takes 62 steps, the hidden visualizer's EDN only 14.
  { scene: 'otis-systems', step: 62, of: 62 },
])
  test(`a compare link keeps its step: ${scene} at ${step} / ${of}`, async ({ page }) => {
    await openConfig(page, '/');
    await page.getByTestId('scenes').selectOption(scene);
    await expect(page.getByTestId('compare-pane').first()).toHaveAttribute('data-steps', /\d+/);
    await page.keyboard.press('End');
    await expect(page.getByTestId('step-label')).toHaveText(new RegExp(`step ${step} / ${of}`));
    await expect(page).toHaveURL(new RegExp(`step=${step}&`));
    const link = page.url();
    await page.goto(link);
    await expect(page.getByTestId('compare-pane').first()).toHaveAttribute('data-steps', /\d+/);
    await expect(page.getByTestId('step-label')).toHaveText(new RegExp(`step ${step} / ${of}`));
    await expect(page.getByTestId('notice')).toHaveCount(0);
  });

test('a compare link past the end is clamped to the compare timeline, with a notice', async ({ page }) => {
  await page.goto('/?v=1&alg=retri&nodes=9&mode=compare&cmp=bruck:nodes=8|retri&step=40');
  await expect(page.getByTestId('step-label')).toHaveText(/step 3 \/ 3/);
  await expect(page.getByTestId('notice')).toContainText('step 40 is past the last step (3)');
});

test('packet-bytes=100 opens with a result; the notice names the packet size the link set', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&packet-bytes=100');
  await expect(page.getByTestId('run-error')).toHaveCount(0);
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('packet-bytes = 100 was ignored, using 128');
  await expect(notice).not.toContainText('using the default');
});

test('play=yes is reported, not silently dropped', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&play=yes');
  await expect(page.getByTestId('notice')).toContainText('play must be 1');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
});

test('a setting repeated inside a compare pane is reported', async ({ page }) => {
  await page.goto('/?v=1&mode=compare&cmp=optree:depth=2;depth=3');
  await expect(page.getByTestId('notice')).toContainText('depth appears more than once');
  await expect(page.getByTestId('pane-summary')).toHaveCount(1);
});

test('a reload right after an edit keeps the edit', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  const nodes = page.getByLabel('Nodes N');
  // Two edits in quick succession: the second falls inside the history throttle.
  await nodes.fill('12');
  await nodes.fill('13');
  await page.reload();
  await waitForResult(page);
  await expect(page.getByLabel('Nodes N')).toHaveValue('13');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 12/);
});

test('opened without a link, the last good configuration is offered back; Dismiss keeps the default', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=neighbor-exchange&nodes=10');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/step=1/);
  await openConfig(page, '/');
  const offer = page.getByTestId('notice').filter({ hasText: 'Continue where you left off?' });
  await expect(offer).toContainText('Neighbor');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Nodes N')).toHaveValue('10');
  await expect(page.getByTestId('step-label')).toHaveText(/step 1 \//);
  await expect(page).toHaveURL(/alg=neighbor-exchange/);
  // Remembered once its result is on screen (leaving before that keeps the previous one).
  await expect(page.getByRole('img', { name: /Ring of 10 nodes/ })).toBeVisible();
  // Dismissed, the page stays on the default.
  await openConfig(page, '/');
  const again = page.getByTestId('notice').filter({ hasText: 'Continue where you left off?' });
  await again.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await expect(page).not.toHaveURL(/neighbor-exchange/);
  // A link is never overridden by what was remembered.
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('notice')).toHaveCount(0);
});

test('after a failure, even a link offers the last configuration that worked', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=11');
  // A view that fails marks the visit as failed.
  await page.evaluate(() => {
    CanvasRenderingContext2D.prototype.arc = () => {
      throw new Error('test: arc refused');
    };
  });
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-boundary="network view"]')).toBeVisible();
  await openConfig(page, '/?v=1&alg=optree&nodes=16');
  const offer = page.getByTestId('notice').filter({ hasText: 'The page failed last time' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Nodes N')).toHaveValue('11');
});

test('embed mode: the network and the timeline only, with a link back to the full view', async ({ page }) => {
  await page.goto('/?v=2&alg=ring-allgather&nodes=8&wavelengths=4&step=2&embed=1');
  // (No header in embed mode, so no result status: the network's step says the result is there.)
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('param-panel')).toHaveCount(0);
  await expect(page.getByTestId('holdings-matrix')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Play/ })).toBeVisible();
  const link = page.getByTestId('full-view-link');
  await expect(link).toHaveAttribute('href', /step=2/);
  await expect(link).not.toHaveAttribute('href', /embed=1/);
  await page.screenshot({ path: 'e2e/screenshots/embed.png' });
  // The link keeps the mode as it goes.
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/embed=1/);
});
