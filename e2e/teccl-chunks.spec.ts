import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { openFile } from './open-file';

// A TE-CCL file's chunks (the "Chunks" tab): filter, pick one by keyboard, read its path hop by hop
// with the fractions, see its links marked on the picture; a hop opens its step with its links marked.

const fixture = (name: string) =>
  readFileSync(new URL(`../src/interop/fixtures/teccl/${name}`, import.meta.url), 'utf8');

async function openChunks(page: Page) {
  await page.goto('/?v=2&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready');
  // All-to-all in halves: GPU 0's chunk for GPU 2 goes half straight, half through GPU 1.
  await openFile(page, 'a2a-halves.json', fixture('alltoall-fractions-3.json'));
  await expect(page.getByTestId('file-name')).toHaveText('a2a-halves.json');
  await page.getByTestId('detail-chunks').click();
  await expect(page.getByTestId('chunks-view')).toBeVisible();
}

test('pick a chunk by keyboard: its hops with their fractions, the fork, the pieces, its links marked', async ({
  page,
}) => {
  await openChunks(page);
  await expect(page.getByTestId('chunk-count')).toHaveText('6 chunks.');
  await page.getByTestId('chunk-filter').fill('g0');
  await expect(page.getByTestId('chunk-option')).toHaveText(['g0.c0.g1', 'g0.c0.g2']);
  await page.getByTestId('chunk-filter').fill('g0 x');
  await expect(page.getByTestId('chunk-filter-error')).toContainText('filter by g<source GPU>');
  await page.getByTestId('chunk-filter').fill('g0.c0.g2');
  await page.getByTestId('chunk-filter').press('Tab');
  await expect(page.getByTestId('chunk-option')).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/[?&]chunk=g0\.c0\.g2(&|$)/);
  const hops = page.getByTestId('chunk-hop');
  await expect(hops).toHaveCount(3);
  await expect(hops.nth(0)).toContainText(/step 1: rank 0 \(GPU 0\) → 1 \(GPU 1\), link \d+, 0\.5 of it/);
  await expect(hops.nth(1)).toContainText(/step 1: rank 0 \(GPU 0\) → 2 \(GPU 2\), link \d+, 0\.5 of it/);
  await expect(hops.nth(2)).toContainText(/step 2: rank 1 \(GPU 1\) → 2 \(GPU 2\)/);
  await expect(page.getByTestId('chunk-forks')).toHaveText('It forks at rank 0 (GPU 0) (to 1, 2).');
  await expect(page.getByTestId('chunk-arrivals')).toHaveText(
    'Rank 2 (GPU 2) gets 0.5 in step 1, 0.5 in step 2: whole after step 2.',
  );
  // The three links of its path are marked on the network picture, and kept in the link.
  const view = page.getByTestId('graph-view');
  await expect(view).toHaveAttribute('data-marked-links', /^\d+,\d+,\d+$/);
  const marked = (await view.getAttribute('data-marked-links'))!;
  await expect(page).toHaveURL(new RegExp(`[?&]mark=${marked.replace(/,/g, '%2C')}(&|$)`));
  await page.screenshot({ path: 'e2e/screenshots/teccl-chunks.png' });

  // A hop opens its step with its own link marked.
  const link = /link (\d+)/.exec((await hops.nth(2).textContent())!)![1];
  await hops.nth(2).click();
  await expect(view).toHaveAttribute('data-step', '2');
  await expect(view).toHaveAttribute('data-marked-links', link);
});

test('a link names the chunk: it opens followed; one the file does not move is refused', async ({ page }) => {
  await openChunks(page);
  await page.getByTestId('chunk-option').filter({ hasText: 'g1.c0.g0' }).click();
  await expect(page.getByTestId('chunk-hop')).toHaveCount(3);
  await page.reload();
  await page.getByTestId('detail-chunks').click();
  await expect(page.getByTestId('chunk-option').filter({ hasText: 'g1.c0.g0' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('chunk-hop')).toHaveCount(3);
  await page.goto(page.url().replace(/chunk=[^&]*/, 'chunk=g7.c0.g1'));
  await page.getByTestId('detail-chunks').click();
  await expect(page.getByTestId('chunk-error')).toHaveText(
    'chunk=g7.c0.g1 is not tracked: this file moves no chunk g7.c0.g1',
  );
});

test('lecture mode: the chunk’s path in large text', async ({ page }) => {
  await openChunks(page);
  await page.getByTestId('chunk-option').first().click();
  await page.goto(`${page.url()}&lecture=1`);
  await page.getByTestId('detail-chunks').click();
  const size = await page
    .getByTestId('chunk-hop')
    .first()
    .evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(18);
  await page.screenshot({ path: 'e2e/screenshots/teccl-chunks-lecture.png' });
});
