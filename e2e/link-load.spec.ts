import { expect, test } from './shared-page';
import { drawnTextSizes, recordCanvasText } from './canvas-text';
import { shot, waitUntilSteady } from './fixtures';
import { clickLinkLoadCell, linkLoadPlot } from './link-load-map';

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
  await linkLoadPlot(page);
  await shot(page, 'link-load-detail');
  await page.getByRole('button', { name: 'Both', exact: true }).click();

  // Link 3 (3→4) is the fourth row of the clockwise group; step 5 the fifth column.
  await expect(page.getByTestId('link-load-map')).toHaveAttribute('data-rows', '16');
  await expect(page.getByTestId('link-load-map')).toHaveAttribute('data-cols', '7');
  await clickLinkLoadCell(page, 3, 4);
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

// Its recorder of canvas text is an init script, which would stay on the shared tab: a tab of its own.
test.describe('with a recorder of canvas text', () => {
  test.use({ freshTab: true });
  test('lecture mode: the link-load tab draws and writes no text under 18 px', async ({ page }) => {
    // The map's own words (it is drawn on a back buffer, off the page): the fibres' names and the step numbers.
    await recordCanvasText(page, /fibre|^step |^\d+$/);
    await page.goto('/?v=1&alg=ring-allgather&nodes=64&wavelengths=4&step=3&detail=linkload&lecture=1');
    await expect(page.getByTestId('link-load-view')).toHaveAttribute('data-ready', '1');
    await waitUntilSteady(async () => (await drawnTextSizes(page)).length);
    const drawn = await drawnTextSizes(page);
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
    await linkLoadPlot(page);
    await shot(page, 'link-load-lecture-detail');
  });
});
