import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { drawnTextSizes, recordCanvasText } from './canvas-text';

// Lecture mode on a projector: every family's view at 1280 × 720 and 1024 × 768, saved into
// e2e/screenshots/lecture-<family>-<width>x<height>.png to be looked at, and checked for what a
// person would see as broken (the header on more than one row, anything outside the window).

const FAMILIES = [
  { family: 'ring', query: 'alg=optree&nodes=16&wavelengths=2&radices=4,4&step=3', testid: 'ring-view' },
  { family: 'star', query: 'alg=star-scatter&nodes=16&step=2', testid: 'star-view' },
  { family: 'circuit', query: 'alg=retri&nodes=27&step=2', testid: 'circuit-view' },
  { family: 'otis', query: 'alg=otis-allreduce&group-size=16&step=2', testid: 'mesh-view' },
  { family: 'noc', query: 'alg=noc-scatter&seed=1&step=2', testid: 'noc-view' },
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
    // (its phase leads its words; the pane's steps are in its numbers' line).
    for (const p of await page.getByTestId('pane-narration').all())
      await expect(p).toHaveAttribute('data-step', /^[12]$/);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `e2e/screenshots/lecture-compare-${cmp.startsWith('retri') ? 'circuit' : 'ring'}-1280x720.png`,
    });
    // Each pane's words whole, never cut.
    expect(await cutNarrations(page)).toEqual([]);
    const panes = page.getByTestId('compare-pane');
    // What every pane's legend says is said once, under the panes.
    await expect(page.getByTestId('compare-legend')).toBeVisible();
    for (let i = 0; i < 4; i++) {
      const pane = panes.nth(i);
      await expect(pane.getByTestId('too-small')).toHaveCount(0);
      // Its legend: the view's words, in the pane or in the row all panes share.
      await expect(
        pane
          .getByTestId('pane-legend')
          .or(page.getByTestId('compare-legend'))
          .getByText(/lines: circuits in force|wavelengths/)
          .first(),
      ).toBeVisible();
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

/** Pane narrations (and the words' blocks they are in) that do not show all their words: cut with "…", clamped or overflowing. */
function cutNarrations(page: Page): Promise<string[]> {
  return page.locator('[data-testid="pane-narration"], [data-testid="pane-words"]').evaluateAll((els) =>
    els
      .filter((el) => {
        const css = getComputedStyle(el);
        return (
          el.scrollHeight > el.clientHeight + 1 ||
          el.scrollWidth > el.clientWidth + 1 ||
          css.textOverflow === 'ellipsis' ||
          css.webkitLineClamp !== 'none'
        );
      })
      .map((el) => (el.textContent ?? '').slice(0, 40)),
  );
}

const OTIS_SYSTEMS =
  'v=2&alg=otis-allreduce&group-size=16&root=10&control-group=10&mode=compare&lecture=1&step=3&cmp=otis-allreduce:method=direct;ports=single|otis-allreduce:method=direct;ports=all|otis-allreduce:method=edn;ports=all';
const PRESENTER = [
  { name: 'otis-3', query: OTIS_SYSTEMS, panes: 3 },
  { name: 'otis-4', query: `${OTIS_SYSTEMS}|otis-allreduce:method=binomial;ports=all`, panes: 4 },
  {
    name: 'retri',
    query:
      'v=2&alg=retri&nodes=9&mode=compare&lecture=1&step=1&cmp=bruck:nodes=8;reconfigure=0,1,1|retri:reconfigure=0,1|direct-alltoall',
    panes: 3,
  },
];

for (const size of SIZES)
  for (const c of PRESENTER)
    test(`lecture mode, compare ${c.name} at ${size.width} × ${size.height}: every pane drawn, named by its variant, its words whole`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto(`/?${c.query}`);
      await expect(page.getByTestId('pane-summary')).toHaveCount(c.panes);
      await page.waitForTimeout(500);
      await page.screenshot({
        path: `e2e/screenshots/lecture-compare-${c.name}-${size.width}x${size.height}.png`,
      });
      const panes = page.getByTestId('compare-pane');
      for (let i = 0; i < c.panes; i++) {
        const pane = panes.nth(i);
        await expect(pane.getByTestId('too-small'), `pane ${i + 1}`).toHaveCount(0);
        const box = (await pane.locator('canvas').first().boundingBox())!;
        expect(Math.min(box.width, box.height), `pane ${i + 1}`).toBeGreaterThanOrEqual(120);
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      }
      // Each pane tells its variant; no two panes read alike.
      const variants = await page.getByTestId('pane-variant').allTextContents();
      expect(variants).toHaveLength(c.panes);
      expect(new Set(variants).size).toBe(c.panes);
      expect(await cutNarrations(page)).toEqual([]);
      await expect(page.getByTestId('compare-legend')).toBeVisible();
    });

test('the OTIS three-systems scene names the port model and method of each pane', async ({ page }) => {
  await page.goto(`/?${OTIS_SYSTEMS}`);
  await expect(page.getByTestId('compare-name')).toHaveText('OTIS-Mesh all-reduce, 3 variants');
  await expect(page.getByTestId('pane-variant')).toHaveText([
    'single-port, direct',
    'all-port, direct',
    'all-port, EDN',
  ]);
});

