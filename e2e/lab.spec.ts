import { expect, test, type Page } from '@playwright/test';

// Compare mode, the detail views, the explorer and the paper checks.

const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png` });

test('compare mode steps every schedule together; a shorter one stays on its last step', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
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
