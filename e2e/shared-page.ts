import { test as base, type BrowserContext, type Page, type ViewportSize } from '@playwright/test';

/**
 * One browser tab per Playwright worker, shared by the tests of the specs that import `test` from
 * here instead of from '@playwright/test'. Opening the app in a fresh browser context (what
 * Playwright gives every test by default) costs about two and a half times as long as opening a
 * link in a tab that has had the app before: the tab keeps its renderer process, the HTTP cache and
 * the compiled scripts (bench/app-start.ts --reuse, docs/benchmarks.md, issue 27).
 *
 * Each test still starts from a clean state: before it, the tab leaves the app (about:blank, which
 * ends the app's workers and runs its pagehide writes), the origin's storage is emptied, and what a
 * test may have changed on the tab or its context is put back (viewport, emulated media, routes,
 * listeners, permissions, offline, cookies, other tabs). The app itself is always opened anew by the
 * test's first `page.goto`, so no store or worker carries over.
 *
 * What cannot be undone, so a spec that uses it keeps the default fresh context: init scripts
 * (`addInitScript`), an installed clock (`page.clock`), exposed functions, a context of its own
 * with other options. A single such test in a converted spec asks for a tab of its own instead:
 * `test.use({ freshTab: true })` in a `test.describe` around it.
 */

/** The media features a test may emulate, at the values a fresh context has. */
const DEFAULT_MEDIA = {
  media: 'screen',
  colorScheme: 'light',
  reducedMotion: 'no-preference',
  forcedColors: 'none',
  contrast: 'no-preference',
} as const;

/** Page events a test may listen to; their listeners are dropped between tests. */
const TEST_EVENTS = [
  'console',
  'dialog',
  'download',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'worker',
  'framenavigated',
  'load',
  'domcontentloaded',
  'filechooser',
] as const;

/**
 * Leaves the app and empties `origin`'s storage (session and local storage, IndexedDB, caches,
 * service workers, cookies), keeping the HTTP cache and the tab's process. Also used by bench/app-start.ts, so the
 * benchmark measures what the fixture does.
 */
export async function leaveAndForget(page: Page, origin: string): Promise<void> {
  // Session storage belongs to the tab, not to the origin's data: emptied from inside the app.
  if (page.url().startsWith(origin)) await page.evaluate(() => sessionStorage.clear());
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
}

/** Puts back what a test may have changed on the shared tab and its context (the pointer too). */
async function reset(page: Page, origin: string, viewport: ViewportSize | null): Promise<void> {
  const context = page.context();
  for (const other of context.pages()) if (other !== page) await other.close();
  for (const event of TEST_EVENTS) page.removeAllListeners(event);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await context.clearPermissions();
  await context.clearCookies();
  await page.emulateMedia(DEFAULT_MEDIA);
  if (viewport) await page.setViewportSize(viewport);
  await leaveAndForget(page, origin);
  // The pointer stays where the last test left it: on the next page it would hover (and so mark)
  // whatever is drawn there. A fresh tab's pointer is at the corner.
  await page.mouse.move(0, 0);
}

interface WorkerFixtures {
  sharedContext: BrowserContext;
  sharedPage: Page;
}

interface TestFixtures {
  /** This test gets a fresh context and tab of its own, closed after it (default: the shared tab). */
  freshTab: boolean;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  freshTab: [false, { option: true }],
  sharedContext: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, baseURL });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  sharedPage: [async ({ sharedContext }, use) => use(await sharedContext.newPage()), { scope: 'worker' }],
  context: async ({ sharedContext, freshTab, browser, baseURL, viewport }, use) => {
    if (!freshTab) return use(sharedContext);
    const own = await browser.newContext({ baseURL, viewport });
    await use(own);
    await own.close();
  },
  page: async ({ sharedPage, context, freshTab, baseURL, viewport }, use) => {
    if (freshTab) return use(await context.newPage());
    await reset(sharedPage, new URL(baseURL!).origin, viewport);
    await use(sharedPage);
  },
});

export { expect } from '@playwright/test';
