import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { openConfig, shot, waitForResult } from './fixtures';

// The parameter panel: only the parameters that apply (the schema's rule, which the links follow
// too), and every field and help line inside the panel's width.

/** Visible elements of the panel (or its scroll box) that reach past its right edge, in words. */
function clippedInPanel(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((panel) => {
    const scroller = panel.closest('aside, .page-params, .page-side') ?? panel;
    const box = scroller.getBoundingClientRect();
    // The scroll box's inner right edge (inside its scroll bar, if any).
    const edge = box.left + scroller.clientLeft + scroller.clientWidth;
    const out: string[] = [];
    if (scroller.scrollWidth > scroller.clientWidth + 1)
      out.push(`the panel scrolls sideways: ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    for (const el of Array.from(panel.querySelectorAll('*'))) {
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 1 && r.right > edge + 1)
        out.push(
          `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}: ${Math.round(r.right)} > ${Math.round(edge)}`,
        );
    }
    return out;
  });
}

const FIELDS = (page: Page) =>
  page
    .getByTestId('param-panel')
    .locator('[id^="param-"]')
    .evaluateAll((els) => els.map((e) => e.id.slice('param-'.length)));

test('NoC: the panel shows the parameters of the chosen network, communication and method, and the link the same', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1&method=constructive', 60_000);
  const fields = await FIELDS(page);
  // The fat Octagon, M-to-N, constructive: no mesh sizes, no hypercube, no links, no root, no search budget.
  expect(fields).toEqual(
    expect.arrayContaining(['network', 'routers', 'per-router', 'placement', 'senders']),
  );
  for (const k of ['rows', 'cols', 'dimension', 'links', 'root', 'moves', 'time-limit'])
    expect(fields, k).not.toContain(k);
  expect(fields.length).toBeLessThan(23);
  await page.locator('#param-network').selectOption('mesh');
  await waitForResult(page, 60_000);
  await expect(page.locator('#param-rows')).toBeVisible();
  await expect(page.locator('#param-cols')).toBeVisible();
  await expect(page.locator('#param-routers')).toHaveCount(0);
  // The link names what the view depends on, as the panel shows it.
  await expect(page).toHaveURL(/[?&]rows=4&cols=4&/);
  expect(page.url()).not.toMatch(/[?&](routers|dimension|links|root|moves|time-limit)=/);
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
])
  for (const [name, query] of [
    ['noc', 'alg=noc-scatter&seed=1&network=mesh&rows=8&cols=8&per-router=1&pattern=aas&method=constructive'],
    ['mesh', 'alg=mesh-allreduce'],
    ['otis', 'alg=otis-allreduce'],
  ])
    test(`${name} at ${size.width} × ${size.height}: no field or help line runs past the panel's edge`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await openConfig(page, `/?v=2&${query}&step=1`, 60_000);
      await shot(page, `params-${name}-${size.width}x${size.height}`);
      expect(await clippedInPanel(page, 'param-panel')).toEqual([]);
    });
