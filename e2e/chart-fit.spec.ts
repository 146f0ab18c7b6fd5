import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';

// Item 19 of issue 25 at projector sizes: the Explore chart fits the window's width, its axis titles
// are shown whole (broken into lines, never cut with "…"), and a compared value such as "−45 %"
// stays on one line.

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

/** Per axis title of the chart: the whole title, the text shown, and whether it lies inside the chart. */
function chartTitles(page: Page) {
  return page.locator('[data-testid="chart-x-title"], [data-testid="chart-y-title"]').evaluateAll((els) =>
    els.map((el) => {
      const svg = el.closest('svg')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      const shown = Array.from(el.querySelectorAll('tspan'))
        .map((t) => t.textContent)
        .join(' ');
      const inside =
        r.left >= svg.left - 1 &&
        r.right <= svg.right + 1 &&
        r.top >= svg.top - 1 &&
        r.bottom <= svg.bottom + 1;
      return { title: el.getAttribute('data-title'), shown, inside };
    }),
  );
}

for (const size of SIZES)
  for (const lecture of [false, true])
    for (const sweep of ['optree-fig6', 'otis-fig11'])
      test(`Explore ${sweep} at ${size.width} × ${size.height}${lecture ? ', lecture mode' : ''}: no sideways scroll, axis titles whole`, async ({
        page,
      }) => {
        await page.setViewportSize(size);
        await page.goto(`/?v=2&alg=optree&mode=explore&sweep=${sweep}${lecture ? '&lecture=1' : ''}`);
        await expect(page.getByTestId('chart-y-title')).toBeVisible();
        const wide = await page.evaluate(() =>
          [document.scrollingElement!, ...Array.from(document.querySelectorAll('[data-testid="explorer"] *'))]
            .filter((e) => e instanceof HTMLElement || e === document.scrollingElement)
            .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
            .map((e) => `${e.tagName} ${e.scrollWidth} > ${e.clientWidth}`),
        );
        expect(wide).toEqual([]);
        const chart = (await page.getByTestId('line-chart').boundingBox())!;
        expect(chart.x + chart.width).toBeLessThanOrEqual(size.width);
        const titles = await chartTitles(page);
        expect(titles).toHaveLength(2);
        for (const t of titles) {
          expect(t.shown).toBe(t.title);
          expect(t.shown).not.toContain('…');
          expect(t.inside).toBe(true);
        }
        await page.screenshot({
          path: `e2e/screenshots/explore-${sweep}-${size.width}x${size.height}${lecture ? '-lecture' : ''}.png`,
        });
      });

/** Each percentage in the compare panes' differences ("−45 %"), with the number of lines it is drawn on. */
function percentLines(page: Page) {
  return page.getByTestId('pane-difference').evaluateAll((els) => {
    const out: { value: string; lines: number }[] = [];
    for (const el of els) {
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        for (const m of n.textContent!.matchAll(/[+−±]?[\d.]+\s%/g)) {
          const range = document.createRange();
          range.setStart(n, m.index!);
          range.setEnd(n, m.index! + m[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          out.push({ value: m[0], lines: tops.size });
        }
      }
    }
    return out;
  });
}

for (const size of SIZES)
  test(`lecture mode, compare at ${size.width} × ${size.height}: a difference such as "−45 %" stays on one line`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto(
      '/?v=2&alg=otis-allreduce&group-size=16&root=10&control-group=10&mode=compare&lecture=1&step=3&cmp=otis-allreduce:method=direct;ports=single|otis-allreduce:method=direct;ports=all|otis-allreduce:method=edn;ports=all|otis-allreduce:method=binomial;ports=all',
    );
    await expect(page.getByTestId('pane-difference')).toHaveCount(3);
    const values = await percentLines(page);
    expect(values.length).toBeGreaterThanOrEqual(6);
    expect(values.filter((v) => v.lines !== 1)).toEqual([]);
  });
