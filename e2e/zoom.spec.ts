import type { Locator, Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { openConfig, shot } from './fixtures';

// Every network view zooms and pans through the one pan-zoom object (app/views/panZoom.ts): the
// wheel zooms around the pointer, + and − from the keyboard, dragging pans, the button shows the
// whole network again, and hovering finds the node under the pointer at any zoom.

// The NoC's 256 processors with a one-to-all scatter: the same picture to zoom as an all-to-all's,
// whose 65,280 messages took the build over a minute on a busy machine (docs/benchmarks.md).
const VIEWS = [
  {
    name: 'NoC 16 × 16',
    url: '/?v=2&alg=noc-scatter&seed=1&network=mesh&rows=16&cols=16&per-router=1&pattern=oas&method=constructive&step=1',
    testid: 'noc-view',
  },
  { name: 'ring', url: '/?v=2&alg=ring-allgather&nodes=16&step=1', testid: 'ring-view' },
  { name: 'star', url: '/?v=2&alg=star-scatter&nodes=16&step=1&view=network', testid: 'star-view' },
];

const NODE = /(?:Node|Processor) (\d+)/;
const tooltip = (page: Page) => page.getByTestId('node-tooltip');

/** The node named by the tooltip at view point (x, y), or null where no node is. */
async function nodeAt(page: Page, box: { x: number; y: number }, x: number, y: number) {
  await page.mouse.move(box.x + x, box.y + y);
  if ((await tooltip(page).count()) === 0) return null;
  return (await tooltip(page).first().innerText()).match(NODE)?.[1] ?? null;
}

/** A view point over a node, found by sweeping rows from the middle out: the point and the node. */
async function someNode(page: Page, view: Locator) {
  const box = (await view.boundingBox())!;
  for (const dy of [0, 12, -12, 24, -24, 36, -36]) {
    const y = box.height / 2 + dy;
    for (let x = 60; x < box.width / 2; x += 3) {
      const node = await nodeAt(page, box, x, y);
      if (node !== null) return { x, y, node };
    }
  }
  throw new Error('no node found left of the middle');
}

for (const v of VIEWS) {
  test(`the ${v.name} view zooms with the wheel and +, pans by dragging, hit-tests at 2× and resets`, async ({
    page,
  }) => {
    // Hang guards for a busy machine, not speed requirements.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConfig(page, v.url, 180_000);
    const view = page.getByTestId(v.testid);
    await expect(view).toHaveAttribute('data-zoom', '1.00');
    const box = (await view.boundingBox())!;

    // A node at S; zoomed 2× around Z = S + (40, 0), it shows at 2S − Z = S − (40, 0), where at 1×
    // that node is not.
    const s = await someNode(page, view);
    const there = { x: s.x - 40, y: s.y };
    expect(await nodeAt(page, box, there.x, there.y)).not.toBe(s.node);
    await page.mouse.move(box.x + s.x + 40, box.y + s.y);
    await page.mouse.wheel(0, -500);
    await expect(view).toHaveAttribute('data-zoom', '2.00');
    await expect.poll(() => nodeAt(page, box, there.x, there.y)).toBe(s.node);
    await expect(tooltip(page)).toBeVisible();
    await shot(page, `zoom-${v.testid}-2x`);

    // Dragging pans (and a drag on the NoC does not also click a processor's role).
    const pan = await view.getAttribute('data-pan');
    const step = await view.getAttribute('data-step');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 30, { steps: 4 });
    await page.mouse.up();
    await expect(view).not.toHaveAttribute('data-pan', pan!);

    // The button shows the whole network again.
    await page.getByTestId('zoom-reset').click();
    await expect(view).toHaveAttribute('data-zoom', '1.00');
    await expect(view).toHaveAttribute('data-pan', '0,0');
    await expect(page.getByTestId('zoom-reset')).toHaveCount(0);

    // From the keyboard, once the picture has the focus: + zooms in, 0 shows the whole picture; at
    // the whole picture the arrows still step the schedule.
    await view.focus();
    await page.keyboard.press('+');
    await expect(view).toHaveAttribute('data-zoom', '1.50');
    await page.keyboard.press('ArrowLeft');
    await expect(view).toHaveAttribute('data-step', step!);
    await page.keyboard.press('0');
    await expect(view).toHaveAttribute('data-zoom', '1.00');
    await page.keyboard.press('ArrowRight');
    await expect(view).toHaveAttribute('data-step', String(Number(step) + 1));
  });
}

test('the 4,096-node ring zooms in lecture mode, with its reset button in reach', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=4096&step=1', 120_000);
  const view = page.getByTestId('ring-view');
  await page.keyboard.press('l');
  await expect(page.locator('.lecture')).toHaveCount(1);
  const box = (await view.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -500);
  await expect(view).toHaveAttribute('data-zoom', '16.00');
  await expect(page.getByTestId('zoom-reset')).toBeVisible();
  await page.mouse.move(1, 1);
  await shot(page, 'zoom-ring-4096-lecture');
  await page.getByTestId('zoom-reset').click();
  await expect(view).toHaveAttribute('data-zoom', '1.00');
});
