import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { ringAllreduceXml } from '../src/interop/fixtures/ring-allreduce-xml';
import { openConfig } from './fixtures';

// Schedules made elsewhere in the page: MSCCL XML opened with "Open schedule…", read in the worker,
// drawn and verified; the importer's verdicts listed and found on the picture; the network picked,
// stretched, and both kept in the link.

async function open(page: Page, name: string, text: string) {
  await page.getByTestId('open-schedule-input').setInputFiles({
    name,
    mimeType: 'application/xml',
    buffer: Buffer.from(text),
  });
}

const fixture = (name: string) =>
  readFileSync(new URL(`../src/interop/fixtures/msccl/${name}`, import.meta.url), 'utf8');

async function start(page: Page) {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
}

test('an MSCCL all-reduce opens verified; on a ring of one wavelength it conflicts, stretched it does not', async ({
  page,
}) => {
  await start(page);
  // 6 ranks, 2 channels: each rank sends two messages to the next one every step.
  await open(page, 'ar6.xml', ringAllreduceXml(6, 2));
  await expect(page.getByTestId('file-name')).toHaveText('ar6.xml');
  await expect(page.getByTestId('file-verdict')).toHaveText(/verified/);
  await expect(page.getByTestId('interop-panel')).toContainText('MSCCL XML · allreduce · 6 ranks');
  await expect(page.getByTestId('interop-network-name')).toHaveText(/^fully connected, 6 GPUs/);
  await expect(page.getByTestId('interop-steps')).toHaveText('10 as imported');
  await expect(page.getByTestId('interop-verdicts')).toContainText('0 errors, 0 warnings');
  await expect(page).toHaveURL(/[?&]file=[0-9a-f]+(&|$)/);
  await expect(page.getByTestId('narration')).toContainText('ar6.xml');

  await page.getByTestId('interop-network-kind').selectOption('ring');
  await expect(page).toHaveURL(/[?&]net=ring(&|$)/);
  await expect(page.getByTestId('interop-network-name')).toHaveText(/^WDM ring of 6, 2 wavelengths a fibre/);
  await expect(page.getByTestId('interop-wavelengths-used')).toHaveText(
    '2 per fibre; the busiest step needs 2',
  );
  await expect(page.getByTestId('interop-conflicts')).toHaveText('every rule holds on this network');

  await page.getByTestId('interop-wavelengths').fill('1');
  await expect(page).toHaveURL(/[?&]net=ring%3A1(&|$)/);
  await expect(page.getByTestId('interop-conflicts')).toHaveText(/^60 violations on this network/);
  await expect(page.getByTestId('violations')).toBeVisible();

  await page.getByTestId('interop-stretch').check();
  await expect(page).toHaveURL(/[?&]stretch=1(&|$)/);
  await expect(page.getByTestId('interop-steps')).toHaveText(
    '10 as imported, 20 stretched (showing the stretched schedule)',
  );
  await expect(page.getByTestId('interop-conflicts')).toHaveText('every rule holds on this network');
  await expect(page.getByTestId('violations')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('narration')).toContainText('Step 1 of 20');
  await page.screenshot({ path: 'e2e/screenshots/interop-in.png' });

  // The link names the file, its network and the stretch: reopened, it shows the same.
  await page.goto(page.url());
  await expect(page.getByTestId('interop-steps')).toHaveText(
    '10 as imported, 20 stretched (showing the stretched schedule)',
  );
  await expect(page.getByTestId('interop-network-name')).toHaveText(/^WDM ring of 6, 1 wavelength a fibre/);
});

test('a send with no matching receive is listed with its place; a click rings its rank on the picture', async ({
  page,
}) => {
  await start(page);
  await open(page, 'unmatched.xml', fixture('broken-unmatched.xml'));
  await expect(page.getByTestId('file-name')).toHaveText('unmatched.xml');
  const verdict = page
    .getByTestId('interop-verdict')
    .filter({ hasText: 'rank 0, threadblock 0' })
    .filter({ hasText: /send/ })
    .first();
  await expect(verdict).toHaveAttribute('data-severity', 'error');
  await verdict.click();
  await expect(page.locator('[data-highlighted]').first()).toHaveAttribute('data-highlighted', /^0(,|$)/);
  await page.screenshot({ path: 'e2e/screenshots/interop-in-broken.png' });
});

test('a file that is not well-formed XML changes nothing: the picture, the panel and the link stay', async ({
  page,
}) => {
  await start(page);
  await open(page, 'ar4.xml', ringAllreduceXml(4, 1));
  await expect(page.getByTestId('file-name')).toHaveText('ar4.xml');
  await expect(page).toHaveURL(/[?&]file=[0-9a-f]+(&|$)/);
  const good = page.url();
  await open(page, 'broken.xml', '<algo ngpus="2"><gpu id="0">');
  await expect(page.getByTestId('notice')).toContainText('broken.xml was not opened');
  await expect(page.getByTestId('notice')).toContainText('broken.xml is not well-formed XML');
  await expect(page.getByTestId('file-name')).toHaveText('ar4.xml');
  await expect(page.getByTestId('interop-steps')).toHaveText('6 as imported');
  expect(page.url()).toBe(good);
  // A network the file cannot be placed on is refused the same way, naming why.
  await page.getByTestId('interop-network-kind').selectOption('torus');
  await expect(page).toHaveURL(/[?&]net=torus%3A2x2(&|$)/);
  await expect(page.getByTestId('interop-network-name')).toHaveText(/torus/);
  await page.getByLabel('rows').fill('3');
  await expect(page).toHaveURL(/[?&]net=torus%3A3x2(&|$)/);
  await expect(page.getByTestId('run-error')).toContainText(
    "a 3 × 2 torus has 6 routers; the schedule's 4 ranks must fill them evenly",
  );
  await expect(page.getByTestId('run-error')).toContainText('The last good result stays on screen');
  await expect(page.getByTestId('interop-network-name')).toHaveText(/torus/);
});
