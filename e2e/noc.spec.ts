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
