import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/browser-path';

// End-to-end tests drive the system's Chromium (see e2e/ensure-browser.mjs); Playwright never
// downloads a browser here. `npm run test:e2e` resolves the browser, builds dist/ and runs this.
const CI = !!process.env.CI;
// E2E_PORT lets two checkouts run their end-to-end tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  // Two workers, in CI too; tests, not files, are shared out between them, so a long file does not
  // keep one busy at the end while the other idles. Every test opens its own page (a spec's
  // beforeAll runs once per worker), so any two run side by side; the playing test's frame counts
  // have wide margins, as the machine is shared anyway.
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'on-first-retry',
    // Failure screenshots go to test-results/; tests save the ones they mean to keep into
    // e2e/screenshots/ (gitignored) with page.screenshot({ path }).
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Serves the built app (dist/); the test script runs `vite build` first.
    command: `npx vite preview --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
