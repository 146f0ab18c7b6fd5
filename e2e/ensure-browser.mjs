#!/usr/bin/env node
/**
 * Makes sure a Chromium is available for Playwright, which in this project never downloads one.
 *
 *   1. CHROMIUM_PATH, if set (it must be an executable file);
 *   2. otherwise /usr/bin/chromium or /usr/bin/chromium-browser;
 *   3. otherwise, when running as root on Debian/Ubuntu, installs Debian's `chromium` package with
 *      apt-get and looks again;
 *   4. otherwise fails with a one-line message.
 *
 * Prints the path chosen and the browser's version. Idempotent: when the browser is there it only
 * runs `chromium --version`. The same order (without installing) is in e2e/browser-path.ts.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const HOW_TO = "install Debian's chromium (`apt-get install chromium`, as root) or set CHROMIUM_PATH";

function fail(message) {
  console.error(`ensure-browser: ${message}`);
  process.exit(1);
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findSystem() {
  return SYSTEM_PATHS.find(isExecutable) ?? null;
}

function run(command, args, env = process.env) {
  console.log(`ensure-browser: $ ${command} ${args.join(' ')}`);
  // No stdin: CI runs this without a terminal, and apt-get must never wait for an answer.
  const r = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.error) fail(`could not run ${command}: ${r.error.message}`);
  if (r.status !== 0)
    fail(`\`${command} ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}); ${HOW_TO}.`);
}

function installWithApt() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const debianLike = existsSync('/etc/debian_version');
  const apt = ['/usr/bin/apt-get', '/bin/apt-get'].find(isExecutable);
  if (!root || !debianLike || !apt) {
    const why = !debianLike
      ? 'not a Debian/Ubuntu system'
      : !apt
        ? 'apt-get not found'
        : 'not running as root';
    fail(`no Chromium found at ${SYSTEM_PATHS.join(' or ')} (${why}); ${HOW_TO}.`);
  }
  console.log("ensure-browser: no Chromium found; installing Debian's chromium package with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run(apt, ['update'], env);
  run(apt, ['install', '-y', 'chromium'], env);
}

function resolve() {
  const override = process.env.CHROMIUM_PATH?.trim();
  if (override) {
    if (!isExecutable(override))
      fail(`CHROMIUM_PATH="${override}" is not an executable file; fix it or unset it.`);
    return { path: override, source: 'CHROMIUM_PATH' };
  }
  const found = findSystem();
  if (found) return { path: found, source: 'system package' };
  installWithApt();
  const installed = findSystem();
  if (!installed) fail(`apt-get finished but no Chromium is at ${SYSTEM_PATHS.join(' or ')}; ${HOW_TO}.`);
  return { path: installed, source: 'installed just now with apt-get' };
}

const { path, source } = resolve();
const version = spawnSync(path, ['--version'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  timeout: 30_000,
});
if (version.error || version.status !== 0) {
  const detail = version.error?.message ?? (version.stderr || version.stdout || '').trim().split('\n').pop();
  fail(`${path} does not run (\`${path} --version\` failed: ${detail}); ${HOW_TO}.`);
}
console.log(`ensure-browser: using ${path} (${source})`);
console.log(`ensure-browser: ${version.stdout.trim()}`);
