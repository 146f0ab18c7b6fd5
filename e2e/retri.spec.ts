import { expect, test } from './shared-page';
import { clickBlockCell } from './block-matrix';
import { collectPageErrors, openConfig, shot, waitForResult } from './fixtures';

test('toggling a reconfiguration bit changes the circuits, the cost and the permalink', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/?v=1&alg=retri&nodes=27&reconfigure=0,0,0&step=3');
  const view = page.getByTestId('circuit-view');
  // Phase 2 without reconfiguration runs on the starting ring (±1, one ring).
  await expect(view).toHaveAttribute('data-offset', '1');
  await expect(view).toHaveAttribute('data-subrings', '1');
  const built = page.getByTestId('reconfig-built-time');
  await expect(built).not.toHaveText('…');
  const before = await built.innerText();
  await shot(page, 'retri-static-ring');

  await page.getByTestId('reconfig-2').click();
  await expect(page.getByTestId('reconfig-2')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]reconfigure=0%2C0%2C1(&|$)|[?&]reconfigure=0,0,1(&|$)/);
  await waitForResult(page);
  // Rebuilt before phase 2: circuits ±9, nine subrings of three.
  await expect(view).toHaveAttribute('data-offset', '9');
  await expect(view).toHaveAttribute('data-subrings', '9');
  await expect(view).toHaveAttribute('data-reconfigured', '1');
  await expect(page.getByTestId('reconfig-count')).toHaveText('1');
  await expect(built).not.toHaveText(before);
  await expect(page.getByTestId('phase-strip').locator('[data-reconfigured="1"]')).toHaveCount(1);
  await shot(page, 'retri-reconfigured');
  expect(errors).toEqual([]);
});

test('a block matrix cell shows the block digits and route', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=retri&nodes=9&reconfigure=0,1&step=2&view=split');
  // Cell (r = 0, d = 4): offset 4 = +1 + 1·3.
  await clickBlockCell(page, 9, 0, 4);
  await expect(page.getByTestId('block-route')).toContainText('B[0, 4]');
  await expect(page.getByTestId('block-route')).toContainText('(+1, +1)');
  await shot(page, 'retri-block-matrix');
});

test('a heatmap click opens its configuration', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=retri&nodes=9');
  await page.getByTestId('speedup-toggle').click();
  await page.getByTestId('speedup-select').selectOption('retri-vs-static-81');
  const cell = page.getByTestId('heatmap-cell-268435456-1');
  await expect(cell).toBeVisible({ timeout: 30_000 });
  await shot(page, 'retri-heatmap');
  await cell.click();
  await expect(page).toHaveURL(/[?&]nodes=81(&|$)/);
  await expect(page).toHaveURL(/[?&]message-bytes=268435456(&|$)/);
  await expect(page).toHaveURL(/[?&]reconfiguration-delay=1(&|$)/);
  await waitForResult(page);
  await expect(page.getByTestId('reconfig-count')).toHaveText('3');
  await expect(page.getByTestId('circuit-view')).toHaveAttribute('data-step', '0');
});

test('the Fig. 1 lecture scene is reachable from the app', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=direct-alltoall&nodes=9');
  await page.getByTestId('fig1-scenes').getByText('ReTri, 9 nodes').click();
  await expect(page).toHaveURL(/alg=retri/);
  await waitForResult(page);
  await expect(page.getByTestId('circuit-view')).toBeVisible();
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  // As in the figure, only node 0's blocks are drawn.
  await expect(page.getByTestId('only-node0')).toBeChecked();
  await page.getByTestId('play').click();
  await page.keyboard.press('End');
  await expect(page.getByTestId('circuit-view')).toHaveAttribute('data-step', '2');
  await shot(page, 'retri-fig1');
});

test('a padded run shows its ghost nodes; a large run still draws', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=retri&nodes=20&layout=padded&reconfigure=0,1,0&step=2&view=ring');
  await expect(page.getByTestId('variant')).toContainText('7 ghost nodes');
  await expect(page.getByText('dashed: ghost nodes (padding to 27)')).toBeVisible();
  await page.getByTestId('only-node0').check();
  await shot(page, 'retri-padded');
  await openConfig(page, '/?v=1&alg=bruck&nodes=64&reconfigure=0,0,1,0,1,0&step=4&view=split');
  await expect(page.getByTestId('circuit-view')).toHaveAttribute('data-offset', '4');
  await shot(page, 'bruck-64');
});

test("the paper's claims sit beside our model's numbers", async ({ page }) => {
  await openConfig(page, '/?v=1&alg=retri&nodes=81');
  await page.getByTestId('claims-toggle').click();
  const row = page
    .getByTestId('paper-claims')
    .locator('tr', { hasText: 'Reconfiguring pays up to δ, 1 KB messages' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.locator('td').nth(1)).toHaveText('10 µs');
  await expect(row.locator('td').nth(3)).toHaveText('10');
  await page.getByTestId('paper-claims').scrollIntoViewIfNeeded();
  await shot(page, 'retri-claims');
});

test('edge sizes open, step to the end and draw without page errors', async ({ page }) => {
  const errors = collectPageErrors(page);
  for (const q of [
    'alg=retri&nodes=2&reconfigure=1',
    'alg=retri&nodes=4&layout=padded',
    'alg=bruck&nodes=2',
    'alg=bruck&nodes=3&reconfigure=0,1',
    'alg=direct-alltoall&nodes=2',
    'alg=retri&nodes=10&reconfigure=0,1,1,1,1',
  ]) {
    await openConfig(page, `/?v=1&${q}&view=split`);
    await page.keyboard.press('End');
    await expect(page.getByTestId('verified')).toContainText('Verified');
    await expect(page.getByTestId('narration')).toContainText('every block is at its destination');
  }
  expect(errors).toEqual([]);
});

test('static all-to-all on 256 nodes: its 65,280 transfers are added up per circuit, and the note says so', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=direct-alltoall&nodes=256&step=1');
  const note = page.getByTestId('circuit-bands');
  await expect(note).toContainText('65,280 transfers, added up per circuit');
  // The busiest circuit carries n²/8 = 8,192 blocks one way.
  await expect(note).toContainText('busiest: 8,192 blocks one way');
  await expect(page.getByTestId('circuit-view')).toHaveAttribute('data-step', '1');
  await shot(page, 'direct-alltoall-256');
});
