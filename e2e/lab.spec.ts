import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { collectPageErrors, openConfig, shot, waitForResult } from './fixtures';

// Compare mode, the detail views, the explorer and the paper checks.

test('compare mode steps every schedule together; a shorter one stays on its last step', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(
    '/?v=1&alg=ring-allgather&nodes=8&wavelengths=4&mode=compare&cmp=ring-allgather|neighbor-exchange',
  );
  const panes = page.getByTestId('compare-pane');
  await expect(panes).toHaveCount(2);
  await expect(panes.nth(0)).toHaveAttribute('data-steps', '7');
  await expect(panes.nth(1)).toHaveAttribute('data-steps', '4');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 7/);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(panes.nth(0)).toHaveAttribute('data-step', '3');
  await expect(panes.nth(1)).toHaveAttribute('data-step', '3');
  await page.keyboard.press('End');
  await expect(panes.nth(0)).toHaveAttribute('data-step', '7');
  await expect(panes.nth(1)).toHaveAttribute('data-step', '4');
  await expect(panes.nth(1).getByTestId('pane-summary')).toContainText('4 steps');
  await expect(page).toHaveURL(/step=7/);
  await shot(page, 'compare-ring-ne');
  expect(errors).toEqual([]);
});

test('a compare pane with a bad override says why and keeps the others', async ({ page }) => {
  await page.goto('/?v=1&alg=ring-allgather&nodes=8&mode=compare&cmp=ring-allgather|neighbor-exchange');
  await expect(page.getByTestId('compare-pane')).toHaveCount(2);
  const editor = page.getByTestId('pane-editor').nth(1).getByRole('textbox');
  await editor.fill('wavelengths=0');
  await expect(page.getByTestId('pane-editor').nth(1).getByRole('alert')).toContainText('from 1 to 1,024');
  await expect(page.getByTestId('compare-pane').nth(1)).toHaveAttribute('data-steps', '4');
  await editor.fill('wavelengths=1');
  await expect(page).toHaveURL(/neighbor-exchange%3Awavelengths%3D1|neighbor-exchange:wavelengths=1/);
});

test('the spectrum view shows which link-wavelength slots the step uses', async ({ page }) => {
  await page.goto('/?v=1&alg=ring-allgather&nodes=8&wavelengths=4&step=1&detail=spectrum');
  const sp = page.getByTestId('spectrum-view');
  // Ring all-gather: 8 clockwise lightpaths of one hop each, all on λ0.
  await expect(sp).toHaveAttribute('data-used', '8');
  await expect(sp).toContainText('8 of 64');
  await page.getByTestId('detail-holdings').click();
  await expect(page.getByTestId('holdings-matrix')).toBeVisible();
  await expect(page).not.toHaveURL(/detail=/);
});

test('the motivation scene (16 nodes, 2 wavelengths) opens from the menu and from its link', async ({
  page,
}) => {
  await openConfig(page, '/');
  await page.getByTestId('scenes').selectOption('optree-motivation');
  const panes = page.getByTestId('compare-pane');
  await expect(panes).toHaveCount(3);
  // The paper's worked example: one-stage ⌈32/2⌉ = 16 steps, the two-stage 4-ary tree 4 + 8 = 12.
  await expect(panes.nth(0)).toHaveAttribute('data-steps', '16');
  await expect(panes.nth(1)).toHaveAttribute('data-steps', '12');
  await expect(panes.nth(2)).toHaveAttribute('data-steps', /^1[2-9]$/);
  const link = page.url();
  expect(link).toMatch(/mode=compare/);
  await shot(page, 'motivation-scene');

  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByTestId('compare-pane')).toHaveCount(3);
  await expect(other.getByTestId('compare-pane').nth(1)).toHaveAttribute('data-steps', '12');
  await expect(other.getByTestId('notice')).toHaveCount(0);
});

