import type { Page } from '@playwright/test';
import { expect, test } from './shared-page';
import { openConfig, waitForResult } from './fixtures';

// Jobs that go silent, Stop, long builds and the exact method's solver (app/worker/silence.ts,
// docs/architecture.md "Silence limits"). Workers are made to stop answering with the test hooks
// (`hang`): a worker stuck in a loop, as a bug or an overloaded machine would leave it.

type Hooks = {
  hangPool(): void;
  hangWorker(ms: number): void;
  workerLimits(l: { silenceMs?: number; slicedSilenceMs?: number; stopGraceMs?: number }): void;
  lpLoaded(): boolean;
};
const hooks = <T>(page: Page, f: (h: Hooks) => T) =>
  page.evaluate(`(${f.toString()})(window.__ocl)`) as Promise<T>;

/**
 * A hybrid search on the pool that runs until stopped: 8 to the same 8 on the fat Octagon has no
 * schedule below its constructive 10 steps with shortest routes (the exact method proves it).
 */
async function searching(page: Page) {
  await openConfig(
    page,
    '/?v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=hybrid&moves=100000000&time-limit=600',
    60_000,
  );
  const status = page.getByTestId('search-status');
  await expect(status).toContainText('Looking for', { timeout: 60_000 });
  // Its rounds come back from the pool (moves are counted).
  await expect(status).toContainText(/[1-9][\d,]* of [\d,]+ moves/, { timeout: 60_000 });
  return status;
}

test('a search whose pool worker stops answering ends after the stated silence, with its best and a notice', async ({
  page,
}) => {
  const status = await searching(page);
  const steps = await page.getByTestId('step-label').textContent();
  await hooks(page, (h) => {
    h.workerLimits({ slicedSilenceMs: 3000 });
    h.hangPool();
  });
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 30_000 });
  await expect(status).toContainText('Ended');
  await expect(page.getByTestId('search-end-note')).toContainText(
    'did not answer for 3 s and was stopped. It has been restarted.',
  );
  await expect(page.getByTestId('search-end-note')).toContainText('the best schedule so far stays');
  await expect(page.getByTestId('notice').filter({ hasText: 'Worker restarted' })).toBeVisible();
  // The best schedule stays (no longer than when the worker went silent), and plays.
  const [, before] = /\/ (\d+)/.exec(steps ?? '')!;
  const [, after] = /\/ (\d+)/.exec((await page.getByTestId('step-label').textContent()) ?? '')!;
  expect(Number(after)).toBeLessThanOrEqual(Number(before));
  await page.screenshot({ path: 'e2e/screenshots/search-silent-pool-worker.png' });
});

test('Stop ends a search whose pool worker is stuck; the stuck worker is replaced and the next search runs', async ({
  page,
}) => {
  const status = await searching(page);
  await hooks(page, (h) => {
    h.workerLimits({ stopGraceMs: 3000 });
    h.hangPool();
  });
  await page.getByTestId('search-stop').click();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 10_000 });
  await expect(status).toContainText('Stopped');
  // The round it was running is dropped; its worker never answers, so it is replaced, and said.
  await expect(
    page.getByTestId('notice').filter({ hasText: 'did not answer within 3 s after its job was dropped' }),
  ).toBeVisible({ timeout: 20_000 });
  // Another search: its rounds run on the fresh worker and come back (moves are counted).
  await page.getByLabel('Seed').fill('2');
  await expect(status).toContainText(/[1-9][\d,]* of [\d,]+ moves/, { timeout: 60_000 });
});

