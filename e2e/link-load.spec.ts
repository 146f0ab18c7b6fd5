import { expect, test, type Page } from '@playwright/test';
import { shot, waitUntilSteady } from './fixtures';

/** Clicks the heatmap's cell of the link at display position `pos` in step `step`. */
async function clickCell(page: Page, pos: number, links: number, step: number, steps: number) {
  const map = page.getByTestId('link-load-map');
  const [x, y, w, h] = (await map.getAttribute('data-plot'))!.split(',').map(Number);
  await map.click({ position: { x: x + ((step - 0.5) / steps) * w, y: y + ((pos + 0.5) / links) * h } });
}

test('the link-load tab lists the busiest links, and a click opens that step with that link marked', async ({
  page,
}) => {
  // Ring all-gather on 8 nodes: every step sends one hop clockwise from every node, so each of the
  // 8 clockwise links carries one lightpath in each of the 7 steps and the other fibre stays dark.
  await page.goto('/?v=1&alg=ring-allgather&nodes=8&wavelengths=4&step=1&detail=linkload');
  const view = page.getByTestId('link-load-view');
  await expect(view).toHaveAttribute('data-ready', '1');
  await expect(view).toContainText('16 links × 7 steps · 56 link uses');
  const first = page.getByTestId('busiest-links').getByRole('button').first();
  await expect(first).toContainText(
    'link 0 (0→1, clockwise fibre): 7 uses in 7 steps, at most 1 of 4 channels',
  );
  await expect(page.getByTestId('busiest-links').getByRole('button')).toHaveCount(8);
  await shot(page, 'link-load-tab');
  await page.getByRole('button', { name: 'Detail', exact: true }).click();
  await expect(page.getByTestId('link-load-map')).toBeVisible();
  await page.waitForTimeout(500);
  await shot(page, 'link-load-detail');
  await page.getByRole('button', { name: 'Both', exact: true }).click();

  // Link 3 (3→4) is the fourth row of the clockwise group; step 5 the fifth column.
  await clickCell(page, 3, 16, 5, 7);
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '5');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-highlighted', '3,4');
  await expect(view).toHaveAttribute('data-marked-link', '3');
  await expect(page.getByTestId('link-load-cell')).toContainText(
    'link 3 (3→4, clockwise fibre) in step 5: 25%',
  );
  await shot(page, 'link-load-marked');

  // The link reopens the tab.
  await expect(page).toHaveURL(/detail=linkload/);
  await page.reload();
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
});

test('the heatmap is reachable by keyboard: arrows move the cell, Enter opens it', async ({ page }) => {
  await page.goto('/?v=1&alg=ring-allgather&nodes=8&wavelengths=4&step=1&detail=linkload');
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
  await page.getByTestId('link-load-map').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('link-load-cell')).toContainText('link 1 (1→2, clockwise fibre) in step 3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '3');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-highlighted', '1,2');
  // The arrows moved the heatmap's cell, not the timeline's step.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '3');
});

test('a busiest step opens with its fullest link marked (a mesh: row and column links)', async ({ page }) => {
  await page.goto('/?v=1&alg=otis-allreduce&group-size=16&step=1&detail=linkload');
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
  const step = page.getByTestId('busiest-steps').getByRole('button').first();
  const n = await step.getAttribute('data-step');
  await step.click();
  await expect(page.getByTestId('mesh-view')).toHaveAttribute('data-step', n!);
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-marked-link', /\d+/);
  await shot(page, 'link-load-mesh');
});

test('lecture mode: the link-load tab draws and writes no text under 18 px', async ({ page }) => {
  await page.addInitScript(() => {
    const sizes: number[] = [];
    (window as unknown as { __textSizes: number[] }).__textSizes = sizes;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args) {
      const m = /(\d+(?:\.\d+)?)px/.exec(this.font);
      // The map's own words (it is drawn on a back buffer, off the page): the fibres' names and the step numbers.
      if (m && /fibre|^step |^\d+$/.test(String(args[0]))) sizes.push(Number(m[1]));
      return fill.apply(this, args);
    } as typeof fill;
  });
  await page.goto('/?v=1&alg=ring-allgather&nodes=64&wavelengths=4&step=3&detail=linkload&lecture=1');
  await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
  const textSizes = () => page.evaluate(() => (window as unknown as { __textSizes: number[] }).__textSizes);
  await waitUntilSteady(async () => (await textSizes()).length);
  const drawn = await textSizes();
  expect(drawn.length).toBeGreaterThan(0);
  expect(Math.min(...drawn)).toBeGreaterThanOrEqual(18);
  const html = await page.evaluate(() => {
    const out: number[] = [];
    for (const el of Array.from(document.querySelectorAll('[data-testid="link-load-view"] *'))) {
      const own = Array.from(el.childNodes).some(
        (c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim(),
      );
      if (own && el.checkVisibility()) out.push(parseFloat(getComputedStyle(el).fontSize));
    }
    return out;
  });
  expect(html.length).toBeGreaterThan(0);
  expect(Math.min(...html)).toBeGreaterThanOrEqual(18);
  await shot(page, 'link-load-lecture');
  await page.getByRole('button', { name: 'Detail', exact: true }).click();
  await page.waitForTimeout(800);
  await shot(page, 'link-load-lecture-detail');
});