test('a permalink to OpTree at stage 2 reopens there: ring, tree level and stage table agree', async ({
  page,
}) => {
  // 16 nodes as 4 × 4 on 2 wavelengths: stage 1 takes 4 steps, so step 5 is the first of stage 2.
  await page.goto('/?v=1&alg=optree&nodes=16&wavelengths=2&radices=4,4&step=5&detail=tree');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '5');
  await expect(page.getByTestId('tree-view')).toHaveAttribute('data-depth', '2');
  await expect(page.getByTestId('stage-row').nth(1)).toHaveAttribute('data-current', 'yes');
  await expect(page.getByTestId('narration')).toContainText('Stage 2 of 2');
  await shot(page, 'optree-stage2');
  await page.keyboard.press('Home');
  await page.getByTestId('phase-marks').getByRole('button', { name: 'stage 2' }).click();
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '5');
  // Hovering a tree node marks its network nodes (the ring reads them from the store).
  await page
    .getByTestId('tree-node')
    .filter({ has: page.locator('title', { hasText: /^0:/ }) })
    .first()
    .hover();
  await expect(page.getByTestId('tree-view').locator('line[stroke-width="3"]').first()).toBeVisible();
});

test('explorer: points arrive from the worker, hover shows both numbers, a click opens the configuration', async ({
  page,
}) => {
  await page.goto('/?v=1&mode=explore&sweep=optree-fig4');
  const point = page.locator('[data-testid="chart-point"][data-kind="constructed"]').first();
  await expect(point).toBeVisible({ timeout: 30_000 });
  // Points keep arriving (the chart re-lays out as the axes grow); hover once the sweep has ended.
  // Stop ends it after the point in hand: the chart keeps the first points of N = 512, and the whole
  // sweep's 38 points (up to 4096 nodes, each built and verified) are checked in Node by
  // src/families/ring/optree/optree-fig4-sweep.test.ts.
  await page.getByTestId('sweep-stop').click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-done', 'yes', { timeout: 30_000 });
  await expect(progress).toContainText(/stopped: \d+ of 38 configurations computed and verified/);
  await point.hover();
  await expect(page.getByTestId('chart-tooltip')).toContainText('constructed');
  await expect(page.getByTestId('chart-tooltip')).toContainText('formula');
  const series = await point.getAttribute('data-series');
  await shot(page, 'explorer-fig4');
  await point.click();
  await expect(page.getByTestId('ring-view')).toBeVisible();
  await expect(page).toHaveURL(/alg=optree/);
  await expect(page).not.toHaveURL(/mode=explore/);
  // The series is "N = …": the opened configuration has that many nodes.
  const n = /N = ([\d,]+)/.exec(series ?? '')?.[1]?.replace(/,/g, '');
  if (n) await expect(page.getByTestId('param-nodes')).toHaveValue(n);
});

test('paper check: the OpTree motivation rows show paper, formula and constructed numbers', async ({
  page,
}) => {
  await page.goto('/?v=1&mode=paper&check=optree-motivation');
  const rows = page.getByTestId('paper-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paper-table')).toContainText('One-stage: steps');
  await shot(page, 'paper-motivation');
});

test('OpTree offers the best tree its search found, and one click takes it', async ({ page }) => {
  await page.goto('/?v=1&alg=optree&nodes=16&wavelengths=2&radices=2,3,3');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 14/);
  await page.getByTestId('suggest-theorem2-steps').click();
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 12/);
  await expect(page).toHaveURL(/radices=4%2C4/);
  await expect(page.getByTestId('suggest-theorem2-steps')).toHaveCount(0);
});

test('OpTree 1024: the best-tree rows, searched after the result is shown, arrive and offer the best tree', async ({
  page,
}) => {
  await page.goto('/?v=1&alg=optree&nodes=1024&wavelengths=64&depth=2');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 192/);
  // The search (hundreds of ms in the worker) runs after the result is shown; its rows then show the
  // best tree's 69 steps (docs/models/optree.md) and offer to use it.
  const row = page.getByTestId('formula-theorem2-steps');
  await expect(row).toContainText('69', { timeout: 20_000 });
  await expect(row.getByTestId('formula-pending')).toHaveCount(0);
  await expect(page.getByTestId('suggest-theorem2-steps')).toContainText('7, 3, 3, 3, 3, 2');
});

