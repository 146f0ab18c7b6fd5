import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { openConfig, shot, waitForResult } from './fixtures';

// The mesh family: a 2D mesh and an OTIS-Mesh all-reduce, drawn, stepped, narrated and checked.

test('a 4 × 4 mesh all-reduce is drawn on its grid, stepped and narrated as a combining collective', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=mesh-allreduce&side=4', 30_000);
  await expect(page.getByTestId('mesh-view')).toBeVisible();
  await expect(page.getByTestId('mesh-legend')).toContainText('partial');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 6/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('mesh-view')).toHaveAttribute('data-step', '1');
  await expect(page.getByText(/carry partial results; each receiver folds/).first()).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByText('every processor holds the complete result').first()).toBeVisible();
  await shot(page, 'mesh-4x4-end');
});

test('an OTIS-Mesh link at its optical step reopens there; the formulas and the paper sit side by side', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=otis-allreduce&group-size=16&root=10&control-group=10&step=4', 30_000);
  await expect(page.getByTestId('step-label')).toHaveText(/step 4 \/ 14/);
  await expect(page.getByTestId('mesh-view')).toHaveAttribute('data-step', '4');
  await expect(page.getByText(/15 messages cross the optical transpose links/).first()).toBeVisible();
  // Best case (root and gateways in the middle): eq. (4), 4(H + 2) = 12 electronic steps, met.
  await expect(page.getByText('OTIS paper, eq. (4)')).toBeVisible();
  await expect(page.getByText('OTIS paper, eq. (5)')).toHaveCount(0);
  await shot(page, 'otis-16-optical');
  // The holdings tab says what a reduction holds instead of a block matrix.
  await page.getByRole('button', { name: 'Detail' }).click();
  await expect(page.getByTestId('combined-counts')).toContainText('combines');
});

test('a group size that is not a square is refused with what is allowed, and the last result stays', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=otis-allreduce&group-size=16', 30_000);
  await page.getByLabel('Group size P').fill('1000');
  await expect(page.getByTestId('run-error')).toContainText('must be a square (4, 16, 64, 256, 1024)');
  await expect(page.getByTestId('mesh-view')).toBeVisible();
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 14/);
});

test('a million processors (P = 1024) build in the browser: groups as tiles, zoom in to one group and back', async ({
  page,
}) => {
  await page.goto('/?v=2&alg=otis-allreduce&group-size=1024&root=528&control-group=528&step=7&view=network');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('step-label')).toHaveText(/step 7 \/ 26/);
  await expect(page.getByText(/1,023 messages cross the optical transpose links/).first()).toBeVisible();
  const view = page.getByTestId('mesh-view');
  await expect(view).toHaveAttribute('data-detail', 'groups');
  await expect(page.getByTestId('mesh-legend')).toContainText('each tile is a group');
  await shot(page, 'otis-1024-optical-tiles');
  // Hovering a tile names its group; zooming in shows processors, with the paper's numbers.
  const box = (await view.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4, { steps: 3 });
  await expect(page.getByTestId('node-tooltip')).toContainText(/Group G\d+/);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -300);
  await expect(view).toHaveAttribute('data-detail', 'processors');
  await expect.poll(async () => Number(await view.getAttribute('data-zoom'))).toBeGreaterThan(30);
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5, { steps: 3 });
  await expect(page.getByTestId('node-tooltip')).toContainText(/Processor \(G\d+, \d+\)/);
  await shot(page, 'otis-1024-zoomed-in');
  await page.getByTestId('mesh-zoom-reset').click();
  await expect(view).toHaveAttribute('data-zoom', '1.00');
  await expect(view).toHaveAttribute('data-detail', 'groups');
});

