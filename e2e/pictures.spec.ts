import { readFileSync } from 'node:fs';
import { expect, test } from './shared-page';
import { parseCsvObjects } from '../src/kernel/format/csv';
import { openConfig, shot } from './fixtures';

// Pictures that stay true at any size: dense circuit phases as two lanes of bands, wavelength
// legends that list what a step uses, lane labels on demand, the mesh zoomed from the keyboard, the
// node picked in the NoC view, and the block matrix as CSV.

test('static all-to-all on 64 nodes: both directions on lanes of their own, as bands with the busiest count', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=direct-alltoall&nodes=64&step=1&view=network', 90_000);
  const view = page.getByTestId('circuit-view');
  await expect(view).toHaveAttribute('data-drawn', 'bands');
  // Every one of the 64 circuits carries blocks both ways: 64 bands outside, 64 inside.
  await expect(view).toHaveAttribute('data-lanes-right', '64');
  await expect(view).toHaveAttribute('data-lanes-left', '64');
  // c = 1 + 2 + … + 31 + ⌊64/4⌋ = 512 blocks on the busiest circuit.
  await expect(view).toHaveAttribute('data-busiest', '512');
  await expect(page.getByTestId('circuit-bands')).toContainText('4,032 transfers, added up per circuit');
  await expect(page.getByTestId('circuit-bands')).toContainText('busiest: 512 blocks one way');
  await shot(page, 'pictures-static-64');
  // Picking a node draws its own transfers over the bands.
  await page.getByTestId('node-details-input').fill('5');
  await expect(page.getByTestId('circuit-bands')).toContainText('node 5’s own drawn over them');
  await shot(page, 'pictures-static-64-node5');
});

test('ReTri on 2187 nodes: phase 0 as a ring of right-going bands outside and left-going inside', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openConfig(page, '/?v=2&alg=retri&nodes=2187&step=1&view=network', 90_000);
  const view = page.getByTestId('circuit-view');
  await expect(view).toHaveAttribute('data-drawn', 'bands');
  await expect(view).toHaveAttribute('data-lanes-right', '2187');
  await expect(view).toHaveAttribute('data-lanes-left', '2187');
  // Digit 0 is +1 for 729 of the destinations and −1 for another 729.
  await expect(view).toHaveAttribute('data-busiest', '729');
  await page.waitForTimeout(1000);
  await shot(page, 'pictures-retri-2187');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(view).toHaveAttribute('data-step', '3');
  await page.waitForTimeout(1000);
  await shot(page, 'pictures-retri-2187-phase2');
  // The last phase runs over circuits ±729: long chords, each with its two lanes.
  await page.keyboard.press('End');
  await expect(view).toHaveAttribute('data-step', '7');
  await expect(view).toHaveAttribute('data-drawn', 'bands');
  await page.waitForTimeout(1000);
  await shot(page, 'pictures-retri-2187-phase6');
  // Its holdings table (27 million first arrivals) is more than the page writes: it says so.
  await expect(page.getByTestId('holdings-too-big')).toContainText('too many to write in the browser');
});

test('the star with 256 wavelengths per step names what the step uses, in runs', async ({ page }) => {
  await openConfig(
    page,
    '/?v=2&alg=star-gossip&nodes=256&wavelengths-per-node=3&step=1&view=network',
    90_000,
  );
  // The step uses every third wavelength of λ0…λ765: the legend says so, not "λ0 … λ765".
  await expect(page.getByTestId('star-legend-range')).toHaveText(
    '256 wavelengths in this step: λ0–765 every 3rd',
  );
  await shot(page, 'pictures-star-256-wavelengths');
  await openConfig(
    page,
    '/?v=2&alg=star-scatter&nodes=256&wavelengths-per-node=3&step=3&view=network',
    90_000,
  );
  await expect(page.getByTestId('star-legend-range')).toHaveText('48 wavelengths in this step: λ0–47');
});

