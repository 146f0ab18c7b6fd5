import { expect, test } from './shared-page';
import { collectPageErrors, openConfig, shot } from './fixtures';

test('a violated optical constraint is flagged, and clears when fixed', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8&wavelengths=4');
  const panel = page.getByTestId('optics-panel');
  await expect(panel).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('optics-verdict')).toHaveText(/all satisfied/);
  await expect(page.getByTestId('optics-flag')).toHaveCount(0);
  await expect(panel.locator('[data-ok="false"]')).toHaveCount(0);

  // 10 dB per node with the default 0 dBm laser: a one-hop lightpath touches 2 nodes and loses
  // 1 + 2 × 10 = 21 dB, so the laser must give −20 + 21 + 1 = 2 dBm.
  await page.getByTestId('param-pass-loss').fill('10');
  await expect(panel).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('optics-laser')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('optics-flag')).toHaveText(/Optics violated: laser power, crosstalk/);
  await expect(page.getByTestId('optics-messages')).toContainText(
    'the laser must deliver at least 2 dBm per wavelength but gives 0 dBm',
  );
  await expect(page).toHaveURL(/[?&]pass-loss=10(&|$)/);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'optics-violated');
  await page.setViewportSize({ width: 1280, height: 1500 });
  await shot(page, 'optics-violated-tall');

  // A 10 dBm laser: 21 dB of loss fits the 29 dB budget, and P_S = −11 dBm keeps the SNR at
  // 1/(2·10⁻⁴ + 10^−2.5 + 10^−2.8) = 202 (23.1 dB), above 19.04 dB.
  await page.getByTestId('param-laser-power').fill('10');
  await expect(panel).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('optics-flag')).toHaveCount(0);
  await expect(panel.locator('tr[data-ok="false"]')).toHaveCount(0);
  await shot(page, 'optics-fixed');

  // Transmit crosstalk of −15 dB (3.2 % of the signal) alone leaves an SNR below 80 (19.04 dB).
  await page.getByTestId('param-crosstalk-tx').fill('-15');
  await expect(page.getByTestId('optics-flag')).toHaveText(/Optics violated: crosstalk$/);
  await expect(page.getByTestId('optics-snr')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('optics-laser')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('param-crosstalk-tx').fill('-25');
  await expect(page.getByTestId('optics-flag')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a permalink with a weak laser opens flagged', async ({ page }) => {
  // Neighbor exchange's one-hop lightpaths need −20 + 1 + 2 × 0.32 + 1 = −17.36 dBm; −25 dBm is short.
  await openConfig(page, '/?v=1&alg=neighbor-exchange&nodes=12&laser-power=-25');
  await expect(page.getByTestId('optics-flag')).toBeVisible();
  await expect(page.getByTestId('optics-laser')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('param-laser-power')).toHaveValue('-25');
  await page.getByTestId('optics-flag').click();
  await expect(page.getByTestId('optics-panel')).toBeInViewport();
});

test('lecture mode on a projector shows the flag and the red panel', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Ring all-gather with lossy nodes (6 dB each: 1 + 2 × 6 = 13 dB lost) and a −10 dBm laser, where
  // −20 + 13 + 1 = −6 dBm is needed.
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8&pass-loss=6&laser-power=-10&lecture=1');
  await expect(page.getByTestId('param-panel')).toHaveCount(0);
  await expect(page.getByTestId('optics-flag')).toBeVisible();
  await expect(page.getByTestId('optics-panel')).toHaveAttribute('data-ok', 'false');
  await page.getByTestId('optics-flag').click();
  await expect(page.getByTestId('optics-panel')).toBeInViewport();
  await shot(page, 'optics-lecture-1080p');
});
