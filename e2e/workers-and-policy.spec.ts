import { openConfig, waitForResult } from './fixtures';
import { expect, test } from './shared-page';

// The built page's Content-Security-Policy, the workers when the network is gone, and a worker that
// stops answering. The last two tests run on the shared tab (e2e/shared-page.ts); the first two on
// tabs of their own: the policy test exposes a function and adds an init script (neither can be taken
// off a tab), and the offline test must start with an empty HTTP cache, or the workers' scripts
// could come from the cache instead of proving they were loaded before the network went.

test.describe('on a tab of its own', () => {
  test.use({ freshTab: true });

  test('the built page carries a Content-Security-Policy that nothing the app does violates', async ({
    page,
  }) => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      );
    });
    await openConfig(page, '/?v=1&alg=optree&nodes=16');
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The main features: formulas (KaTeX), stepping, the tree, compare, the explorer, a paper check,
    // the star and circuit views, a job on the pool of workers.
    await expect(page.locator('.katex').first()).toBeVisible();
    await page.keyboard.press('End');
    await page.getByTestId('detail-tree').click();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.getByRole('button', { name: 'Paper check' }).click();
    await openConfig(page, '/?v=1&alg=star-broadcast&nodes=16');
    await openConfig(page, '/?v=1&alg=retri&nodes=9');
    await page.getByTestId('claims-toggle').click();
    await expect(page.getByTestId('paper-claims').locator('tr').nth(1)).toBeVisible({ timeout: 30_000 });
    expect(violations).toEqual([]);
  });

  test('offline after load: the heatmap features still work', async ({ page, context }) => {
    await openConfig(page, '/?v=1&alg=retri&nodes=9');
    await context.setOffline(true);
    await page.getByTestId('claims-toggle').click();
    await expect(page.getByTestId('paper-claims').locator('tr').nth(1)).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('speedup-toggle').click();
    await page.getByTestId('speedup-select').selectOption('retri-vs-static-81');
    await expect(page.getByTestId('heatmap-cell-268435456-1')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/worker crashed|could not be started/)).toHaveCount(0);
    await context.setOffline(false);
  });
});

test('a worker that cannot be started says so, and no spinner is left turning', async ({ page }) => {
  await openConfig(page, '/?v=1&alg=retri&nodes=9');
  // The pool's first worker starts once the first result is shown: let it load before crashing it,
  // or the crash would be read after the paper check reached it (and reported as that job's crash).
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __ocl: { poolLoaded(): boolean } }).__ocl.poolLoaded()),
    )
    .toBe(true);
  // From now on the workers' script never arrives; the pool's worker crashes and must be started again.
  await page.route(/core\.worker/, (route) => route.abort());
  await page.evaluate(() => (window as unknown as { __ocl: { crashPool(): void } }).__ocl.crashPool());
  await page.getByTestId('claims-toggle').click();
  const claims = page.getByTestId('paper-claims');
  await expect(claims).toContainText('could not be started', { timeout: 15_000 });
  await expect(claims).not.toContainText('Building and verifying');
  await expect(claims).not.toContainText('crashed');
});

test('a worker that stops answering is stopped after the stated time; the header leaves "computing"', async ({
  page,
}) => {
  await openConfig(page, '/?v=1&alg=ring-allgather&nodes=8');
  await page.evaluate(() =>
    (window as unknown as { __ocl: { hangWorker(ms: number): void } }).__ocl.hangWorker(1500),
  );
  await page.getByLabel('Nodes N').fill('9');
  await expect(page.getByTestId('result-status')).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('run-error')).toContainText('did not answer for 2 s and was stopped', {
    timeout: 10_000,
  });
  await waitForResult(page);
  // The last good result stays, and the next change runs on a fresh worker.
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 7/);
  await page.getByLabel('Nodes N').fill('10');
  await expect(page.getByTestId('step-label')).toHaveText(/step 0 \/ 9/);
});
