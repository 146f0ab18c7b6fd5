import { expect, type Page } from '@playwright/test';

/**
 * The link-load heatmap (`link-load-map`) as the specs that click it see it: its plot box is known
 * once the map has been measured (before that it is empty, and a click at a would-be cell hits
 * nothing), and its cells are `data-rows` × `data-cols` (a row per link, or per band of links on a
 * big schedule; a column per step, or per band of steps).
 */

/**
 * The map's plot box in its own pixels, [x, y, width, height], once it has a width and the map has
 * stopped moving: right after it appears, the view is laid out again once its width is measured
 * (the lists move beside the map), and a click placed from the first layout lands outside the plot.
 */
export async function linkLoadPlot(page: Page): Promise<number[]> {
  const map = page.getByTestId('link-load-map');
  // The map's box on the page and its plot box, read after two frames (so after a pending layout).
  const placed = () =>
    map.evaluate(
      (m) =>
        new Promise<string>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const b = m.getBoundingClientRect();
              done([b.x, b.y, b.width, b.height, m.getAttribute('data-plot')].join(','));
            }),
          ),
        ),
    );
  let last = '';
  await expect
    .poll(async () => {
      const now = await placed();
      const still = now === last && Number(now.split(',')[6]) > 0;
      last = now;
      return still;
    })
    .toBe(true);
  return last.split(',').slice(4).map(Number);
}

/** Clicks the map's cell in row `row`, column `col` (counted from 0). */
export async function clickLinkLoadCell(page: Page, row: number, col: number): Promise<void> {
  const map = page.getByTestId('link-load-map');
  const [x, y, w, h] = await linkLoadPlot(page);
  const [rows, cols] = [
    Number(await map.getAttribute('data-rows')),
    Number(await map.getAttribute('data-cols')),
  ];
  await map.click({ position: { x: x + ((col + 0.5) / cols) * w, y: y + ((row + 0.5) / rows) * h } });
}
