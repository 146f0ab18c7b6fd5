import { expect, type Page } from '@playwright/test';

/** BlockMatrix's margins around the matrix (app/families/circuit/BlockMatrix.tsx, MARGIN), and its spare room. */
const LEFT = 44;
const TOP = 28;
const SPARE = 8;

/**
 * Waits for the block matrix's pictures (the worker sends them after the result), then clicks the
 * cell of source r and destination d in the n × n matrix.
 */
export async function clickBlockCell(page: Page, n: number, r: number, d: number): Promise<void> {
  const m = page.getByTestId('block-matrix');
  await expect(m).toHaveAttribute('data-ready', '1');
  const box = await m.boundingBox();
  if (!box) throw new Error('no matrix');
  const side = Math.min(box.width - LEFT - SPARE, box.height - TOP - SPARE);
  await m.click({ position: { x: LEFT + ((d + 0.5) * side) / n, y: TOP + ((r + 0.5) * side) / n } });
}
