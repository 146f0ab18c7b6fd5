import { expect, type Page } from '@playwright/test';

/**
 * Waits for the block matrix's pictures (the worker sends them after the result), then clicks the
 * cell of source r and destination d in the n × n matrix, where the view says the matrix is (its
 * margins depend on how wide the numbers along its side are).
 */
export async function clickBlockCell(page: Page, n: number, r: number, d: number): Promise<void> {
  const m = page.getByTestId('block-matrix');
  await expect(m).toHaveAttribute('data-ready', '1');
  const [left, top, side] = await Promise.all(
    ['data-left', 'data-top', 'data-side'].map(async (a) => Number(await m.getAttribute(a))),
  );
  await m.click({ position: { x: left + ((d + 0.5) * side) / n, y: top + ((r + 0.5) * side) / n } });
}
