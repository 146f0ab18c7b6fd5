import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { ALGORITHM_CARDS } from '../src/cards';
import { rng } from '../src/kernel/util/rng';
import { openConfig, waitForResult } from './fixtures';

// Switching algorithm (what is carried, which picture is shown), a burst of switches, a scene chosen
// from the keyboard, and a reload right after a step.

const status = (page: Page) => page.getByTestId('result-status');

test('from the mesh’s EDN all-reduce to the NoC scatter: the NoC’s own method, the run accepted, no mesh picture under its name', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=mesh-allreduce&side=4&root=13', 60_000);
  await expect(status(page)).toHaveAttribute('data-shows', 'mesh-allreduce');
  await expect(page.getByTestId('mesh-view')).toBeVisible();
  await page.getByTestId('algorithm').selectOption('noc-scatter');
  // At once: the mesh's picture is gone (never shown under the NoC scatter's name).
  await expect(page.getByTestId('mesh-view')).toHaveCount(0);
  await expect(status(page)).not.toHaveAttribute('data-shows', 'mesh-allreduce');
  await waitForResult(page, 60_000);
  await expect(status(page)).toHaveAttribute('data-shows', 'noc-scatter');
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await expect(page.getByTestId('run-error')).toHaveCount(0);
  await expect(page).toHaveURL(/alg=noc-scatter/);
  await expect(page).toHaveURL(/method=hybrid/);
  // The NoC's root means something only for a one-to-all pattern: under the default M-to-N pattern
  // the link leaves it out.
  await expect(page).toHaveURL(/pattern=mns/);
  await expect(page).not.toHaveURL(/root=/);
  await expect(page).not.toHaveURL(/method=edn/);
});

test('a burst of 100 algorithm switches: never another algorithm’s picture, and the last one is the link’s', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openConfig(page, '/?v=2&alg=star-scatter&nodes=64', 60_000);
  const r = rng(20261127);
  const ids = ALGORITHM_CARDS.map((a) => a.id);
  const order = Array.from({ length: 99 }, () => ids[r.int(ids.length)]);
  order.push('noc-scatter');
  const gaps = order.map(() => r.int(4) * 40);
  // Chosen as the mouse chooses (a change event on the menu), with pauses of 0 to 120 ms; at each
  // switch and between them the picture on screen is none or the chosen algorithm's.
  const wrong: string[] = await page.evaluate(
    async ({ order, gaps }) => {
      const menu = document.querySelector('[data-testid="algorithm"]') as HTMLSelectElement;
      const shows = () => document.querySelector('[data-testid="result-status"]')?.getAttribute('data-shows');
      const out: string[] = [];
      const check = (id: string) => {
        const s = shows();
        if (s && s !== id) out.push(`${s} shown under ${id}`);
      };
      for (let i = 0; i < order.length; i++) {
        menu.value = order[i];
        menu.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise((r) => setTimeout(r, gaps[i]));
        check(order[i]);
      }
      for (let t = 0; t < 40; t++) {
        await new Promise((r) => setTimeout(r, 50));
        check(order[order.length - 1]);
      }
      return out;
    },
    { order, gaps },
  );
  expect(wrong).toEqual([]);
  await waitForResult(page, 60_000);
  await expect(status(page)).toHaveAttribute('data-shows', 'noc-scatter');
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await expect(page.getByTestId('algorithm')).toHaveValue('noc-scatter');
  await expect(page).toHaveURL(/alg=noc-scatter/);
  await expect(page.getByTestId('run-error')).toHaveCount(0);
});

test('a scene chosen with ↓ and Enter takes the keys: → steps the scene instead of choosing the next one', async ({
  page,
}) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 60_000);
  const scenes = page.getByTestId('scenes');
  await scenes.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/alg=optree&/);
  await expect(page.getByTestId('timeline')).toBeFocused();
  // The timeline is the compared schedules': a step exists once they have arrived (a key pressed
  // before then has no step to go to).
  await expect(page.getByTestId('compare-pane').first()).not.toHaveAttribute('data-steps', '', {
    timeout: 60_000,
  });
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/step=1/);
  await expect(page).toHaveURL(/alg=optree&/);
  await expect(scenes).toHaveValue('');
});

test('a reload right after a step keeps the step', async ({ page }) => {
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8', 60_000);
  await page.getByTestId('timeline').focus();
  await page.keyboard.press('ArrowRight');
  await page.reload();
  await waitForResult(page, 60_000);
  await expect(page.getByTestId('step-label')).toHaveText(/step 1 \/ 7/);
});