test('the speed-up heatmaps are also a page of the explorer; a cell opens its run in the visualizer', async ({
  page,
}) => {
  await page.goto('/?v=1&mode=explore&sweep=speedup-heatmaps');
  const cell = page.getByTestId('heatmap-cell-268435456-1');
  await expect(cell).toBeVisible({ timeout: 60_000 });
  await cell.click();
  await expect(page).not.toHaveURL(/mode=explore/);
  await expect(page).toHaveURL(/alg=retri/);
  await waitForResult(page);
});

test('a sweep can be stopped: the points so far stay on the chart, and it can be computed again', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=explore&sweep=optree-fig4');
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toContainText(/\d+ of \d+/);
  await page.getByTestId('sweep-stop').click();
  await expect(progress).toHaveAttribute('data-done', 'yes');
  await expect(progress).toContainText(/stopped: \d+ of \d+ configurations/);
  const [kept, total] = (await progress.innerText())
    .match(/(\d+) of (\d+)/)!
    .slice(1)
    .map(Number);
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(total);
  await page.getByTestId('sweep-restart').click();
  await expect(progress).toHaveAttribute('data-done', 'no');
  await expect(progress).toContainText('computing in the background');
});

test('a heatmap shows its builds as they are verified, can be stopped, and computed again', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=retri&nodes=9');
  await pace(page, 400);
  await page.getByTestId('speedup-toggle').click();
  await page.getByTestId('speedup-select').selectOption('retri-vs-static-81');
  const progress = page.getByTestId('heatmap-progress');
  await expect(progress).toContainText(/\d+ of \d+ verified builds/);
  await page.getByTestId('heatmap-stop').click();
  await expect(page.getByTestId('heatmap-stopped')).toBeVisible();
  await expect(page.getByTestId('heatmap')).toHaveCount(0);
  await pace(page, 0);
  await page.getByTestId('heatmap-restart').click();
  await expect(page.getByTestId('heatmap-cell-268435456-1')).toBeVisible({ timeout: 60_000 });
});

/** Makes the pool's jobs start late and pause between slices, so that Stop can be pressed in time. */
const pace = (page: Page, ms: number) =>
  page.evaluate(
    (v) => (window as unknown as { __ocl: { pacePool(ms: number): void } }).__ocl.pacePool(v),
    ms,
  );

test('a paper check can be stopped while it computes, and computed again', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather');
  await pace(page, 3000);
  await page.getByRole('button', { name: 'Paper check' }).click();
  await page.getByTestId('check-retri-claims').click();
  await expect(page.getByTestId('check-progress')).toContainText('computing in the background');
  await page.getByTestId('check-stop').click();
  await expect(page.getByTestId('check-stopped')).toBeVisible();
  await expect(page.getByTestId('paper-table')).toHaveCount(0);
  await pace(page, 0);
  await page.getByTestId('check-restart').click();
  await expect(page.getByTestId('paper-row').first()).toBeVisible({ timeout: 30_000 });
});

test('timeline phase marks never run into each other: a name with no room takes a second row (or its number)', async ({
  page,
}) => {
  // Neighbor exchange on 64 nodes: "pair swap" is step 1 and "exchange" starts at step 2, one
  // thirty-second of the scrubber later — the names used to print over each other ("paiexchange").
  await page.goto('/?v=2&alg=neighbor-exchange&nodes=64&wavelengths=4');
  const marks = page.getByTestId('phase-marks').getByRole('button');
  await expect(marks).toHaveCount(2);
  const [a, b] = [await marks.nth(0).boundingBox(), await marks.nth(1).boundingBox()];
  // Apart side by side, or one above the other.
  expect(a!.x + a!.width <= b!.x + 0.5 || a!.y + a!.height <= b!.y + 0.5).toBe(true);
  // Neither is cut.
  await expect(marks).toHaveText(['pair swap', 'exchange']);
  // The whole name is still there for a pointer and a screen reader.
  await expect(marks.nth(0)).toHaveAttribute('title', /pair swap/);
  await expect(marks.nth(0)).toHaveAccessibleName(/pair swap/);
  await page.getByTestId('phase-marks').screenshot({ path: 'e2e/screenshots/timeline-phase-marks.png' });
});

