import { expect, test } from './shared-page';
import { shot } from './fixtures';

test('the Try it description starts inside the window with padding, at 1280 × 720 and in lecture mode', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=try');
  const words = page.getByTestId('try-description');
  await expect(words).toContainText('Start:');
  for (const lecture of [false, true]) {
    if (lecture) {
      await page.keyboard.press('l');
      await expect(page.locator('.lecture')).toHaveCount(1);
    }
    const box = (await words.boundingBox())!;
    const card = (await page.getByTestId('try-network').boundingBox())!;
    // Inside the window, clear of its edge, and the text no further left than the picture's card.
    expect(box.x).toBeGreaterThanOrEqual(12);
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(1280 - 8);
  }
  await page.screenshot({ path: 'e2e/screenshots/tryit-description-lecture.png' });
});

test('a lightpath’s route changed by clicking links, judged live, undone, kept in the link; and from the keyboard', async ({
  page,
  browser,
}) => {
  const verdict = page.getByTestId('try-verdict');
  const route = page.getByTestId('try-route-words');
  await page.goto('/?v=2&mode=try');
  await expect(verdict).toContainText('The bound is 3 steps');
  await page.getByTestId('try-node-0').click();
  await page.getByTestId('try-node-1').click();
  await page.getByTestId('try-add').click();
  await page.getByTestId('try-path-0').click();
  await expect(route).toHaveText('0→1');
  // Take the clockwise fibre out: the lightpath has no route, and the check says so.
  await page.getByTestId('try-link-0-1').click();
  await expect(route).toHaveText('none');
  await expect(verdict).toContainText('problem');
  await expect(page.getByTestId('try-violations')).toContainText('has no route');
  // The long way round, counter-clockwise; the clicks' order does not matter.
  await page.getByTestId('try-link-0-3').click();
  await expect(route).toHaveText('0→3');
  await page.getByTestId('try-link-1-2').click();
  await expect(page.getByTestId('try-error')).toContainText('does not continue the route');
  await page.getByTestId('try-link-2-3').click();
  await expect(route).toHaveText('0→3, 3→2');
  await expect(page.getByTestId('try-violations')).toContainText('does not reach it');
  await page.getByTestId('try-link-1-2').click();
  await expect(route).toHaveText('0→3, 3→2, 2→1');
  await expect(verdict).not.toContainText('problem');
  await page.screenshot({ path: 'e2e/screenshots/tryit-route.png' });
  await page.getByTestId('try-undo').click();
  await expect(route).toHaveText('0→3, 3→2');
  await page.getByTestId('try-redo').click();
  await expect(route).toHaveText('0→3, 3→2, 2→1');
  // The link reopens the attempt with the route as drawn.
  await expect(page).toHaveURL(/[?&]try=1\./);
  const other = await browser.newPage();
  await other.goto(page.url());
  await other.getByTestId('try-select-0').click();
  await expect(other.getByTestId('try-route-words')).toHaveText('0→3, 3→2, 2→1');
  await other.close();

  // From the keyboard: back to the shortest route, then the last link out and in again.
  await page.getByTestId('try-route-shortest').focus();
  await page.keyboard.press('Enter');
  await expect(route).toHaveText('0→1');
  await page.getByTestId('try-route-drop').focus();
  await page.keyboard.press('Enter');
  await expect(route).toHaveText('none');
  await page.getByTestId('try-route-next').focus();
  await page.getByTestId('try-route-next').selectOption({ label: 'the counter-clockwise fibre 0→3' });
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('try-route-add')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(route).toHaveText('0→3');
  await page.keyboard.press('l');
  await expect(page.locator('.lecture')).toHaveCount(1);
  await page.screenshot({ path: 'e2e/screenshots/tryit-route-lecture.png' });
});