test('the visualizer’s worker going silent during a search: Stop ends it within the stated grace', async ({
  page,
}) => {
  const status = await searching(page);
  await hooks(page, (h) => {
    h.hangWorker(120_000);
    h.workerLimits({ stopGraceMs: 3000 });
  });
  await page.getByTestId('search-stop').click();
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 10_000 });
  await expect(status).toContainText('Stopped');
  await expect(page.getByTestId('search-end-note')).toContainText('did not end its job within 3 s of Stop');
  await expect(page.getByTestId('notice').filter({ hasText: 'Worker restarted' })).toBeVisible();
  // The best schedule stays and plays; the next change runs on a fresh worker.
  await expect(page.getByTestId('noc-view')).toBeVisible();
  await page.getByLabel('Method').selectOption('constructive');
  await waitForResult(page, 60_000);
  await expect(page.getByTestId('run-error')).toHaveCount(0);
});

test('the visualizer’s worker going silent during a search, without Stop: ended after the stated silence', async ({
  page,
}) => {
  const status = await searching(page);
  await hooks(page, (h) => h.hangWorker(3000));
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 30_000 });
  await expect(page.getByTestId('search-end-note')).toContainText('did not answer for 3 s');
  await expect(status).not.toContainText('Looking for');
});

test('a long build shows how far it is and can be stopped: nothing was built, the last result stays', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openConfig(page, '/?v=2&alg=noc-scatter&seed=1&method=constructive', 60_000);
  const before = await page.getByTestId('step-label').textContent();
  // The 16 × 16 mesh's all-to-all (65,280 messages, most of a minute), opened as Back would open it.
  await page.evaluate(() => {
    history.pushState(
      null,
      '',
      '?v=2&alg=noc-scatter&seed=1&network=mesh&rows=16&cols=16&per-router=1&pattern=aas&method=constructive',
    );
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const build = page.getByTestId('build-status');
  await expect(build).toContainText('Building NoC scatter');
  // Its first steps take seconds on a busy machine: then it says how many messages it has placed.
  await expect(page.getByTestId('build-progress')).toContainText(
    /[\d,]+ of 65,280 messages placed \(\d+ %\)/,
    { timeout: 90_000 },
  );
  await build.screenshot({ path: 'e2e/screenshots/build-progress.png' });
  await page.getByTestId('build-stop').click();
  await expect(build).toHaveCount(0);
  await expect(page.getByTestId('run-error')).toContainText('nothing new was built');
  await expect(page.getByTestId('step-label')).toHaveText(before ?? '');
  await waitForResult(page);
});

// Offline after load: it must start with nothing in the HTTP cache, which the shared tab keeps.
test.describe('on a tab of its own', () => {
  test.use({ freshTab: true });
  test('offline after load, the exact method still proves its optimum (its solver was loaded with the page)', async ({
    page,
    context,
  }) => {
    await openConfig(
      page,
      '/?v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=constructive',
      60_000,
    );
    await expect.poll(() => hooks(page, (h) => h.lpLoaded()), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    await page.getByLabel('Method').selectOption('exact');
    const status = page.getByTestId('search-status');
    await expect(status).toHaveAttribute('data-done', '1', { timeout: 60_000 });
    await expect(status).toContainText('Optimal');
    await expect(page.getByTestId('search-note')).toContainText('no schedule of 9 steps');
    await context.setOffline(false);
  });
});

test('a solver that cannot be loaded is said at load, and the exact method then shows no bound it did not compute', async ({
  page,
}) => {
  await page.route(/highs/, (route) => route.abort());
  await openConfig(
    page,
    '/?v=2&alg=noc-scatter&seed=1&senders=0-7&receivers=0-7&method=constructive',
    60_000,
  );
  await expect(
    page.getByTestId('notice').filter({ hasText: 'The exact method’s solver could not be loaded' }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Method').selectOption('exact');
  const status = page.getByTestId('search-status');
  await expect(status).toHaveAttribute('data-done', '1', { timeout: 30_000 });
  await expect(page.getByTestId('search-end-note')).toContainText(
    'needs its solver (HiGHS), which could not be loaded',
  );
  await expect(status).not.toContainText('lower bound');
  await status.screenshot({ path: 'e2e/screenshots/exact-without-solver.png' });
});
