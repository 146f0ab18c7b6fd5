import type { Page } from '@playwright/test';
import { openConfig, waitForResult } from './fixtures';
import { expect, test } from './shared-page';

// The colour themes: the header's menu, remembered per browser and never in the link; every family's
// picture repainted in the theme; forced colours (Windows High Contrast) keeping selected buttons and
// labels visible. Screenshots of each theme: e2e/screenshots/theme-<theme>-<view>.png.
// On the shared tab (e2e/shared-page.ts), which starts every test with empty storage, so with the
// "system" theme; a test chooses its theme in the header's menu, as a person would.

const VIEWS = [
  { name: 'ring', url: '/?v=2&alg=neighbor-exchange&nodes=12&wavelengths=4&step=3' },
  { name: 'circuit-matrix', url: '/?v=2&alg=retri&nodes=9&step=1&view=split' },
  {
    name: 'star',
    url: '/?v=2&alg=star-broadcast&nodes=64&wavelengths-per-node=3&variant=split&split-steps=2&step=2',
  },
  { name: 'mesh', url: '/?v=2&alg=otis-allreduce&group-size=16&root=10&control-group=10&step=4' },
  { name: 'holdings', url: '/?v=2&alg=ring-allgather&nodes=8&wavelengths=2&step=2&view=matrix' },
] as const;

/** Opens `url` (nothing remembered: the "system" theme) and then chooses `theme` in the header's menu. */
async function openIn(page: Page, theme: string, url: string): Promise<void> {
  await openConfig(page, url, 30_000);
  const menu = page.getByTestId('theme-menu');
  await expect(menu).toHaveValue('system');
  if (theme !== 'system') await menu.selectOption(theme);
  await expect(menu).toHaveValue(theme);
}

/** The page's ground colour (the body's background). */
const ground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** A digest of what a canvas shows now. */
const canvasDigest = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => c.toDataURL());

test('the theme menu switches the page and its pictures, is remembered, and stays out of the link', async ({
  page,
}) => {
  await openIn(page, 'system', VIEWS[0].url);
  const menu = page.getByTestId('theme-menu');
  await expect(menu).toHaveValue('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await ground(page);
  const lightPicture = await canvasDigest(page, 'ring-view');

  await menu.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await ground(page);
  expect(dark).not.toBe(light);
  // The ring is painted again, in the dark palette.
  await expect.poll(() => canvasDigest(page, 'ring-view')).not.toBe(lightPicture);
  expect(page.url()).not.toContain('theme');

  // Remembered in this browser: another tab (any link) opens dark.
  const again = await page.context().newPage();
  await again.goto(VIEWS[1].url);
  await waitForResult(again, 30_000);
  await expect(again.getByTestId('theme-menu')).toHaveValue('dark');
  await expect(again.locator('html')).toHaveAttribute('data-theme', 'dark');

  await again.getByTestId('theme-menu').selectOption('contrast');
  await expect(again.locator('html')).toHaveAttribute('data-theme', 'contrast');
  expect(await ground(again)).toBe('rgb(0, 0, 0)');
});

test('"system" follows the screen: a dark screen gets the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openIn(page, 'system', VIEWS[0].url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the theme menu is reachable from the keyboard and named', async ({ page }) => {
  await openIn(page, 'system', VIEWS[0].url);
  const menu = page.getByRole('combobox', { name: 'Colour theme' });
  await menu.focus();
  await expect(menu).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(menu).toHaveValue('light');
});

// One opening of each view, its three themes chosen one after the other in the menu.
for (const v of VIEWS)
  test(`screenshots: ${v.name} in the light, dark and contrast themes`, async ({ page }) => {
    await openIn(page, 'system', v.url);
    for (const theme of ['light', 'dark', 'contrast']) {
      await page.getByTestId('theme-menu').selectOption(theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      if (v.name === 'circuit-matrix')
        await expect(page.getByTestId('block-matrix')).toHaveAttribute('data-ready', '1');
      await page.waitForTimeout(300); // sliced drawings finish (a screenshot, not an assertion)
      await page.screenshot({ path: `e2e/screenshots/theme-${theme}-${v.name}.png` });
    }
  });

test('forced colours: the selected mode and view stand out, labels stay readable', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openIn(page, 'system', VIEWS[1].url);
  const style = (testId: string) =>
    page.getByTestId(testId).evaluate((e) => {
      const s = getComputedStyle(e);
      return { bg: s.backgroundColor, fg: s.color };
    });
  const selected = await style('mode-visualize');
  const other = await style('mode-compare');
  expect(selected.bg).not.toBe(other.bg);
  expect(selected.fg).not.toBe(selected.bg);
  expect(other.fg).not.toBe(other.bg);
  // A legend's swatch keeps the colour of the picture it explains (the canvas is not repainted).
  const swatch = await page
    .locator('span[style*="background"]:not([style*="gradient"])')
    .first()
    .evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(swatch).not.toBe(await ground(page));
  expect(swatch).not.toBe('rgba(0, 0, 0, 0)');
  await page.screenshot({ path: 'e2e/screenshots/theme-forced-colours.png' });
});

test('forced colours: a ring-shaped swatch ("received this step") keeps the picture’s colour', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openIn(page, 'light', VIEWS[0].url);
  const ring = page.locator('span[style*="border-color"]').first();
  await expect(ring).toBeVisible();
  // The light palette's "arrived" amber, not the system's text colour.
  expect(await ring.evaluate((e) => getComputedStyle(e).borderTopColor)).toBe('rgb(217, 119, 6)');
});

test('the block matrix repaints in the new theme, and its legend names the marks and the blend', async ({
  page,
}) => {
  await openIn(page, 'light', VIEWS[1].url);
  const matrix = page.getByTestId('block-matrix');
  await expect(matrix).toHaveAttribute('data-ready', '1');
  const legend = page.getByTestId('block-legend');
  for (const words of ['at its source', 'on its way', 'delivered in this step', 'blend'])
    await expect(legend).toContainText(words);
  const before = await canvasDigest(page, 'block-matrix');
  await page.getByTestId('theme-menu').selectOption('dark');
  await expect.poll(() => canvasDigest(page, 'block-matrix')).not.toBe(before);
});

test('forced colours on a dark system ground: the pictures take the high-contrast palette', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  await openIn(page, 'light', VIEWS[0].url);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'contrast');
  await page.screenshot({ path: 'e2e/screenshots/theme-forced-colours-dark.png' });
});
