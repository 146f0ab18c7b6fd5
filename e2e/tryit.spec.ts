import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { axe } from './axe';
import { collectPageErrors, shot } from './fixtures';

const verdict = (page: Page) => page.getByTestId('try-verdict');

/** Adds a transfer by clicking its sender and receiver on the picture. */
async function clickTransfer(page: Page, from: number, to: number) {
  await page.getByTestId(`try-node-${from}`).click();
  await page.getByTestId(`try-node-${to}`).click();
  await page.getByTestId('try-add').click();
}

/** Step s of the ring all-gather on 4 nodes: node i passes on what it got, clockwise. */
async function ringStep(page: Page, s: number, next = s < 2) {
  for (let i = 0; i < 4; i++) {
    await clickTransfer(page, i, (i + 1) % 4);
    await expect(page.getByTestId('try-transfers').locator('li')).toHaveCount(i + 1);
  }
  await expect(verdict(page)).not.toContainText('problem');
  if (next) {
    await page.getByTestId('try-next').click();
    await expect(page.getByTestId('try-step')).toHaveText(`Step ${s + 2} of ${s + 2}`);
  }
}

test('a 4-node ring all-gather built by hand in 3 steps is complete, at the bound', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/?v=2&mode=try');
  await expect(page.getByRole('heading', { name: 'Try it' })).toBeVisible();
  await expect(page).toHaveTitle(/^Try it — /);
  await expect(verdict(page)).toContainText('The bound is 3 steps');
  for (let s = 0; s < 3; s++) await ringStep(page, s);
  await expect(verdict(page)).toHaveText(
    /^Complete in 3 steps, at the bound \(3 steps\)\. Ring all-gather takes 3 steps\./,
  );
  await expect(page.getByTestId('try-compare')).toContainText('Your attempt3');
  // The ready-made exercise is named in the menu, not "from the link".
  await expect(page.getByTestId('try-exercise')).toHaveValue('0');
  await shot(page, 'tryit-ring-complete');
  // The bound's argument: node 0 must receive 3 blocks over its 2 incoming links, one per step.
  await page.getByTestId('try-why').click();
  await expect(page.getByTestId('try-why-words')).toContainText(
    'Ringed in purple on the picture: 1 vertex and 2 links',
  );
  await expect(page.getByTestId('try-argument-vertex')).toHaveCount(1);
  await expect(page.getByTestId('try-argument-link')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a conflicting move is marked and explained, and undo takes it back (from the keyboard)', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=try');
  await expect(verdict(page)).toContainText('The bound is 3 steps');
  await clickTransfer(page, 0, 1);
  // The second lightpath out of node 0, picked by number: 0 Enter 3 Enter, then Enter adds it.
  await page.getByTestId('try-page').click({ position: { x: 5, y: 5 } });
  for (const k of ['0', 'Enter', '3', 'Enter', 'Enter']) await page.keyboard.press(k);
  await expect(verdict(page)).toContainText('problem');
  await expect(page.getByTestId('try-violations')).toContainText('node 0');
  await expect(page.locator('[data-testid^="try-path-"][data-fault="1"]')).not.toHaveCount(0);
  await shot(page, 'tryit-conflict');
  await page.keyboard.press('u');
  await expect(page.getByTestId('try-violations')).toHaveCount(0);
  await expect(page.getByTestId('try-transfers').locator('li')).toHaveCount(1);
  await page.keyboard.press('r');
  await expect(page.getByTestId('try-violations')).toBeVisible();
});

test('the link and the downloaded file reopen the attempt', async ({ page, browser }) => {
  await page.goto('/?v=2&mode=try');
  await expect(verdict(page)).toContainText('The bound is 3 steps');
  await ringStep(page, 0, false);
  await expect(page).toHaveURL(/[?&]try=1\./);
  const said = await verdict(page).innerText();
  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('try-transfers').locator('li')).toHaveCount(4);
  await expect(verdict(other)).toHaveText(said);
  await other.close();

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('try-download').click()]);
  const text = await readFile((await file.path())!, 'utf8');
  expect(JSON.parse(text).algorithm).toBe('by-hand');
  await page.getByTestId('try-exercise').selectOption({ index: 1 });
  await expect(page.getByTestId('try-transfers')).toContainText('in this step yet');
  await page
    .getByTestId('try-open-file')
    .setInputFiles({ name: 'attempt.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('try-transfers').locator('li')).toHaveCount(4);
  await expect(verdict(page)).toHaveText(said);
});

test('a hostile try= is a notice, and the first exercise opens', async ({ page }) => {
  await page.goto('/?v=2&mode=try&try=1.%3Cscript%3E');
  await expect(page.getByTestId('notice').first()).toContainText('try: ');
  await expect(verdict(page)).toContainText('The bound is 3 steps');
});

test('the NoC exercise on the Octagon: a scatter message checked and drawn; lecture mode reads', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=try');
  await expect(verdict(page)).toContainText('The bound');
  await page
    .getByTestId('try-exercise')
    .selectOption({ label: '8 processors scatter to the other 8 on the Octagon without a conflict' });
  await expect(page.getByTestId('try-page')).toContainText('Octagon');
  await page.getByTestId('try-hint').click();
  await expect(page.getByTestId('try-hint-words')).toContainText('step 1');
  await expect(page.getByTestId('try-hint-path').first()).toBeVisible();
  await clickTransfer(page, 0, 1);
  await expect(page.getByTestId('try-transfers').locator('li')).toHaveCount(1);
  await expect(verdict(page)).toContainText('So far 1 step');
  await shot(page, 'tryit-octagon');
  const serious = (await axe(page).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await page.keyboard.press('l');
  await expect(page.locator('.lecture')).toHaveCount(1);
  await shot(page, 'tryit-octagon-lecture');
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, 'tryit-octagon-lecture-1024');
});
