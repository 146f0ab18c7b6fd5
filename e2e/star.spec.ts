import { expect, test } from './shared-page';
import { clickBlockCell } from './block-matrix';
import { collectPageErrors, openConfig, shot, waitForResult } from './fixtures';

const BROADCAST =
  '/?v=1&alg=star-broadcast&nodes=64&wavelengths-per-node=3&tuning-delay=0.1&messages=64&variant=split';

test('moving h′ changes the schedule, the costs and the permalink', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openConfig(page, `${BROADCAST}&split-steps=1&step=0&view=ring`);
  const star = page.getByTestId('star-view');
  await expect(star).toBeVisible();
  // h′ = 1: h + h′ = 4 steps; communication (2/3·3 + 2)·16 = 64.
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 4/);
  await expect(page.getByTestId('formula-communication')).toContainText('64');
  const tunings1 = await page.getByTestId('formula-tunings').innerText();
  await shot(page, 'star-broadcast-h1');

  // Click the trade-off chart's point for h′ = 2.
  await page.getByTestId('tradeoff-total-2').click();
  await expect(page).toHaveURL(/[?&]split-steps=2(&|$)/);
  await waitForResult(page);
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 5/);
  await expect(page.getByTestId('tradeoff')).toHaveAttribute('data-current', '2');
  // Communication 16 + 4 + 4 + 4 + 16 = 44; tunings 447 by the paper, 443 built.
  await expect(page.getByTestId('formula-communication')).toContainText('44');
  await expect(page.getByTestId('formula-tunings')).toContainText('447');
  await expect(page.getByTestId('formula-tunings')).toContainText('443');
  expect(await page.getByTestId('formula-tunings').innerText()).not.toBe(tunings1);
  // The best whole h′ by enumeration at these parameters is 2 (T = 88.7).
  await expect(page.getByTestId('hopt-integer')).toHaveText('2');

  // Typing h′ in the panel works the same way.
  const field = page.getByTestId('param-split-steps');
  await field.fill('3');
  await expect(page).toHaveURL(/[?&]split-steps=3(&|$)/);
  await waitForResult(page);
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 6/);
  // Step into the exchange phase: every processor retunes its receivers.
  await field.blur();
  await page.keyboard.press('End');
  await expect(star).toHaveAttribute('data-step', '6');
  await expect(star).toHaveAttribute('data-retuned', '64');
  await shot(page, 'star-broadcast-h3-end');
  // A bad h′ is explained with its bounds, and the last good result stays.
  await field.fill('5');
  await expect(page.getByRole('alert')).toContainText('from 0 to h = 3');
  await expect(star).toBeVisible();
  expect(errors).toEqual([]);
});

test('the 64-node lecture scene opens from a link', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=star-scatter&nodes=16&wavelengths-per-node=3');
  await expect(page.getByTestId('tcp1-tree')).toBeVisible();
  await page.getByTestId('lecture-scene-link').click();
  await waitForResult(page);
  await expect(page).toHaveURL(/alg=star-broadcast/);
  await expect(page).toHaveURL(/lecture=1/);
  await expect(page.getByTestId('star-view')).toBeVisible();
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 5/);
  // Phase 1, step 1: node 0 sends three pieces, one per child, on three wavelengths.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('star-view')).toHaveAttribute('data-transmissions', '3');
  await expect(page.getByTestId('narration')).toContainText('broadcast-split');
  await page.keyboard.press('ArrowRight');
  await shot(page, 'star-lecture-step2');
});

test('gossip on a padded machine draws dummies as ghosts; the tree follows the star on hover', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=star-gossip&nodes=10&wavelengths-per-node=2&step=1&view=ring');
  const star = page.getByTestId('star-view');
  // 10 processors, k = 2: the machine is 12 = 2·2·3 (mixed cliques), so 2 dummies.
  await expect(star).toHaveAttribute('data-ghosts', '2');
  await expect(page.getByTestId('narration')).toContainText('dummies');
  await shot(page, 'star-gossip-ghosts');
  await openConfig(page, '/?v=1&alg=star-scatter&nodes=64&wavelengths-per-node=3&step=2&view=ring');
  await expect(page.getByTestId('tcp1-tree')).toHaveAttribute('data-active-edges', '12');
  await page.locator('[data-node="5"]').hover();
  await expect(page.getByTestId('node-tooltip')).toContainText('Node 5');
  await shot(page, 'star-scatter-tree-hover');
});

test('the Tree tab draws the TCP1 tree for scatter and says why gossip has none', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=star-scatter&nodes=64&wavelengths-per-node=3&step=2&detail=tree');
  const tab = page.getByTestId('tcp1-tree-tab');
  await expect(page.getByTestId('tree-view')).toContainText('TCP1 tree');
  // Step 2 of scatter on 64 = 4³: the 3 children of the root each send to their 3 new children, and
  // the root to its 3 new ones: 12 tree edges carry a transmission.
  await expect(tab).toHaveAttribute('data-active-edges', '12');
  await expect(tab.locator('circle')).toHaveCount(64);
  // Where the tree is drawn, the paper's numbering erratum: as printed it reaches 16 of the 64.
  await expect(tab.getByTestId('tcp1-erratum')).toContainText('reaches only 16 of these 64 processors');
  await expect(tab.getByTestId('tcp1-erratum')).toContainText('one too high');
  await openConfig(page, '/?v=1&alg=star-gossip&nodes=64&wavelengths-per-node=3&step=1&detail=tree');
  await expect(page.getByTestId('tree-view')).toContainText('cliques of k+1 processors');
});

test('multi-scatter shows where each message is, source by destination, and follows one', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=star-multiscatter&nodes=16&wavelengths-per-node=3&step=1&view=split');
  // Message (1, 14): step 1 moves it to 1's clique partner with digit 0 of 14 (node 2), step 2 to 14.
  await clickBlockCell(page, 16, 1, 14);
  const route = page.getByTestId('block-route');
  await expect(route).toContainText('B[1, 14]');
  await expect(route).toContainText('start: 1');
  await expect(route).toContainText('step 1: 2');
  await expect(route).toContainText('step 2: 14');
  await shot(page, 'multiscatter-block-matrix');
});

test('the star paper check lists the TCP1 numbering erratum as a row, with its note', async ({ page }) => {
  await page.goto('/?v=2&mode=paper&check=star-tables');
  const row = page.getByTestId('paper-row').filter({ hasText: 'TCP1 numbering as printed' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('16');
  await expect(row).toContainText('power is one too high');
});