test('switching algorithm keeps the network but not a time-model value that means something else; reset restores the defaults', async ({
  page,
}) => {
  await page.goto('/?v=2&alg=ring-allgather&nodes=27&wavelengths=4');
  await page.locator('#param-bandwidth').fill('10');
  await page.locator('#param-bandwidth').press('Enter');
  await expect(page).toHaveURL(/bandwidth=10/);
  await page.getByTestId('algorithm').selectOption('retri');
  // The ring's bandwidth per wavelength is not ReTri's link bandwidth: ReTri's 400 Gb/s applies, and
  // the page says what was not carried over. The network's size (27) carries.
  await expect(page.locator('#param-bandwidth')).toHaveValue('400');
  await expect(page.locator('#param-nodes')).toHaveValue('27');
  await expect(page.getByTestId('notice')).toContainText('is not carried over');
  // Back to the ring: the value set there comes back.
  await page.getByTestId('algorithm').selectOption('ring-allgather');
  await expect(page.locator('#param-bandwidth')).toHaveValue('10');
  await page.getByTestId('reset-params').click();
  await expect(page.locator('#param-bandwidth')).not.toHaveValue('10');
  await expect(page.getByTestId('reset-params')).toHaveCount(0);
});

test('the tab title names the configuration and follows it', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=16&wavelengths=4&step=3');
  await expect(page).toHaveTitle(/nodes 16, step 3 — Optical Collectives Lab/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveTitle(/step 4/);
});

test('a change of mode, chart or paper check is a history entry: Back returns to where the user was', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8&wavelengths=4');
  await page.getByTestId('mode-paper').click();
  await expect(page).toHaveURL(/mode=paper/);
  await page.getByTestId('mode-explore').click();
  await expect(page).toHaveURL(/mode=explore/);
  await page.goBack();
  await expect(page).toHaveURL(/mode=paper/);
  await page.goBack();
  await expect(page).not.toHaveURL(/mode=/);
  await waitForResult(page);
});

test('compare mode writes how each schedule differs from the first', async ({ page }) => {
  await page.goto(
    '/?v=1&alg=ring-allgather&nodes=8&wavelengths=4&mode=compare&cmp=ring-allgather|neighbor-exchange',
  );
  const panes = page.getByTestId('compare-pane');
  await expect(panes).toHaveCount(2);
  await expect(panes.nth(0).getByTestId('pane-difference')).toHaveCount(0);
  // Ring all-gather takes 7 steps on 8 nodes, neighbor exchange 4: three fewer, 43 % fewer.
  await expect(panes.nth(1).getByTestId('pane-difference')).toContainText('−3 steps (−43 %)');
});

test('the ring legend lists the wavelengths the step uses, and names them all in runs', async ({ page }) => {
  // One-stage on 64 nodes with 64 wavelengths: a step uses many; the legend shows ten and names all.
  await page.goto('/?v=2&alg=one-stage&nodes=64&wavelengths=64&step=5&view=network');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '5');
  const legend = page.getByText(/wavelengths \(\d+ of 64 used\), \d+ in this step:/);
  await expect(legend).toBeVisible();
  await expect(page.getByTestId('ring-channels')).toHaveText(/^… in all: λ\d+/);
  await page
    .getByTestId('ring-view')
    .locator('..')
    .screenshot({ path: 'e2e/screenshots/ring-64-wavelengths.png' });
});
