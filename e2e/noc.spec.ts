import { expect, test, type Page } from '@playwright/test';

// The NoC family: the fat Octagon of the paper's case study, sets of senders and receivers, bounds.

const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png` });
const ready = (page: Page) =>
  expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

test('the fat Octagon scatter from 8 to the other 8: drawn, bounded by its busiest cut, verified', async ({
  page,
}) => {
  await page.goto('/?v=2&alg=noc-scatter');
  await ready(page);
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await expect(page.getByTestId('noc-legend')).toContainText('sender (T)');
  // Table 2's lower bound for 8 to the other 8 is 10: 48 messages leave routers 1–3 over 5 links.
  await expect(page.getByText('steps: lower bound (cut) and constructed')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('noc-view')).toHaveAttribute('data-step', '1');
  await expect(
    page.getByText(/messages reach their receivers, on channels no other message/).first(),
  ).toBeVisible();
  await shot(page, 'noc-fat-octagon-step1');
});

test('senders and receivers typed as ranges go into the link, and the link reopens them', async ({
  page,
}) => {
  await page.goto('/?v=2&alg=noc-scatter');
  await ready(page);
  await page.getByLabel('Senders T').fill('0-3, 12');
  await expect(page).toHaveURL(/senders=0-3%2C12/);
  await ready(page);
  const url = page.url();
  await page.goto(url);
  await ready(page);
  await expect(page.getByLabel('Senders T')).toHaveValue('0-3,12');
  // A receiver outside the network is refused with the range allowed; the last result stays.
  await page.getByLabel('Receivers R').fill('8-20');
  await expect(page.getByTestId('run-error')).toContainText('0 to 15');
  await expect(page.getByTestId('noc-view')).toBeVisible();
});

test('an 8 × 8 mesh all-to-all scatter is scheduled and drawn on its grid', async ({ page }) => {
  await page.goto(
    '/?v=2&alg=noc-scatter&network=mesh&rows=8&cols=8&per-router=1&pattern=aas&step=3&view=network',
  );
  await ready(page);
  await expect(page.getByTestId('noc-view')).toHaveAttribute('data-step', '3');
  await shot(page, 'noc-mesh8-aas');
});

test('the hybrid search lowers the all-to-all scatter of the fat Octagon to the paper’s 17 steps, live', async ({
  page,
}) => {
  await page.goto('/?v=2&alg=noc-scatter&pattern=aas&method=hybrid&seed=1');
  await ready(page);
  const status = page.getByTestId('search-status');
  await status.scrollIntoViewIfNeeded();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 60_000 });
  // The constructive schedule has 19 steps; the bound (the busiest cut) is 16; Table 2 reports 17.
  await expect(status).toContainText('17 steps');
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 17/);
  await shot(page, 'noc-search-done');
});

test('a search can be stopped: the best schedule so far stays and plays', async ({ page }) => {
  await page.goto(
    '/?v=2&alg=noc-scatter&network=mesh&rows=8&cols=8&per-router=1&pattern=aas&method=anneal&moves=100000000&time-limit=600',
  );
  await ready(page);
  const stop = page.getByTestId('search-stop');
  await stop.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('search-status')).toContainText('Looking for', { timeout: 30_000 });
  await stop.click();
  await expect(page.getByTestId('search-status')).toHaveAttribute('data-done', '1');
  await expect(page.getByTestId('search-status')).toContainText('Stopped');
  await page.keyboard.press('End');
  await expect(page.getByTestId('noc-view')).toBeVisible();
});
