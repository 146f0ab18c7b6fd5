import { expect, test, type Page } from '@playwright/test';

// Lecture mode scales the pictures' text too: every string drawn on a canvas is recorded with its
// size, and in lecture mode none is under 18 px (at the desk the same views draw 11–16 px text).

async function recordCanvasText(page: Page) {
  await page.addInitScript(() => {
    const sizes: number[] = [];
    (window as unknown as { __textSizes: number[] }).__textSizes = sizes;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args) {
      const m = /(\d+(?:\.\d+)?)px/.exec(this.font);
      if (m && String(args[0]).trim()) sizes.push(Number(m[1]));
      return fill.apply(this, args);
    } as typeof fill;
  });
}

const sizes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __textSizes: number[] }).__textSizes);

const VIEWS = [
  {
    name: 'ring, 16 nodes, holdings matrix',
    query: 'alg=ring-allgather&nodes=16&wavelengths=4&step=2',
    testid: 'ring-view',
  },
  {
    name: 'ring, 64 nodes',
    query: 'alg=ring-allgather&nodes=64&wavelengths=4&step=2&view=network',
    testid: 'ring-view',
  },
  { name: 'star', query: 'alg=star-scatter&nodes=16&step=1&view=network', testid: 'star-view' },
  {
    name: 'OTIS-Mesh, 16 groups',
    query: 'alg=otis-allreduce&group-size=16&step=1&view=network',
    testid: 'mesh-view',
  },
  {
    name: 'circuit and block matrix',
    query: 'alg=retri&nodes=27&step=2',
    testid: 'circuit-view',
  },
  { name: 'network-on-chip', query: 'alg=noc-broadcast&step=1&view=network', testid: 'noc-view' },
];

for (const v of VIEWS) {
  test(`lecture mode: no text drawn on canvas under 18 px (${v.name})`, async ({ page }) => {
    await recordCanvasText(page);
    await page.goto(`/?v=2&${v.query}&lecture=1`);
    await expect(page.getByTestId(v.testid)).toHaveAttribute('data-step', /\d+/);
    await page.waitForTimeout(800);
    const drawn = await sizes(page);
    expect(drawn.length).toBeGreaterThan(0);
    expect(Math.min(...drawn)).toBeGreaterThanOrEqual(18);
    await page.screenshot({ path: `e2e/screenshots/lecture-${v.testid}-${v.query.length}.png` });
  });
}

test('at the desk the same view draws its smaller type (the check above can fail)', async ({ page }) => {
  await recordCanvasText(page);
  await page.goto('/?v=2&alg=ring-allgather&nodes=64&wavelengths=4&step=2&view=network');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '2');
  await page.waitForTimeout(800);
  expect(Math.min(...(await sizes(page)))).toBeLessThan(18);
});