test('a 256 × 256 mesh at 1× is drawn as an image, a pixel per processor, and as processors once zoomed in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?v=2&alg=mesh-allreduce&side=256&step=3');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready', {
    timeout: 120_000,
  });
  const view = page.getByTestId('mesh-view');
  // Processors of about 1.4 px: an image, and the step's 3,072 messages still drawn as arrows.
  await expect(view).toHaveAttribute('data-detail', 'image');
  await expect(page.getByTestId('mesh-legend')).toContainText('a big step marks its senders');
  await shot(page, 'mesh-256-image');
  const box = (await view.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  await expect(page.getByTestId('node-tooltip')).toContainText(/Processor \d+/);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await view.getAttribute('data-zoom'))).toBeGreaterThan(3);
  await expect(view).toHaveAttribute('data-detail', 'processors');
  await page.getByTestId('mesh-zoom-reset').click();
  await expect(view).toHaveAttribute('data-detail', 'image');
});

/** The whole network's box ("x,y,w,h" in the view's pixels, data-grid) lies inside the view. */
async function gridFits(page: Page) {
  const view = page.getByTestId('mesh-view');
  const box = (await view.boundingBox())!;
  const [x, y, w, h] = (await view.getAttribute('data-grid'))!.split(',').map(Number);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + w).toBeLessThanOrEqual(box.width + 0.5);
  expect(y + h).toBeLessThanOrEqual(box.height + 0.5);
  // And the network is not drawn as a speck: it takes most of the smaller side, and each of the 32
  // rows (and columns) of groups gets several pixels (7.7 in the 1280 × 720 page's network pane).
  expect(w).toBeGreaterThan(0.6 * Math.min(box.width, box.height - 56));
  expect(h / 32).toBeGreaterThan(6);
}

/**
 * The overview map's frame covers, across, the part of the network the view shows: from the view's
 * left edge (or the network's, when that is on screen) to its right edge, as fractions of the whole.
 */
async function frameMatchesView(page: Page) {
  const view = page.getByTestId('mesh-view');
  const width = (await view.boundingBox())!.width;
  const [gx, , gw] = (await view.getAttribute('data-grid'))!.split(',').map(Number);
  const size = Number(await page.getByTestId('mesh-minimap').locator('svg').getAttribute('width')) - 6;
  const [fx, , fw, fh] = (await page.getByTestId('minimap-frame').getAttribute('data-frame'))!
    .split(',')
    .map(Number);
  const clip = (v: number) => Math.max(0, Math.min(gw, v));
  expect(Math.abs(fx - (clip(-gx) / gw) * size)).toBeLessThan(1.5);
  expect(Math.abs(fx + fw - (clip(width - gx) / gw) * size)).toBeLessThan(1.5);
  expect(fh).toBeGreaterThan(1);
}

test('a million processors fit whole at 1280 × 720 and 1366 × 768; zoomed in, the overview map moves the view', async ({
  page,
}) => {
  // A million processors take a while to build and verify on a busy machine.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?v=2&alg=otis-allreduce&group-size=1024&root=528&control-group=528&step=7');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'ready', {
    timeout: 180_000,
  });
  const view = page.getByTestId('mesh-view');
  await expect(view).toHaveAttribute('data-zoom', '1.00');
  await gridFits(page);
  await expect(page.getByTestId('mesh-minimap')).toHaveCount(0);
  await shot(page, 'otis-1024-whole-1280x720');
  await page.setViewportSize({ width: 1366, height: 768 });
  await gridFits(page);
  await shot(page, 'otis-1024-whole-1366x768');
  await page.keyboard.press('l');
  await expect(page.locator('.lecture')).toHaveCount(1);
  await gridFits(page);
  await shot(page, 'otis-1024-whole-lecture-1366');

  // Zoomed in 4×: the map appears, its frame a part of it.
  const box = (await view.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await view.getAttribute('data-zoom'))).toBeGreaterThan(3);
  const map = page.getByTestId('mesh-minimap');
  await expect(map).toBeVisible();
  const frame = page.getByTestId('minimap-frame');
  const frameOf = async () => (await frame.getAttribute('data-frame'))!.split(',').map(Number);
  const [, , fw] = await frameOf();
  const mapBox = (await map.boundingBox())!;
  expect(fw).toBeLessThan(mapBox.width / 2);
  await frameMatchesView(page);
  await page.mouse.move(1, 1);
  await shot(page, 'otis-1024-zoomed-minimap-lecture');

  // A click near the map's top-left corner brings that corner into view.
  const pan = await view.getAttribute('data-pan');
  await page.mouse.click(mapBox.x + 8, mapBox.y + 8);
  await expect(view).not.toHaveAttribute('data-pan', pan!);
  await expect.poll(async () => (await frameOf())[0]).toBeLessThan(2);
  await expect.poll(async () => (await frameOf())[1]).toBeLessThan(2);
  await frameMatchesView(page);

  // From the keyboard: the map is a stop of Tab; → moves the frame right, 0 shows the whole network.
  const overview = page.getByRole('application', { name: /Overview of the OTIS-Mesh/ });
  await overview.focus();
  const right = async () => (await frameOf())[0] + (await frameOf())[2];
  const before = await right();
  await page.keyboard.press('ArrowRight');
  await expect.poll(right).toBeGreaterThan(before + 1);
  await page.keyboard.press('0');
  await expect(view).toHaveAttribute('data-zoom', '1.00');
  await expect(map).toHaveCount(0);
});

