import type { Page } from '@playwright/test';
import { collectPageErrors, openConfig } from './fixtures';
import { expect, test } from './shared-page';

// The shared tab (e2e/shared-page.ts): the second test gets the first test's tab, but nothing the
// first one left behind — storage, viewport, theme, routes, permissions, offline, listeners, tabs.

test.describe.configure({ mode: 'serial' });

let firstTab: Page | undefined;
let firstErrors: string[] = [];

test('a test leaves things behind on the shared tab', async ({ page, context }) => {
  firstTab = page;
  firstErrors = collectPageErrors(page);
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  await page.evaluate(() => {
    localStorage.setItem('left-behind', '1');
    sessionStorage.setItem('left-behind', '1');
  });
  await page.setViewportSize({ width: 500, height: 400 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.route('**/never-served', (route) => route.abort());
  await context.route('**/never-served-either', (route) => route.abort());
  await context.grantPermissions(['clipboard-read']);
  await context.newPage();
  await context.setOffline(true);
});

test('the next test gets the same tab, clean', async ({ page, context }) => {
  expect(page).toBe(firstTab);
  expect(page.url()).toBe('about:blank');
  expect(context.pages()).toEqual([page]);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  // Online again: the app opens; what the first test stored is gone (the app stores its own things
  // as it opens) and the theme follows a light screen again.
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  expect(
    await page.evaluate(() => [localStorage.getItem('left-behind'), sessionStorage.getItem('left-behind')]),
  ).toEqual([null, null]);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(
    await page.evaluate(async () => {
      const clipboard = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName });
      return clipboard.state;
    }),
  ).toBe('prompt');
  // No route of the first test's is left: both requests reach the server (which answers them).
  const reached = await page.evaluate(() =>
    Promise.all(['/never-served', '/never-served-either'].map((u) => fetch(u).then((r) => r.status > 0))),
  );
  expect(reached).toEqual([true, true]);
  // The first test's error list hears nothing of this test's page.
  const errors = collectPageErrors(page);
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('seen by this test only');
    }),
  );
  await expect.poll(() => errors.length).toBe(1);
  expect(firstErrors).toEqual([]);
});

test.describe('a test that asks for a tab of its own', () => {
  test.use({ freshTab: true });
  test('gets a new tab in a new context, not the shared one', async ({ page, context, sharedPage }) => {
    expect(page).not.toBe(sharedPage);
    expect(page.context()).toBe(context);
    expect(context).not.toBe(sharedPage.context());
    // An init script here stays with this tab.
    await page.addInitScript(() => ((window as unknown as { mine: number }).mine = 1));
    await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
    expect(await page.evaluate(() => (window as unknown as { mine?: number }).mine)).toBe(1);
  });
});

test('after it, the shared tab again, without its init script', async ({ page }) => {
  expect(page).toBe(firstTab);
  await openConfig(page, '/?v=2&alg=ring-allgather&nodes=8');
  expect(await page.evaluate(() => (window as unknown as { mine?: number }).mine)).toBeUndefined();
});
