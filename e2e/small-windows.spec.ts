import type { Page } from '@playwright/test';
import { collectConsoleErrors, collectPageErrors, openConfig, shot } from './fixtures';
import { expect, test } from './shared-page';

// Windows that once blanked the whole page (a negative radius made the canvas throw and nothing
// caught it), and the error boundaries that now keep a failing view to its own box. On the shared
// tab (e2e/shared-page.ts): a test sizes the window with page.setViewportSize before it opens the
// app, and the fixture puts the size back before the next test. Only a device pixel ratio other
// than 1 needs a context of its own (a tab's ratio is fixed when its context is made).

/** Each picture box either shows its picture or says it is too small; no box shows a failure. */
async function everyPictureAccountedFor(page: Page, testId: string, count: number) {
  const boxes = page.getByTestId(testId);
  await expect(boxes).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const box = boxes.nth(i);
    // Once measured (a box is measured after its first paint).
    await expect
      .poll(
        async () =>
          (await box.locator('canvas:not(.invisible)').count()) +
          (await box.getByTestId('too-small').count()),
        { message: `${testId} ${i}` },
      )
      .toBe(1);
  }
  await expect(page.getByTestId('boundary')).toHaveCount(0);
}

const WINDOWS = [
  { name: 'default at 900 × 700', url: '/', width: 900, height: 700, dpr: 1 },
  // A 1366 × 768 laptop at 150 % zoom: 911 × 512 CSS pixels at a device pixel ratio of 1.5.
  { name: 'default on a laptop at 150 %', url: '/', width: 911, height: 512, dpr: 1.5 },
  { name: 'OpTree at 820 × 560', url: '/?v=1&alg=optree', width: 820, height: 560, dpr: 1 },
];

for (const w of WINDOWS)
  test(`${w.name}: the network is drawn and the page works`, async ({ browser, page: sharedTab }) => {
    const viewport = { width: w.width, height: w.height };
    const context = w.dpr === 1 ? null : await browser.newContext({ viewport, deviceScaleFactor: w.dpr });
    const page = context ? await context.newPage() : sharedTab;
    if (!context) await page.setViewportSize(viewport);
    const errors = collectPageErrors(page);
    await openConfig(page, w.url);
    await everyPictureAccountedFor(page, 'ring-view', 1);
    // Big enough to draw: the picture is there, not the placeholder.
    await expect(page.getByTestId('ring-view').getByTestId('too-small')).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(page.getByTestId('narration')).toContainText('every node');
    await shot(page, `small-${w.width}x${w.height}`);
    expect(errors).toEqual([]);
    await context?.close();
  });

test('resizing down to 780 px and back keeps the page working', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/?v=1&alg=optree&nodes=64');
  for (const width of [1100, 900, 780, 640, 780, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    await page.keyboard.press('ArrowRight');
    await everyPictureAccountedFor(page, 'ring-view', 1);
  }
  await expect(page.getByTestId('ring-view').getByTestId('too-small')).toHaveCount(0);
  await expect(page.getByTestId('ring-view').locator('canvas')).toBeVisible();
  expect(errors).toEqual([]);
});

for (const cmp of [
  'ring-allgather|neighbor-exchange|one-stage|optree',
  'retri|bruck|direct-alltoall|retri:nodes=9',
])
  test(`four schedules in Compare at 1280 × 720: ${cmp}`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(`/?v=1&mode=compare&cmp=${cmp}`);
    await expect(page.getByTestId('pane-summary')).toHaveCount(4);
    const testId = cmp.startsWith('ring') ? 'ring-view' : 'circuit-view';
    await everyPictureAccountedFor(page, testId, 4);
    await page.keyboard.press('End');
    await everyPictureAccountedFor(page, testId, 4);
    await shot(page, `compare-4-${testId}`);
    expect(errors).toEqual([]);
  });

test('a view that throws shows a message in its own box; the rest works, and Try again recovers', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const consoleErrors = collectConsoleErrors(page);
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  // Make the canvas fail on demand, the way a negative radius once made it fail. (Patched in the
  // open page, not by an init script, which would stay on the shared tab; every canvas of the page
  // looks `arc` up on this prototype when it draws.)
  await page.evaluate(() => {
    const arc = CanvasRenderingContext2D.prototype.arc;
    CanvasRenderingContext2D.prototype.arc = function (...args: Parameters<typeof arc>) {
      if ((window as unknown as { breakArc?: boolean }).breakArc) throw new Error('test: arc refused');
      return arc.apply(this, args);
    };
  });
  await page.evaluate(() => ((window as unknown as { breakArc?: boolean }).breakArc = true));
  await page.keyboard.press('ArrowRight');
  const boundary = page.locator('[data-boundary="network view"]');
  await expect(boundary).toBeVisible();
  await expect(boundary).toContainText('could not be shown');
  await expect(boundary).toContainText('test: arc refused');
  // The rest of the page still works: stepping moves the narration and the holdings.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('step-label')).toHaveText(/step 2 \/ 7/);
  await expect(page.getByTestId('narration')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('step-label')).toHaveText(/step 3 \/ 7/);
  await shot(page, 'boundary-network-view');
  // Reported once, with the configuration to reproduce it.
  const reports = consoleErrors.filter((t) => t.includes('the network view failed'));
  expect(reports).toHaveLength(1);
  expect(reports[0]).toContain('alg=ring-allgather');
  expect(errors).toEqual([]);
  // Once the cause is gone, Try again draws the network again.
  await page.evaluate(() => ((window as unknown as { breakArc?: boolean }).breakArc = false));
  await boundary.getByRole('button', { name: 'Try again' }).click();
  await expect(boundary).toHaveCount(0);
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '3');
});

