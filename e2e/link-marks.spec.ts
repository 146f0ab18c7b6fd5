import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { shot, waitUntilSteady } from './fixtures';
import { clickLinkLoadCell } from './link-load-map';

/**
 * A click on a cell of the link-load heatmap marks that link on every family's own picture: the
 * view says which links it marks (data-marked-links), and its canvas gains pixels in the highlight
 * colour (magenta on the light theme) where the band and the rings are drawn.
 */

/** Pixels of the view's canvas in the highlight colour, opaque or as the band's translucent tint. */
function magentaPixels(page: Page, view: string): Promise<number> {
  return page
    .getByTestId(view)
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
        if (r > 180 && r - g > 60 && b > g + 20 && r > b) n++;
      }
      return n;
    });
}

const CASES = [
  { name: 'mesh', view: 'mesh-view', query: 'alg=mesh-allreduce&side=4' },
  { name: 'star', view: 'star-view', query: 'alg=star-scatter&nodes=8' },
  { name: 'circuit', view: 'circuit-view', query: 'alg=retri&nodes=9' },
  { name: 'noc', view: 'noc-view', query: 'alg=noc-broadcast' },
];

for (const c of CASES)
  test(`${c.name}: a heatmap cell marks its link on the picture`, async ({ page }) => {
    await page.goto(`/?v=2&${c.query}&step=1&detail=linkload`);
    const load = page.getByTestId('link-load-view');
    await expect(load).toHaveAttribute('data-ready', '1');
    const view = page.getByTestId(c.view);
    await expect(view).toHaveAttribute('data-marked-links', '');
    await waitUntilSteady(async () => (await magentaPixels(page, c.view)) + 1);
    const before = await magentaPixels(page, c.view);

    await clickLinkLoadCell(page, 0, 0);
    await expect(view).toHaveAttribute('data-step', '1');
    const link = (await load.getAttribute('data-marked-link'))!;
    expect(link).toMatch(/^\d+$/);
    await expect(view).toHaveAttribute('data-marked-links', link);
    await expect.poll(() => magentaPixels(page, c.view)).toBeGreaterThan(before + 40);
    await expect(page).toHaveURL(new RegExp(`[?&]mark=${link}(&|$)`));
    await shot(page, `link-marks-${c.name}`);
  });

test('the mark survives stepping and a reload, and moves to the next cell clicked', async ({ page }) => {
  await page.goto('/?v=2&alg=mesh-allreduce&side=4&step=1&detail=linkload');
  const load = page.getByTestId('link-load-view');
  await expect(load).toHaveAttribute('data-ready', '1');
  const view = page.getByTestId('mesh-view');
  await clickLinkLoadCell(page, 0, 0);
  // The mark is set after the click: read once it is there (an empty read made both marks equal).
  await expect(load).toHaveAttribute('data-marked-link', /^\d+$/);
  const first = (await load.getAttribute('data-marked-link'))!;
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(view).toHaveAttribute('data-step', '2');
  await expect(view).toHaveAttribute('data-marked-links', first);

  await page.reload();
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
  await expect(view).toHaveAttribute('data-marked-links', first);
  await expect(view).toHaveAttribute('data-step', '2');

  await clickLinkLoadCell(page, 1, 0);
  await expect(load).not.toHaveAttribute('data-marked-link', first);
  await expect(load).toHaveAttribute('data-marked-link', /^\d+$/);
  const second = (await load.getAttribute('data-marked-link'))!;
  expect(second).not.toBe(first);
  await expect(view).toHaveAttribute('data-marked-links', second);
  await expect(page).toHaveURL(new RegExp(`[?&]mark=${second}(&|$)`));
});

test('a mark beyond the network is refused with its limits, and nothing is marked', async ({ page }) => {
  await page.goto('/?v=2&alg=mesh-allreduce&side=4&step=1&mark=9999');
  await expect(
    page.getByText('mark: link 9999 is not in this network (its links are 0 to 47)'),
  ).toBeVisible();
  await expect(page.getByTestId('mesh-view')).toHaveAttribute('data-marked-links', '');
  await expect(page).not.toHaveURL(/mark=/);
});

test('an OTIS-Mesh zoomed out to tiles outlines the marked link’s groups', async ({ page }) => {
  // 256 groups of 16 × 16: link 0 is a row link in group 0; 246,760 an optical link between two groups.
  await page.goto('/?v=2&alg=otis-allreduce&group-size=256&step=1&mark=0,246760');
  const view = page.getByTestId('mesh-view');
  await expect(view).toHaveAttribute('data-detail', 'groups', { timeout: 60_000 });
  await expect(view).toHaveAttribute('data-marked-links', '0,246760');
  await expect.poll(() => magentaPixels(page, 'mesh-view')).toBeGreaterThan(100);
  await shot(page, 'link-marks-otis-tiles');
});

test('Back and Forward between two marks draw each link’s own mark', async ({ page }) => {
  await page.goto('/?v=2&alg=mesh-allreduce&side=4&step=1&detail=linkload');
  const load = page.getByTestId('link-load-view');
  await expect(load).toHaveAttribute('data-ready', '1');
  const view = page.getByTestId('mesh-view');
  // The click marks a link once the store has it: wait for the attribute, then read it.
  await clickLinkLoadCell(page, 0, 0);
  await expect(load).toHaveAttribute('data-marked-link', /^\d+$/);
  const first = (await load.getAttribute('data-marked-link'))!;
  await expect(page).toHaveURL(new RegExp(`[?&]mark=${first}(&|$)`));
  await clickLinkLoadCell(page, 1, 0);
  await expect(load).not.toHaveAttribute('data-marked-link', first);
  const second = (await load.getAttribute('data-marked-link'))!;
  expect(second).toMatch(/^\d+$/);
  await expect(page).toHaveURL(new RegExp(`[?&]mark=${second}(&|$)`));
  await expect(view).toHaveAttribute('data-marked-links', second);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]mark=${first}(&|$)`));
  await expect(view).toHaveAttribute('data-marked-links', first);
  await expect(load).toHaveAttribute('data-marked-link', first);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`[?&]mark=${second}(&|$)`));
  await expect(view).toHaveAttribute('data-marked-links', second);
  await expect(load).toHaveAttribute('data-marked-link', second);
});
