import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { SHORTCUTS } from '../app/lib/keys';
import { expectStep, lectureToggle, openConfig, shot, waitForResult } from './fixtures';

// Keyboard use of the whole page: shortcuts that leave the browser's own keys alone, buttons and
// fields that keep their keys until left, menus that wait for a confirmed choice, the "?" list.

/** The tag of the element with the focus (BODY when none). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? 'BODY');

test('shortcuts ignore Ctrl, ⌘ and Alt; L toggles lecture mode and Esc leaves it', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  for (const chord of ['Control+l', 'Control+f', 'Meta+l', 'Alt+l', 'Control+ArrowRight', 'Alt+ArrowRight']) {
    await page.keyboard.press(chord);
    await expect(lectureToggle(page), chord).toHaveAttribute('aria-pressed', 'false');
  }
  await expectStep(page, 0);
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await page.keyboard.press('l');
  await expect(lectureToggle(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/lecture=1/);
  await page.keyboard.press('Escape');
  await expect(lectureToggle(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/lecture=1/);
});

test('F is on a button in the header and toggles full screen', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  await expect(page.getByTestId('fullscreen')).toContainText('F');
  await expect(page.getByTestId('fullscreen')).toHaveAttribute('aria-keyshortcuts', 'F');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
});

test('Space and Enter on a focused button press that button, not play', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  const forward = page.getByRole('button', { name: 'Step forward' });
  await forward.focus();
  await page.keyboard.press(' ');
  await expectStep(page, 1);
  await page.keyboard.press('Enter');
  await expectStep(page, 2);
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  // Arrows still step from a button.
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 3);
  // The Lecture button pressed with Space: lecture mode, and no playing.
  await lectureToggle(page).focus();
  await page.keyboard.press(' ');
  await expect(lectureToggle(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
});

test('after the step slider or a menu, Esc gives the keys back to the timeline', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  const scrub = page.getByTestId('scrub');
  await scrub.focus();
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 1);
  await page.keyboard.press('Escape');
  expect(await focused(page)).toBe('BODY');
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 2);

  // The speed menu keeps its arrows until Esc, then the arrows step again.
  const speed = page.getByTestId('speed');
  await speed.focus();
  await page.keyboard.press('Escape');
  expect(await focused(page)).toBe('BODY');
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 3);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Pause/);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Play/);

  // Leaving a field with Tab gives the keys back too.
  await page.getByTestId('param-nodes').focus();
  await page.keyboard.press('ArrowRight');
  const before = await page.getByTestId('step-label').innerText();
  await page.getByTestId('param-nodes').blur();
  await page.keyboard.press('Home');
  await expectStep(page, 0);
  expect(before).toMatch(/step [1-8] \//);
});

test('↓ on the Algorithm menu waits for Enter; leaving applies; Esc goes back', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  const menu = page.getByTestId('algorithm');
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('select-pending')).toBeVisible();
  // Nothing switched yet: the link and the schedule are the ring all-gather's.
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(/alg=ring-allgather/);
  const chosen = await menu.inputValue();
  expect(chosen).not.toBe('ring-allgather');
  await shot(page, 'keyboard-algorithm-pending');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`alg=${chosen}`));
  await waitForResult(page, 30_000);
  await expect(page.getByTestId('select-pending')).toHaveCount(0);

  // Esc goes back to the applied algorithm and leaves the menu.
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveValue(chosen);
  expect(await focused(page)).toBe('BODY');
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(new RegExp(`alg=${chosen}`));

  // Leaving the menu with Tab applies what it shows.
  await menu.focus();
  await page.keyboard.press('ArrowUp');
  const up = await menu.inputValue();
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(new RegExp(`alg=${up}`));

  // A pick with the mouse (here: the test's selectOption) applies at once.
  await menu.selectOption('ring-allgather');
  await expect(page).toHaveURL(/alg=ring-allgather/);
});

test('↓ on the Scenes menu opens no scene until Enter', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  const scenes = page.getByTestId('scenes');
  await scenes.focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(/alg=ring-allgather&nodes=8/);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/alg=ring-allgather&nodes=8/);
  await expect(scenes).toHaveValue('');
});

test('"?" lists every shortcut of the handlers, and Esc closes the list', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  const help = page.getByTestId('keys-help');
  await expect(help).toBeHidden();
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  const rows = help.getByTestId('keys-help-shortcuts').locator('tbody tr');
  await expect(rows).toHaveCount(SHORTCUTS.length);
  for (const s of SHORTCUTS) {
    const row = help.locator(`[data-shortcut="${s.id}"]`);
    await expect(row).toContainText(s.label);
    await expect(row).toContainText(s.does);
  }
  // The page behind does not take keys while the list is open.
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 0);
  await shot(page, 'keyboard-help-overlay');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 1);
  // The header's Keys button opens it too; its Close button closes it and the focus goes back.
  await page.getByTestId('keys-help-open').click();
  await expect(help).toBeVisible();
  await page.getByTestId('keys-help-close').click();
  await expect(help).toBeHidden();
  await expect(page.getByTestId('keys-help-open')).toBeFocused();
});

test('the first Tab shows a skip link to the timeline, whose keys then work', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 30_000);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to the timeline');
  const box = await skip.boundingBox();
  expect(box && box.width > 50 && box.height > 20, 'the skip link is shown when focused').toBe(true);
  await shot(page, 'keyboard-skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('timeline')).toBeFocused();
  await expect(page).not.toHaveURL(/#/);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 1);
  // The next Tab is the timeline's first button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'First step', exact: true })).toBeFocused();
});

test('a focus ring shows on every control the keyboard reaches, selected dark buttons included', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8&view=split', 30_000);
  const seen = new Set<string>();
  // Tab through the whole page: each stop has a visible outline of at least 2 px.
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const r = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const cs = getComputedStyle(el);
      return {
        what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30) ?? ''}`,
        style: cs.outlineStyle,
        width: parseFloat(cs.outlineWidth),
      };
    });
    if (!r || seen.has(r.what)) continue;
    seen.add(r.what);
    expect(r.style, r.what).not.toBe('none');
    expect(r.width, r.what).toBeGreaterThanOrEqual(2);
  }
  expect(seen.size).toBeGreaterThan(15);
  // The selected, dark mode button: the ring is outside it, on the white header.
  await page.getByTestId('mode-visualize').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('mode-visualize')).toBeFocused();
  const ring = await page
    .getByTestId('mode-visualize')
    .evaluate((el) => [getComputedStyle(el).outlineColor, getComputedStyle(el).outlineOffset]);
  expect(ring).toEqual(['rgb(29, 78, 216)', '2px']);
  await page
    .getByTestId('mode-visualize')
    .screenshot({ path: 'e2e/screenshots/keyboard-focus-ring-button.png' });
  await page.locator('header').screenshot({ path: 'e2e/screenshots/keyboard-focus-ring-header.png' });
});

test('node details: a node chosen by number is marked and described, and follows the step', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8&step=2&view=split', 30_000);
  const field = page.getByTestId('node-details-input');
  const facts = page.getByTestId('node-details-facts');
  await field.focus();
  await field.fill('3');
  await expect(facts).toContainText('Node 3');
  await expect(facts).toContainText('holds 3 of 8 blocks: 1, 2, 3');
  await expect(facts).toContainText('sends block 2 → node 4');
  // The ring marks it as a hovered node (the views' highlight).
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-highlighted', '3');
  // ↑ in the field goes to the next node; the timeline's keys wait for Esc.
  await page.keyboard.press('ArrowUp');
  await expect(facts).toContainText('Node 4');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 3);
  await expect(facts).toContainText('holds 4 of 8 blocks');
  await shot(page, 'keyboard-node-details');
  await field.fill('');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-highlighted', '');
});

test('the tree: Tab reaches it, arrows move, the network marks the node in focus', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=optree&nodes=16&wavelengths=2&radices=4,4&step=5&detail=tree', 30_000);
  const items = page.getByRole('treeitem');
  await expect(items.first()).toBeVisible();
  // One stop of Tab for the whole tree.
  await expect(page.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await items.first().focus();
  await expect(page.getByTestId('ring-view')).toHaveAttribute(
    'data-highlighted',
    Array.from({ length: 16 }, (_, i) => i).join(','),
  );
  await page.keyboard.press('ArrowDown');
  const first = page.locator('[role="treeitem"]:focus');
  await expect(first).toHaveAttribute('aria-level', '2');
  const hl = await page.getByTestId('ring-view').getAttribute('data-highlighted');
  expect(hl?.split(',').length).toBe(4);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('ring-view')).not.toHaveAttribute('data-highlighted', hl ?? '');
  // The arrows moved in the tree, not the timeline.
  await expectStep(page, 5);
  await shot(page, 'keyboard-tree-focus');
  // And the other way: a node chosen under the network names its path in the tree.
  await page.getByTestId('node-details-input').fill('5');
  await expect(page.getByTestId('tree-path')).toContainText('Marked: node 5');
});

test('the TCP1 tree takes the arrow keys and marks the processor in the star', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=star-scatter&nodes=16&wavelengths-per-node=3&step=1&detail=tree', 30_000);
  const root = page.locator('[data-testid="tcp1-tree-tab"] [role="treeitem"][tabindex="0"]');
  await root.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="treeitem"]:focus')).toHaveAttribute('data-node', '1');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[role="treeitem"]:focus')).toHaveAttribute('data-node', '2');
  // The star draws the focused processor as hovered, with its tooltip.
  await expect(page.getByTestId('node-tooltip')).toContainText('Node 2');
  await expectStep(page, 1);
});

test('the block matrix: arrow keys follow a block and its route is written', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=retri&nodes=9&reconfigure=0,1&step=2&view=split', 30_000);
  const matrix = page.getByTestId('block-matrix');
  await expect(matrix).toHaveAttribute('data-ready', '1');
  await matrix.focus();
  await expect(matrix).toHaveAttribute('data-selected', '0,1');
  await expect(page.getByTestId('block-route')).toContainText('Block B[0, 1]');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(matrix).toHaveAttribute('data-selected', '1,2');
  await expect(page.getByTestId('block-route')).toContainText('Block B[1, 2]');
  await page.keyboard.press('End');
  await expect(page.getByTestId('block-route')).toContainText('Block B[1, 8]');
  await expectStep(page, 2);
  await shot(page, 'keyboard-block-matrix');
});

test('chart points: Tab to the chart, arrows move, the values show, Enter opens the point', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/?v=2&mode=explore&sweep=optree-fig5');
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-done', 'yes', { timeout: 90_000 });
  const dot = page.locator('[data-testid="chart-point"][tabindex="0"]');
  await expect(dot).toHaveCount(1);
  await dot.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focusedDot = page.locator('[data-testid="chart-point"]:focus');
  await expect(page.getByTestId('chart-tooltip')).toBeVisible();
  const label = await focusedDot.getAttribute('aria-label');
  expect(label).toMatch(/Enter opens this configuration/);
  await shot(page, 'keyboard-chart-point');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/mode=explore/);
  await waitForResult(page, 30_000);
});

test('the h′ chart: a total is a button that Enter presses', async ({ page }) => {
  await openConfig(
    page,
    '/?v=2&alg=star-broadcast&nodes=64&wavelengths-per-node=3&tuning-delay=0.1&messages=64&variant=split&split-steps=1',
    30_000,
  );
  const total = page.getByTestId('tradeoff-total-2');
  await total.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]split-steps=2(&|$)/);
});