test('a compare view embedded in a page shows no editors', async ({ page }) => {
  await page.goto(`/?${OTIS_SYSTEMS.replace('&lecture=1', '')}&embed=1`);
  await expect(page.getByTestId('pane-summary')).toHaveCount(3);
  await expect(page.getByTestId('pane-editors')).toBeHidden();
  await expect(page.getByTestId('pane-narration')).toHaveCount(3);
});

test('lecture mode at 1280 × 720: the timeline’s phase names are whole (or numbered), never cut', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?v=2&alg=otis-allreduce&group-size=16&method=direct&ports=single&root=10&lecture=1');
  const marks = page.getByTestId('phase-marks');
  await expect(marks.getByRole('button')).toHaveCount(6);
  const names = [
    'reduce in groups',
    'optical (to the control group)',
    'reduce in the control group',
    'distribute in the control group',
    'optical (from the control group)',
    'distribute in groups',
  ];
  const line = (await marks.boundingBox())!;
  for (const [i, b] of (await marks.getByRole('button').all()).entries()) {
    await expect(b).toHaveAttribute(
      'aria-label',
      new RegExp(`where ${names[i].replace(/[()]/g, '\\$&')} starts`),
    );
    expect([names[i], String(i + 1)]).toContain(await b.innerText());
    const cut = await b.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis',
    );
    expect(cut).toBe(false);
    const box = (await b.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(line.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(line.x + line.width + 1);
  }
  await page.screenshot({ path: 'e2e/screenshots/lecture-timeline-phases-1280x720.png' });
});

for (const c of [
  { name: 'desk', query: 'v=2&alg=optree&nodes=64' },
  { name: 'lecture', query: 'v=2&alg=wrht&nodes=64&lecture=1' },
])
  test(`at 1024 × 768 (${c.name}) the formula panel breaks its quantities’ names only between words`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/?${c.query}`);
    // Each quantity's name: the first item of its row.
    const names = page.locator('[data-testid="formula-panel"] li > div > span:first-child');
    await expect(names.first()).toBeVisible({ timeout: 30_000 });
    // Each word of each name on one line: a word whose range has two boxes was broken.
    const broken = await names.evaluateAll((els) =>
      els.flatMap((el) => {
        const text = el.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const out: string[] = [];
        const re = /\S+/g;
        for (let m = re.exec(text.textContent!); m; m = re.exec(text.textContent!)) {
          const r = document.createRange();
          r.setStart(text, m.index);
          r.setEnd(text, m.index + m[0].length);
          if (new Set(Array.from(r.getClientRects()).map((b) => Math.round(b.top))).size > 1) out.push(m[0]);
        }
        return out;
      }),
    );
    expect(broken).toEqual([]);
    await page
      .getByTestId('formula-panel')
      .screenshot({ path: `e2e/screenshots/formula-panel-1024-${c.name}.png` });
  });

for (const lecture of [false, true])
  test(`Explore at 1280 × 720${lecture ? ', lecture mode' : ''}: the chart’s legend covers none of its points`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/?v=2&alg=optree&mode=explore&sweep=optree-fig6${lecture ? '&lecture=1' : ''}`);
    const points = page.getByTestId('chart-point');
    await expect.poll(() => points.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
    const legend = (await page.getByTestId('chart-legend').boundingBox())!;
    const covered: string[] = [];
    for (const p of await points.all()) {
      const b = (await p.boundingBox())!;
      if (
        b.x < legend.x + legend.width &&
        legend.x < b.x + b.width &&
        b.y < legend.y + legend.height &&
        legend.y < b.y + b.height
      )
        covered.push((await p.getAttribute('aria-label')) ?? '');
    }
    expect(covered).toEqual([]);
    await page.screenshot({
      path: `e2e/screenshots/explore-legend-1280x720${lecture ? '-lecture' : ''}.png`,
    });
  });

// Its init script records every canvas text and would stay on the shared tab: a tab of its own.
test.describe('with a recorder of canvas text', () => {
  test.use({ freshTab: true });
  test('lecture mode, Spectrum tab: its words and the drawing’s labels are 18 px or more (at the desk 12)', async ({
    page,
  }) => {
    // Every string the drawing writes on its canvas, with its size in px.
    await recordCanvasText(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    const query = 'v=2&alg=optree&nodes=16&wavelengths=2&view=matrix&detail=spectrum&step=1';
    await page.goto(`/?${query}&lecture=1`);
    const view = page.getByTestId('spectrum-view');
    await expect(view).toHaveAttribute('data-used', /\d+/);
    expect(Number(await view.getAttribute('data-text-px'))).toBeGreaterThanOrEqual(18);
    await expect.poll(async () => (await drawnTextSizes(page)).length).toBeGreaterThan(3);
    expect(Math.min(...(await drawnTextSizes(page)))).toBeGreaterThanOrEqual(18);
    expect(await smallTextOnScreen(page)).toEqual([]);
    await page.screenshot({ path: 'e2e/screenshots/lecture-spectrum-1280x720.png' });
    await page.goto(`/?${query}`);
    await expect(view).toHaveAttribute('data-text-px', '12');
  });
});
