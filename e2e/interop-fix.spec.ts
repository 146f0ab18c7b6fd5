import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { ringAllreduceXml } from '../src/interop/fixtures/ring-allreduce-xml';
import { openFile, tecclRingAllgather } from './open-file';

// Files made elsewhere in the page, continued: marked links on the picture, the network picker
// following the link, net= and stretch= only while they apply, TE-CCL output and networks of one's own.

const fixture = (name: string) =>
  readFileSync(new URL(`../src/interop/fixtures/msccl/${name}`, import.meta.url), 'utf8');

const labFile = JSON.stringify({
  format: 'optical-collectives/schedule-v1',
  collective: 'scatter',
  nodes: 3,
  links: [{ id: 0, from: 0, to: 1, channels: 1 }],
  blocks: [{ id: 0, origin: 0, to: [1] }],
  steps: [{ phase: 'p', transfers: [{ from: 0, to: [1], path: [0], channel: 0, blocks: [0] }] }],
});

async function start(page: Page) {
  await page.goto('/?v=2&alg=ring-allgather&nodes=8');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready');
}

const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png` });

test('a verdict about a message marks its link and rings both ends on the picture', async ({ page }) => {
  await start(page);
  // Rank 0 sends 2 chunks, rank 1 receives 1: the message 0 → 1 (link 0 of the full network) is at fault.
  await openFile(page, 'pair.xml', fixture('broken-pair-count.xml'));
  await expect(page.getByTestId('file-name')).toHaveText('pair.xml');
  await page.getByTestId('interop-verdict').filter({ hasText: 'receives 1 chunk' }).click();
  const view = page.getByTestId('graph-view');
  await expect(view).toHaveAttribute('data-marked-links', '0');
  await expect(view).toHaveAttribute('data-highlighted', /^0,1$/);
  await shot(page, 'interop-marked-link');
});

test('a link marked in the link-load view is marked on the picture of an imported file', async ({ page }) => {
  await start(page);
  await openFile(page, 'ar4.xml', ringAllreduceXml(4, 1));
  await expect(page.getByTestId('file-name')).toHaveText('ar4.xml');
  await page.getByTestId('interop-network-kind').selectOption('ring');
  await expect(page.getByTestId('interop-network-name')).toHaveText(/^WDM ring of 4/);
  await page.getByRole('tab', { name: 'Link load', exact: true }).click();
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
  const first = page.getByTestId('busiest-links').getByRole('button').first();
  await first.click();
  const link = await page.getByTestId('link-load-view').getAttribute('data-marked-link');
  expect(link).toMatch(/^\d+$/);
  const ring = page.getByTestId('ring-view');
  await expect(ring).toHaveAttribute('data-marked-links', link!);
  await expect(ring).toHaveAttribute('data-highlighted', /^\d+,\d+$/);
  await shot(page, 'interop-link-load-marked');
});

test('the network picker follows Back and Forward', async ({ page }) => {
  await start(page);
  await openFile(page, 'ar6.xml', ringAllreduceXml(6, 2));
  await expect(page.getByTestId('file-name')).toHaveText('ar6.xml');
  await page.getByTestId('interop-network-kind').selectOption('ring');
  await expect(page).toHaveURL(/[?&]net=ring(&|$)/);
  // A pause, so the next change is an entry of its own in the history.
  await page.waitForTimeout(1200);
  await page.getByTestId('interop-wavelengths').fill('1');
  await expect(page).toHaveURL(/[?&]net=ring%3A1(&|$)/);
  await expect(page.getByTestId('interop-network-name')).toHaveText(/1 wavelength a fibre/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]net=ring(&|$)/);
  await expect(page.getByTestId('interop-wavelengths')).toHaveValue('');
  await page.goForward();
  await expect(page).toHaveURL(/[?&]net=ring%3A1(&|$)/);
  await expect(page.getByTestId('interop-wavelengths')).toHaveValue('1');

  await page.waitForTimeout(1200);
  await page.getByTestId('interop-network-kind').selectOption('mesh');
  await expect(page).toHaveURL(/[?&]net=mesh%3A2x3(&|$)/);
  await page.waitForTimeout(1200);
  await page.getByLabel('rows').fill('3');
  await page.getByLabel('columns').fill('2');
  await expect(page).toHaveURL(/[?&]net=mesh%3A3x2(&|$)/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]net=mesh%3A2x3(&|$)/);
  await expect(page.getByLabel('rows')).toHaveValue('2');
  await expect(page.getByLabel('columns')).toHaveValue('3');
});

test('net= and stretch= leave the link with a Lab file and come back with the next MSCCL file', async ({
  page,
}) => {
  await start(page);
  await openFile(page, 'ar4.xml', ringAllreduceXml(4, 1));
  await expect(page.getByTestId('file-name')).toHaveText('ar4.xml');
  await page.getByTestId('interop-network-kind').selectOption('ring');
  await page.getByTestId('interop-stretch').check();
  await expect(page).toHaveURL(/[?&]net=ring&(.*&)?stretch=1(&|$)/);

  await openFile(page, 'lab.json', labFile);
  await expect(page.getByTestId('file-name')).toHaveText('lab.json');
  await expect(page).toHaveURL(/[?&]file=[0-9a-f]+/);
  expect(page.url()).not.toMatch(/[?&](net|stretch)=/);

  await openFile(page, 'ar6.xml', ringAllreduceXml(6, 2));
  await expect(page.getByTestId('file-name')).toHaveText('ar6.xml');
  await expect(page).toHaveURL(/[?&]net=ring&(.*&)?stretch=1(&|$)/);
  await expect(page.getByTestId('interop-network-name')).toHaveText(/^WDM ring of 6/);
  await expect(page.getByTestId('interop-stretch')).toBeChecked();
});

test('TE-CCL output opens in the page: drawn, verified, its epochs as steps', async ({ page }) => {
  await start(page);
  await openFile(page, 'teccl-ring-5.json', tecclRingAllgather(5));
  await expect(page.getByTestId('file-name')).toHaveText('teccl-ring-5.json');
  await expect(page.getByTestId('interop-panel')).toContainText('TE-CCL');
  await expect(page.getByTestId('interop-panel')).toContainText('5 ranks');
  await expect(page.getByTestId('interop-steps')).toHaveText('4 as imported');
  await expect(page.getByTestId('file-verdict')).toHaveText(/verified/);
  await expect(page.getByTestId('interop-verdicts')).toContainText('0 errors');
  await expect(page).toHaveURL(/[?&]file=[0-9a-f]+(&|$)/);
  await shot(page, 'interop-teccl');
});

test('“Your network (JSON)…” places the file on it; a bad network file says why and keeps the view', async ({
  page,
}) => {
  await start(page);
  await openFile(page, 'ar4.xml', ringAllreduceXml(4, 1));
  await expect(page.getByTestId('file-name')).toHaveText('ar4.xml');
  // Two routers, two GPUs on each: the 4 ranks fill them.
  await openFile(
    page,
    'pair.json',
    '{"routers": 2, "links": [[0, 1]], "processorsPerRouter": 2}',
    'interop-network-file',
  );
  await expect(page).toHaveURL(/[?&]net=custom/);
  await expect(page.getByTestId('interop-network-kind')).toHaveValue('custom');
  await expect(page.getByTestId('interop-steps')).toHaveText(/as imported/);
  await expect(page.getByTestId('interop-network-error')).toHaveCount(0);
  // The picker names the network once the file is placed on it: read the name only then.
  await expect(page.getByTestId('interop-network-name')).toContainText('2-router network');
  const good = page.url();
  const name = await page.getByTestId('interop-network-name').textContent();
  await shot(page, 'interop-custom-network');

  await openFile(page, 'bad.json', '{"routers": 1000, "links": [[0, 1]]}', 'interop-network-file');
  await expect(page.getByTestId('interop-network-error')).toContainText(
    '"routers" must be a whole number from 2 to 64',
  );
  expect(page.url()).toBe(good);
  await expect(page.getByTestId('interop-network-name')).toHaveText(name!);
  await expect(page.getByTestId('file-name')).toHaveText('ar4.xml');
  await shot(page, 'interop-custom-network-bad');
});
