/**
 * Which Chromium the end-to-end tests and browser benchmarks drive, and how it is launched.
 *
 * Playwright never downloads a browser in this project: it drives the system's Chromium (Debian's
 * `chromium` package) through `executablePath`. The resolution order is the same as in
 * `e2e/ensure-browser.mjs`, which also installs the package when it may; this helper only looks.
 * (The two are separate because plain `node` cannot import TypeScript; keep them in step.)
 */
import { accessSync, constants } from 'node:fs';

/** Where Debian (`chromium`) and Ubuntu (`chromium-browser`) put the browser. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

/** Arguments every headless launch needs on CI machines and in containers (run as root, no GPU). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium to use: `CHROMIUM_PATH` if set, else the first system path present; null if none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const override = env.CHROMIUM_PATH?.trim();
  if (override) return isExecutable(override) ? override : null;
  return SYSTEM_CHROMIUM_PATHS.find(isExecutable) ?? null;
}

/** Like `findChromium`, but throws a message saying what to do when there is no browser. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const found = findChromium(env);
  if (found) return found;
  const override = env.CHROMIUM_PATH?.trim();
  throw new Error(
    override
      ? `CHROMIUM_PATH is set to "${override}", which is not an executable file.`
      : `No Chromium found (looked for ${SYSTEM_CHROMIUM_PATHS.join(', ')}). ` +
          "Run `node e2e/ensure-browser.mjs` (installs Debian's chromium when run as root), " +
          '`apt-get install chromium`, or set CHROMIUM_PATH.',
  );
}

/** Options for `chromium.launch()` outside the test runner (the benchmarks). */
export function launchOptions(env: NodeJS.ProcessEnv = process.env) {
  return { executablePath: chromiumPath(env), args: CHROMIUM_ARGS, headless: true };
}