test('the ring writes λ numbers on its lanes when asked, and its legend names the step’s wavelengths in runs', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=optree&nodes=64&wavelengths=64&step=1&view=network', 90_000);
  const view = page.getByTestId('ring-view');
  await expect(view).toHaveAttribute('data-lane-numbers', '0');
  await expect(page.getByTestId('ring-channels')).toContainText(/^… in all: λ0/);
  const before = await page.locator('[data-testid="ring-view"] canvas').screenshot();
  await page.getByTestId('lane-numbers').click();
  await expect(page.getByTestId('lane-numbers')).toHaveAttribute('aria-pressed', 'true');
  await expect(view).toHaveAttribute('data-lane-numbers', '1');
  // The numbers are drawn on the canvas: the picture changes.
  await expect
    .poll(async () =>
      Buffer.compare(before, await page.locator('[data-testid="ring-view"] canvas').screenshot()),
    )
    .not.toBe(0);
  await shot(page, 'pictures-ring-lane-numbers');
});

test('the mesh zooms and pans from the keyboard once the picture has the focus; the "?" list says how', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=otis-allreduce&group-size=16&step=2&view=network', 90_000);
  const view = page.getByTestId('mesh-view');
  await expect(view).toHaveAttribute('data-zoom', '1.00');
  await view.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(view).toHaveAttribute('data-zoom', '2.25');
  // The arrows pan the picture and leave the step alone while the picture has the focus.
  const before = await view.getAttribute('data-pan');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(view).not.toHaveAttribute('data-pan', before!);
  await expect(view).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('mesh-zoom-reset')).toBeVisible();
  await shot(page, 'pictures-mesh-keyboard-zoom');
  await page.keyboard.press('-');
  await expect(view).toHaveAttribute('data-zoom', '1.50');
  // Ctrl with + or − is the browser's zoom, never the picture's.
  await page.keyboard.press('Control+Minus');
  await expect(view).toHaveAttribute('data-zoom', '1.50');
  await page.keyboard.press('0');
  await expect(view).toHaveAttribute('data-zoom', '1.00');
  await expect(view).toHaveAttribute('data-pan', '0,0');
  // Away from the picture the arrows step the timeline again.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('ArrowRight');
  await expect(view).toHaveAttribute('data-step', '3');
  await page.keyboard.press('?');
  await expect(page.getByTestId('keys-help-in-place')).toContainText('on a network picture');
  await expect(page.getByTestId('keys-help-in-place')).toContainText(
    '+ zoom in, − zoom out, 0 the whole network',
  );
});

test('the NoC view rings the node picked in the node field and draws its messages over the others', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1&step=1&view=network', 90_000);
  const view = page.getByTestId('noc-view');
  await expect(view).toHaveAttribute('data-marked', '');
  const canvas = view.locator('canvas');
  const before = await canvas.screenshot();
  await page.getByTestId('node-details-input').fill('0');
  await expect(view).toHaveAttribute('data-marked', '0');
  await expect.poll(async () => Buffer.compare(before, await canvas.screenshot())).not.toBe(0);
  await expect(page.getByTestId('node-details-facts')).not.toBeEmpty();
  await shot(page, 'pictures-noc-picked');
  // Emptying the field clears the mark.
  await page.getByTestId('node-details-input').fill('');
  await expect(view).toHaveAttribute('data-marked', '');
});

test('the holdings matrix downloads as CSV: every block from its origin at step 0, then each first arrival', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=retri&nodes=9&reconfigure=0,1', 90_000);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-holdings-csv').click(),
  ]);
  expect(file.suggestedFilename()).toBe('retri-n9-holdings.csv');
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.split('\n')[0]).toBe('block,origin,node,step');
  const rows = parseCsvObjects(text);
  // 81 blocks (9 × 9), each held by its origin from the start.
  const starts = rows.filter((r) => r.step === '0');
  expect(starts).toHaveLength(81);
  for (const r of starts) expect(r.node).toBe(r.origin);
  // Two phases on 9 nodes: no arrival after step 2, and some block moves in each.
  expect(new Set(rows.map((r) => r.step))).toEqual(new Set(['0', '1', '2']));
  await page
    .getByTestId('holdings-download')
    .screenshot({ path: 'e2e/screenshots/pictures-holdings-download.png' });
  // A reduction holds partials, not blocks: no such table.
  await openConfig(page, '/?v=2&alg=mesh-allreduce&side=4', 90_000);
  await expect(page.getByTestId('download-schedule-csv')).toBeVisible();
  await expect(page.getByTestId('holdings-download')).toHaveCount(0);
});