test('a network model the app has no view for is drawn as a general graph with a note, never as a ring', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openConfig(page, '/?v=1&alg=neighbor-exchange&nodes=12&step=2');
  await expect(page.getByTestId('ring-view')).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { __ocl: { showAsModel(k: string): void } }).__ocl.showAsModel('octagon'),
  );
  await expect(page.getByTestId('unknown-model')).toContainText(
    'no picture of its own for “octagon” networks',
  );
  await expect(page.getByTestId('graph-view')).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('ring-view')).toHaveCount(0);
  await expect(
    page.getByRole('img', { name: /network read from a schedule file of 12 processors at step 2/ }),
  ).toBeVisible();
  // Something is drawn: the canvas is not blank.
  const inked = await page
    .getByTestId('graph-view')
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    });
  expect(inked).toBeGreaterThan(500);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('graph-view')).toHaveAttribute('data-step', '3');
  await page.screenshot({ path: 'e2e/screenshots/unknown-model.png' });
  expect(errors).toEqual([]);
});

// Projectors, laptops, half a screen and 150 % zoom (1280 × 720 at 150 % leaves 853 × 480 CSS px:
// deviceScaleFactor alone does not zoom), at the desk and in lecture mode: the page never scrolls
// sideways, the header's controls and the tabs are whole and inside the window, none covers
// another, and the network keeps a usable size.
const LAYOUTS = [
  { name: 'projector 1024 × 768', width: 1024, height: 768 },
  { name: 'laptop 1366 × 768', width: 1366, height: 768 },
  { name: 'half a screen 680 × 800', width: 680, height: 800 },
  { name: '1280 × 720 at 150 % zoom', width: 853, height: 480 },
];

/** Problems a person would see in the page's layout, in words (none: an empty list). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const W = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > W)
      problems.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${W})`);
    const controls = Array.from(
      document.querySelectorAll('header button, header select, [role="tab"], nav[aria-label="Mode"] button'),
    ).filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 1);
    const name = (e: Element) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 20);
    for (const e of controls) {
      const r = e.getBoundingClientRect();
      if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${name(e)} outside the window`);
      // Clipped: its text wider than its box (a truncated button), or cut by a scrolling parent.
      if (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1) problems.push(`${name(e)} clipped`);
      for (let p = e.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible') continue;
        const q = p.getBoundingClientRect();
        if (r.left < q.left - 0.5 || r.right > q.right + 0.5) problems.push(`${name(e)} cut by its box`);
        break;
      }
    }
    // No two controls of the header and tabs overlap (a group's buttons touch but do not overlap).
    for (let i = 0; i < controls.length; i++)
      for (let j = i + 1; j < controls.length; j++) {
        const [a, b] = [controls[i], controls[j]];
        if (a.contains(b) || b.contains(a)) continue;
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 1 && h > 1) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    return problems;
  });
}

for (const w of LAYOUTS)
  for (const lecture of [false, true])
    test(`${w.name}${lecture ? ', lecture mode' : ''}: nothing clipped, overlapping or off to the side; the network usable`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      const errors = collectPageErrors(page);
      await page.goto(
        `/?v=2&alg=optree&nodes=16&wavelengths=2&radices=4,4&step=3${lecture ? '&lecture=1' : ''}`,
      );
      await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '3');
      await page.waitForTimeout(300);
      await shot(page, `layout-${w.width}x${w.height}${lecture ? '-lecture' : ''}`);
      expect(await layoutProblems(page)).toEqual([]);
      const box = (await page.getByTestId('ring-view').locator('canvas').boundingBox())!;
      expect(Math.min(box.width, box.height), 'the network picture').toBeGreaterThanOrEqual(180);
      // The other pages at the same size.
      for (const mode of ['compare', 'explore', 'paper']) {
        await page.getByTestId(`mode-${mode}`).click();
        await page.waitForTimeout(300);
        expect(await layoutProblems(page), mode).toEqual([]);
        await shot(page, `layout-${w.width}x${w.height}${lecture ? '-lecture' : ''}-${mode}`);
      }
      expect(errors).toEqual([]);
    });
