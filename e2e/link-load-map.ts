import { expect, type Page } from '@playwright/test';

/**
 * The link-load heatmap (`link-load-map`) as the specs that click it see it: its plot box is known
 * once the map has been measured (before that it is empty, and a click at a would-be cell hits
 * nothing), and its cells are `data-rows` × `data-cols` (a row per link, or per band of links on a
 * big schedule; a column per step, or per band of steps).
 */

/** The map's plot box in its own pixels, [x, y, width, height], once it has a width. */
export async function linkLoadPlot(page: Page): Promise<number[]> {
  const map = page.getByTestId('link-load-map');
  const plot = async () => (await map.getAttribute('data-plot'))!.split(',').map(Number);
  await expect.poll(async () => (await plot())[2]).toBeGreaterThan(0);
  return plot();
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
