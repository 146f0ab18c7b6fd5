import { expect, test } from './shared-page';
import { openConfig } from './fixtures';

/**
 * Playing at full speed moves the step every frame. What only needs the step eventually — the
 * address bar, the remembered configuration, the narration's words — follows a few times a second
 * or when playing stops, so a frame carries only the pictures.
 */

const LAST_GOOD = 'optical-collectives-lab:last-good';

test('while playing, the narration changes a few times a second; the link and the remembered step catch up on pause', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=512&speed=max');
  await expect(page.getByTestId('ring-view')).toHaveAttribute('data-step', '0');
  // Count what changes while playing: the step label every frame, the narration's heading rarely.
  await page.evaluate(() => {
    const w = window as unknown as { __changes: { label: number; narration: number } };
    w.__changes = { label: 0, narration: 0 };
    const watch = (el: Element | null, key: 'label' | 'narration') =>
      new MutationObserver(() => w.__changes[key]++).observe(el!, {
        subtree: true,
        characterData: true,
        childList: true,
      });
    watch(document.querySelector('[data-testid="step-label"]'), 'label');
    watch(document.querySelector('[data-testid="narration"] h2'), 'narration');
  });
  const changes = () =>
    page.evaluate(() => (window as unknown as { __changes: { label: number; narration: number } }).__changes);
  const started = Date.now();
  await page.keyboard.press(' ');
  // Play until the label has changed more than 20 times and the narration more than once (frames
  // come slower on a busy machine; the narration's pace is set by the clock, not by the frames).
  await expect
    .poll(async () => {
      const c = await changes();
      return c.label > 20 && c.narration > 1;
    })
    .toBe(true);
  // Mid-play, the address bar and the stored configuration still name step 0.
  expect(new URL(page.url()).searchParams.get('step') ?? '0').toBe('0');
  expect(await page.evaluate((k) => localStorage.getItem(k), LAST_GOOD)).not.toMatch(/step=[1-9]/);
  await page.keyboard.press(' ');
  const played = Date.now() - started;
  const seen = await changes();
  expect(seen.label).toBeGreaterThan(20);
  // Four a second while playing, plus the catch-up on pause.
  expect(seen.narration).toBeGreaterThan(1);
  expect(seen.narration).toBeLessThanOrEqual(Math.ceil((played / 1000) * 4) + 3);

  // Paused: the narration, the link and the stored configuration all show the step reached.
  const step = Number(await page.getByTestId('ring-view').getAttribute('data-step'));
  expect(step).toBeGreaterThan(20);
  await expect(page.getByTestId('narration').locator('h2')).toHaveText(new RegExp(`^Step ${step} of 511`));
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));
  expect(await page.evaluate((k) => localStorage.getItem(k), LAST_GOOD)).toMatch(
    new RegExp(`step=${step}(&|$)`),
  );
});

test('playing to the end leaves the link on the last step', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=16&speed=max');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
  await expect(page).toHaveURL(/[?&]step=15(&|$)/);
  await expect(page.getByTestId('narration').locator('h2')).toHaveText(/^Step 15 of 15/);
});
