import { expect, test } from './shared-page';
import { openConfig, shot, waitForResult } from './fixtures';

// What a lecturer sees of the NoC pictures: the Fig. 3 scene's longer routes, the conflict box.

test('the Fig. 3 scene marks its longer routes, dashed, with their extra hops', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openConfig(page, '/', 60_000);
  await page.getByRole('combobox', { name: /scene/i }).selectOption('noc-fig3');
  await waitForResult(page, 60_000);
  await expect(page.getByTestId('step-label')).toHaveText(/\/ 5/, { timeout: 60_000 });
  // The exact method first finds 5 steps, then the 5-step schedule with the fewest longer routes.
  await expect(page.getByTestId('variant')).toContainText('1 longer route, the fewest', { timeout: 90_000 });
  const view = page.getByTestId('noc-view');
  await expect(view).toHaveAttribute('data-longer-routes', '0');
  let marked = 0;
  for (let step = 1; step <= 5; step++) {
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(view).toHaveAttribute('data-step', String(step));
    const here = Number(await view.getAttribute('data-longer-routes'));
    if (here > 0) {
      await expect(page.getByTestId('noc-legend')).toContainText('dashed: a route longer than the shortest');
      if (marked === 0) await shot(page, 'noc-fig3-longer-route');
    } else await expect(page.getByTestId('noc-legend')).not.toContainText('dashed');
    marked += here;
  }
  // Five steps from one port of three links: some message must go round, and the scene's schedule
  // (the exact method's, with the fewest longer routes) sends exactly one.
  expect(marked).toBe(1);
});

test('in lecture mode the conflict box stands right of the network, off the routes it names', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // As in noc.spec: the search's attempt at 9 steps keeps conflicts while it runs.
  await openConfig(
    page,
    '/?v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=hybrid&moves=100000000&time-limit=600&view=network&lecture=1',
    60_000,
  );
  await expect(page.getByTestId('noc-attempt-bar')).toContainText(
    /best attempt at 9 steps: \d+ conflicts? left/,
    {
      timeout: 60_000,
    },
  );
  await page.getByTestId('noc-clash-step').first().click();
  // The attempt is held on that step while it is read (as in noc.spec): then the mark stays put.
  await expect(page.getByTestId('noc-attempt-bar')).toContainText('held while you read it');
  const mark = page.getByTestId('noc-clash').first();
  await expect(mark).toBeVisible();
  const at = (await mark.boundingBox())!;
  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  const details = page.getByTestId('noc-clash-details');
  await expect(details).toContainText(/want the channel/);
  const view = page.getByTestId('noc-view');
  const canvas = (await view.locator('canvas').boundingBox())!;
  const box = (await details.boundingBox())!;
  // Right of the network (its routers, processors and their numbers), and in the window; the
  // network keeps most of its room.
  const networkRight = canvas.x + Number(await view.getAttribute('data-network-right'));
  expect(box.x).toBeGreaterThanOrEqual(networkRight);
  expect(box.y + box.height).toBeLessThanOrEqual(720);
  expect(Math.min(canvas.width - box.width, canvas.height)).toBeGreaterThanOrEqual(300);
  await shot(page, 'noc-lecture-conflict-box');
  await page.getByTestId('search-stop').click();
});