test('one click puts the attempt beside the paper’s algorithm, stepping together', async ({ page }) => {
  await page.goto('/?v=2&mode=try');
  await expect(page.getByTestId('try-verdict')).toContainText('The bound is 3 steps');
  await page.getByTestId('try-node-0').click();
  await page.getByTestId('try-node-1').click();
  await page.getByTestId('try-add').click();
  await expect(page.getByTestId('try-transfers').locator('li')).toHaveCount(1);
  await page.getByTestId('try-side').click();
  await expect(page.getByTestId('try-side-caption')).toHaveText('Ring all-gather, step 1');
  await expect(page.getByTestId('try-side-network').getByTestId('try-side-path')).toHaveCount(4);
  await expect(page.getByTestId('try-network').locator('[data-testid^="try-path-"]')).toHaveCount(1);
  // Not drawn grey on the attempt's own picture as well.
  await expect(page.getByTestId('try-hint-path')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/tryit-side-by-side.png' });
  await page.getByTestId('try-next').click();
  await expect(page.getByTestId('try-step')).toHaveText('Step 2 of 2');
  await expect(page.getByTestId('try-side-caption')).toHaveText('Ring all-gather, step 2');
  await expect(page.getByTestId('try-network').locator('[data-testid^="try-path-"]')).toHaveCount(0);
  await expect(page.getByTestId('try-side-network').getByTestId('try-side-path')).toHaveCount(4);
  await page.keyboard.press('l');
  await expect(page.locator('.lecture')).toHaveCount(1);
  await page.screenshot({ path: 'e2e/screenshots/tryit-side-by-side-lecture.png' });
  await page.getByTestId('try-side').click();
  await expect(page.getByTestId('try-side-by-side')).toHaveCount(0);
});

test('another size: a ring of 10 opens; 40 nodes or “ten” is refused in words and the exercise stays', async ({
  page,
}) => {
  await page.goto('/?v=2&mode=try');
  await expect(page.getByTestId('try-verdict')).toContainText('The bound is 3 steps');
  await page.getByTestId('try-exercise').selectOption({ index: 1 });
  await expect(page.getByTestId('try-size-nodes')).toHaveValue('6');
  await page.getByTestId('try-size-nodes').fill('10');
  await page.getByTestId('try-size-nodes').press('Enter');
  await expect(page.getByTestId('try-node-9')).toBeVisible();
  await expect(page.getByTestId('try-exercise')).toHaveValue('-1');
  await expect(page).toHaveURL(/[?&]try=1\./);
  const said = await page.getByTestId('try-verdict').innerText();
  await page.getByTestId('try-size-nodes').fill('40');
  await page.getByTestId('try-size-open').click();
  await expect(page.getByTestId('try-error')).toContainText('at most 16 processors');
  await expect(page.getByTestId('try-error')).toContainText('nothing was changed');
  await expect(page.getByTestId('try-node-9')).toBeVisible();
  await expect(page.getByTestId('try-verdict')).toHaveText(said);
  await page.getByTestId('try-size-nodes').fill('ten');
  await page.getByTestId('try-size-open').click();
  await expect(page.getByTestId('try-error')).toContainText('a size is a whole number');
  await expect(page.getByTestId('try-node-9')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/tryit-size.png' });
});

test('why the bound is what it is, drawn on the star, the circuit switch and the mesh', async ({ page }) => {
  await page.goto('/?v=2&mode=try');
  const cases = [
    {
      label: 'Scatter from node 0 to 8 others through a passive star, 2 wavelengths per node',
      words: 'In message units, no schedule takes less than 4 message units: the root sends 8 messages',
      vertices: 1,
    },
    {
      label: 'All-to-all among 9 nodes on an optical circuit switch, choosing the circuits of each step',
      words: 'In time, no schedule takes less than',
      vertices: 1,
    },
    {
      label: 'All-reduce on a 4 × 4 mesh without counting anything twice',
      words: 'Ringed in purple on the picture: 1 vertex and 4 links',
      vertices: 1,
    },
  ];
  for (const c of cases) {
    await page.getByTestId('try-exercise').selectOption({ label: c.label });
    await expect(page.getByTestId('try-why')).toBeVisible();
    if ((await page.getByTestId('try-why-words').count()) === 0) await page.getByTestId('try-why').click();
    await expect(page.getByTestId('try-why-words')).toContainText(c.words);
    await expect(page.getByTestId('try-why-words')).toContainText('Ringed in purple on the picture');
    await expect(page.getByTestId('try-argument-vertex')).toHaveCount(c.vertices);
  }
  await shot(page, 'tryit-mesh-bound-argument');
});
