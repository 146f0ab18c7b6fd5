import { expect, test, type Page } from '@playwright/test';

// Lecture mode on a projector: every family's view at 1280 × 720 and 1024 × 768, saved into
// e2e/screenshots/lecture-<family>-<width>x<height>.png to be looked at, and checked for what a
// person would see as broken (the header on more than one row, anything outside the window).

const FAMILIES = [
  { family: 'ring', query: 'alg=optree&nodes=16&wavelengths=2&radices=4,4&step=3', testid: 'ring-view' },
  { family: 'star', query: 'alg=star-scatter&nodes=16&step=2', testid: 'star-view' },
  { family: 'circuit', query: 'alg=retri&nodes=27&step=2', testid: 'circuit-view' },
  { family: 'otis', query: 'alg=otis-allreduce&group-size=16&step=2', testid: 'mesh-view' },
  { family: 'noc', query: 'alg=noc-scatter&step=2', testid: 'noc-view' },
];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

for (const size of SIZES)
  for (const f of FAMILIES)
    test(`lecture mode, ${f.family} at ${size.width} × ${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`/?v=2&${f.query}&lecture=1`);
      await expect(page.getByTestId(f.testid)).toHaveAttribute('data-step', /\d+/);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `e2e/screenshots/lecture-${f.family}-${size.width}x${size.height}.png` });
      // What the audience reads (the network, the detail, the narration and numbers) is 18 px or
      // more; only a formula's sub- and superscripts are smaller, as typesetting makes them.
      expect(await smallTextOnScreen(page)).toEqual([]);
    });

/** Visible text in the main part and the side panel under 18 px (not in formulas), in words. */
function smallTextOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('main *, aside *'))) {
      const own = Array.from(el.childNodes).some(
        (c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim(),
      );
      if (!own || !el.checkVisibility() || el.closest('.katex')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || r.bottom < 0 || r.top > innerHeight) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGGraphicsElement) {
        const m = el.getScreenCTM();
        if (m) size *= Math.hypot(m.a, m.b);
      }
      if (size < 17.9) out.push(`${Math.round(size)} px: ${el.textContent!.trim().slice(0, 30)}`);
    }
    return out;
  });
}

/**
 * How many rows the header's parts take (the title block with its status and theme menu, the modes,
 * the scenes, the buttons): their vertical middles, grouped.
 */
async function headerRows(page: Page): Promise<number> {
  return page.getByTestId('header').evaluate((h) => {
    const mids = Array.from(h.children)
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 1)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return r.top + r.height / 2;
      })
      .sort((a, b) => a - b);
    let rows = 1;
    for (let i = 1; i < mids.length; i++) if (mids[i] - mids[i - 1] > 16) rows++;
    return rows;
  });
}

for (const mode of ['visualize', 'compare', 'explore', 'paper', 'try'])
  test(`lecture mode at 1280 × 720: the header takes one row (${mode})`, async ({ page }) => {
    await page.goto(`/?v=2&mode=${mode}&lecture=1`);
    await expect(page.getByTestId('lecture-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(await headerRows(page)).toBe(1);
    await page.getByTestId('lecture-toggle').click();
    // At the desk, with its file and link buttons, it may take two; the check above can fail.
    expect(await headerRows(page)).toBeGreaterThanOrEqual(1);
  });

test('at the desk at 1280 × 720 the header takes two rows (the one-row check can fail)', async ({ page }) => {
  await page.goto('/?v=2');
  await expect(page.getByTestId('copy-link')).toBeVisible();
  expect(await headerRows(page)).toBe(2);
});

for (const cmp of [
  'retri|bruck|direct-alltoall|retri:nodes=9',
  'ring-allgather|neighbor-exchange|one-stage|optree',
])
  test(`lecture mode, compare ${cmp} at 1280 × 720: no editors, four readable panes with legend and words`, async ({
    page,
  }) => {
    await page.goto(`/?v=2&mode=compare&cmp=${cmp}&step=2&lecture=1`);
    await expect(page.getByTestId('pane-summary')).toHaveCount(4);
    await expect(page.getByTestId('pane-editors')).toBeHidden();
    await expect(page.getByTestId('pane-narration')).toHaveCount(4);
    // Each pane's own step (a schedule of one phase stays on it).
    for (const p of await page.getByTestId('pane-narration').all())
      await expect(p).toContainText(/^Step [12] of/);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `e2e/screenshots/lecture-compare-${cmp.startsWith('retri') ? 'circuit' : 'ring'}-1280x720.png`,
    });
    const panes = page.getByTestId('compare-pane');
    for (let i = 0; i < 4; i++) {
      const pane = panes.nth(i);
      await expect(pane.getByTestId('too-small')).toHaveCount(0);
      // Its own legend: the view's words under the picture.
      await expect(pane.getByText(/lines: circuits in force|wavelengths/).first()).toBeVisible();
      // A picture big enough to read (its type is the lecture's; the legend and words take the rest of
      // the pane): at least 120 px each way, in the window.
      const box = (await pane.locator('canvas').first().boundingBox())!;
      expect(Math.min(box.width, box.height), `pane ${i + 1}`).toBeGreaterThanOrEqual(120);
      expect(box.y + box.height).toBeLessThanOrEqual(720);
    }
    // Back at the desk: the editors return, the panes keep their room for the pictures, and a pane's
    // narration and legend open over its picture on demand.
    await page.getByTestId('lecture-toggle').click();
    await expect(page.getByTestId('pane-editors')).toBeVisible();
    await expect(page.getByTestId('pane-narration')).toHaveCount(0);
    await expect(page.getByTestId('pane-legend')).toHaveCount(0);
    for (let i = 0; i < 4; i++) await expect(panes.nth(i).getByTestId('too-small')).toHaveCount(0);
    const toggle = panes.nth(1).getByTestId('pane-legend-toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panes.nth(1).getByTestId('pane-legend')).toContainText(
      /lines: circuits in force|wavelengths/,
    );
    await expect(page.getByTestId('pane-legend')).toHaveCount(1);
    await expect(panes.nth(1).getByTestId('pane-narration')).toContainText(/^Step [12] of/);
    await page.screenshot({
      path: `e2e/screenshots/desk-compare-${cmp.startsWith('retri') ? 'circuit' : 'ring'}-legend.png`,
    });
    await toggle.click();
    await expect(page.getByTestId('pane-legend')).toHaveCount(0);
  });

test('at the desk the same page has text under 18 px (the check above can fail)', async ({ page }) => {
  await page.goto(`/?v=2&${FAMILIES[0].query}`);
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', /\d+/);
  expect((await smallTextOnScreen(page)).length).toBeGreaterThan(0);
});