test('the OTIS paper check lists eqs. (1)–(5) beside our verified schedules', async ({ page }) => {
  await page.goto('/?v=2&mode=paper&check=otis-steps');
  await expect(page.getByTestId('paper-row').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('paper-table')).toContainText('single-port over EDN');
  await shot(page, 'otis-paper-check');
});

test('the OTIS view zooms from the whole network to one group and back', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=otis-allreduce&group-size=64&root=36&control-group=36&step=1', 30_000);
  const view = page.getByTestId('mesh-view');
  await expect(view).toHaveAttribute('data-zoom', '1.00');
  const box = (await view.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -400);
  await expect.poll(async () => Number(await view.getAttribute('data-zoom'))).toBeGreaterThan(4);
  await shot(page, 'otis-64-zoomed');
  await page.getByTestId('mesh-zoom-reset').click();
  await expect(view).toHaveAttribute('data-zoom', '1.00');
});

test('the Fig. 1 lecture scene opens the 4 × 4 mesh with its dominating nodes', async ({ page }) => {
  await openConfig(page, '/?v=2', 30_000);
  await page.getByTestId('scenes').selectOption('otis-fig1');
  await waitForResult(page, 30_000);
  await expect(page).toHaveURL(/alg=mesh-allreduce/);
  await expect(page.getByTestId('mesh-legend')).toContainText('EDN level');
  await shot(page, 'otis-fig1-scene');
});

test('the explorer draws the paper’s printed latencies beside our series (Fig. 9)', async ({ page }) => {
  await page.goto('/?v=2&mode=explore&sweep=otis-fig9');
  // 16 × 16 and 1024 × 1024, single-port and EDN: the four latencies the text prints for Fig. 9.
  await expect(page.getByTestId('paper-mark')).toHaveCount(4);
  await expect(page.getByText('closed form (ours: every message one hop)').first()).toBeVisible();
  await expect(
    page.locator('[data-testid="chart-point"][data-kind="constructed"][data-x="16"]').first(),
  ).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-testid="paper-mark"][data-x="16"][data-series="single-port OTIS-Mesh"]').hover();
  await expect(page.getByTestId('paper-mark-tooltip')).toContainText('the paper prints 1.13 ms');
  await shot(page, 'otis-fig9-paper-marks');
});

test('EDN at a corner: beside the straight top delivery, the top level combined, with both counts and one click', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=otis-allreduce&group-size=64&method=edn&root=0&control-group=0', 30_000);
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 26/);
  await expect(page.getByText(/combining it on the way takes 16 at any placement/).first()).toBeVisible();
  await shot(page, 'otis-edn-corner-rows');
  await page.getByTestId('suggest-edn-top-combined').click();
  await waitForResult(page, 30_000);
  await expect(page).toHaveURL(/method=edn-combine/);
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 18/);
  await expect(
    page.getByText(/sent straight, as the paper’s EDN does, it takes 24 here/).first(),
  ).toBeVisible();
});
