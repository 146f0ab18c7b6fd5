import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { ringAllgatherXml } from '../src/interop/fixtures/ring-allgather-xml';
import { ringAllreduceXml } from '../src/interop/fixtures/ring-allreduce-xml';

// An MSCCL file's rank × threadblock timeline in the page: a row per threadblock, a column per step,
// a click (or Enter) opens the step and marks the message on the picture; a chunk picked is followed
// step by step, kept in the link, and a pick that names nothing is refused with the view kept.

async function open(page: Page, name: string, text: string) {
  await page.goto('/?v=2&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('open-schedule-input').setInputFiles({
    name,
    mimeType: 'application/xml',
    buffer: Buffer.from(text),
  });
  await expect(page.getByTestId('file-name')).toHaveText(name);
}

/** Clicks the cell (row, column) of the grid, from the geometry the grid states, scrolled into view. */
async function clickCell(page: Page, row: number, col: number) {
  const grid = page.getByTestId('threadblock-grid');
  const [labelW, headerH, colW, rowH] = (await grid.getAttribute('data-layout'))!.split(',').map(Number);
  const [left, top] = await grid.evaluate(
    (el, [x, y]) => {
      if (x < el.scrollLeft || x > el.scrollLeft + el.clientWidth - 200) el.scrollLeft = x;
      if (y < el.scrollTop || y > el.scrollTop + el.clientHeight - 60) el.scrollTop = y;
      return [el.scrollLeft, el.scrollTop];
    },
    [col * colW, row * rowH],
  );
  await grid.click({
    position: { x: labelW + col * colW - left + colW / 2, y: headerH + row * rowH - top + rowH / 2 },
  });
}

const highlighted = (page: Page) => page.locator('[data-highlighted]').first();

test('ring all-gather: the timeline, a cell opened by click and by keyboard, a chunk followed and kept in the link', async ({
  page,
}) => {
  await open(page, 'ag4.xml', ringAllgatherXml(4));
  await page.getByTestId('detail-threadblocks').click();
  await expect(page).toHaveURL(/[?&]detail=threadblocks(&|$)/);
  const grid = page.getByTestId('threadblock-grid');
  await expect(grid).toHaveAttribute('data-rows', '4');
  await expect(grid).toHaveAttribute('data-columns', '3');

  // Rank 1 receives rank 0's chunk in step 1 and sends it on to rank 2 in step 2.
  await clickCell(page, 1, 2);
  await expect(page.getByTestId('narration')).toContainText('Step 2 of 3');
  await expect(grid).toHaveAttribute('data-marked', '1,2');
  await expect(page.getByTestId('threadblock-cell')).toContainText(
    'rank 1, threadblock 0 (sends to rank 2, receives from rank 0, channel 0), step 2: its step 2, receive-copy-send o0',
  );
  await expect(highlighted(page)).toHaveAttribute('data-highlighted', '1,2');

  // The keyboard: from the cell clicked, one to the right, Enter.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('narration')).toContainText('Step 3 of 3');
  await expect(grid).toHaveAttribute('data-marked', '1,3');

  // Track rank 0's input chunk: it goes round the ring, one rank a step.
  await page.getByTestId('chunk-input').fill('r0.i0');
  await page.getByTestId('chunk-input').press('Enter');
  await expect(page).toHaveURL(/[?&]chunk=r0\.i0(&|$)/);
  await expect(page.getByTestId('chunk-track')).toContainText('r0.i0: from rank 0 to 0, 1, 2, 3.');
  await expect(page.getByTestId('chunk-track')).toContainText('step 1: 1 · step 2: 2 · step 3: 3');
  await expect(page.getByTestId('chunk-holders')).toHaveText('0, 1, 2, 3');
  await clickCell(page, 0, 1);
  await expect(page.getByTestId('chunk-holders')).toHaveText('0, 1');
  // The opened cell's message is marked (rank 0 sends to 1); a step taken elsewhere rings the holders.
  await expect(highlighted(page)).toHaveAttribute('data-highlighted', '0,1');
  await page.getByTestId('narration').click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('chunk-holders')).toHaveText('0, 1, 2');
  await expect(highlighted(page)).toHaveAttribute('data-highlighted', '0,1,2');
  await page.keyboard.press('ArrowLeft');
  await expect(highlighted(page)).toHaveAttribute('data-highlighted', '0,1');
  await page.screenshot({ path: 'e2e/screenshots/threadblocks.png' });

  // A pick beyond the file: refused with its limits, the chunk tracked stays.
  await page.getByTestId('chunk-input').fill('r9.i0');
  await page.getByTestId('chunk-input').press('Enter');
  await expect(page.getByTestId('chunk-error')).toHaveText(
    '"r9.i0" was not tracked: rank 9 is not in this file: its ranks are 0 to 3',
  );
  await expect(page).toHaveURL(/[?&]chunk=r0\.i0(&|$)/);
  await expect(page.getByTestId('chunk-holders')).toHaveText('0, 1');

  // The link reopens the same view: the tab, the step, the chunk.
  await page.goto(page.url());
  await expect(page.getByTestId('threadblock-grid')).toHaveAttribute('data-rows', '4');
  await expect(page.getByTestId('narration')).toContainText('Step 1 of 3');
  await expect(page.getByTestId('chunk-holders')).toHaveText('0, 1');

  // A link whose chunk names nothing in the file: the reason, and the timeline still there.
  await page.goto(page.url().replace('chunk=r0.i0', 'chunk=r0.o7'));
  await expect(page.getByTestId('chunk-error')).toHaveText(
    'chunk=r0.o7 is not tracked: rank 0 has output chunks 0 to 3; 7 is beyond them',
  );
  await expect(page.getByTestId('threadblock-grid')).toHaveAttribute('data-rows', '4');
});

test('ring all-reduce: an output chunk gathers its four contributions, then every rank holds it', async ({
  page,
}) => {
  await open(page, 'ar4.xml', ringAllreduceXml(4, 1));
  await page.getByTestId('detail-threadblocks').click();
  await page.getByTestId('chunk-input').fill('r0.o1');
  await page.getByTestId('chunk-input').press('Enter');
  await expect(page.getByTestId('chunk-track')).toContainText(
    '(the sum of 4 contributions): from ranks 0, 1, 2, 3',
  );
  await expect(page.getByTestId('chunk-partial')).toHaveText('0, 1, 2, 3');
  await page.getByTestId('threadblock-grid').focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chunk-holders')).toHaveText('0, 1, 2, 3');
  await expect(page.getByTestId('chunk-partial')).toHaveCount(0);
});

test('lecture mode: 18 px text, no sideways page scroll at 1280 × 720', async ({ page }) => {
  await open(page, 'ar8.xml', ringAllreduceXml(8, 2));
  await page.getByTestId('detail-threadblocks').click();
  await page.goto(`${page.url()}&lecture=1`);
  const grid = page.getByTestId('threadblock-grid');
  await expect(grid).toHaveAttribute('data-rows', '16');
  const [, headerH] = (await grid.getAttribute('data-layout'))!.split(',').map(Number);
  // The header's row is the text's size plus its margin: 18 px text at least.
  expect(headerH).toBeGreaterThanOrEqual(28);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/threadblocks-lecture.png' });
});
