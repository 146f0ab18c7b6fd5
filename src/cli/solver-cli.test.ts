import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ScheduleJson } from '../kernel/format/schedule-json';
import { setLpSolver, SolverUnavailable } from '../kernel/lp';
import { execute } from './commands';
import type { CliIo, CommandOutput } from './command-kit';
import { childSolver } from './lp-child';
import type { ListedAlgorithm } from './list-command';

// The command line starts without the solver's memory: HiGHS runs in a child process, only when the
// exact method solves a model. A solver that cannot be loaded, or dies, ends the run in one line with
// exit 3; one that overruns its time limit is ended.

const io: CliIo = { readText: () => '' };
const out = (r: CommandOutput) => [...r.out].join('');
const EXACT = [
  'schedule',
  'noc-scatter',
  '--topology',
  'fat-octagon',
  '--senders',
  '0-3',
  '--receivers',
  '4-7',
];

const dir = mkdtempSync(join(tmpdir(), 'oc-solver-'));
/** A stand-in for the solver's process: a script of the test's own. */
function script(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, body);
  return file;
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => setLpSolver(null));

describe('the exact method’s solver in its own process', () => {
  it('solves a model', () => {
    const lp = 'Maximize\n obj: x + 2 y\nSubject To\n c: x + y <= 1\nBinary\n x y\nEnd';
    const s = childSolver()(lp, { time_limit: 30 });
    expect(s.Status).toBe('Optimal');
    expect(s.Columns['y']?.Primal).toBe(1);
    expect(s.Columns['x']?.Primal ?? 0).toBe(0);
  }, 60_000);

  it('one that cannot be loaded is tried once more without guard regions, then exit 3 in one line', () => {
    // As HiGHS under a cap on address space: it exits 3 with its reason (here, its Node options).
    const cannot = script(
      'cannot-load.mjs',
      "process.stderr.write(`RangeError: Out of memory [${process.execArgv.join(' ')}]\\n`); process.exit(3);",
    );
    expect(() => childSolver(cannot)('', { time_limit: 1 })).toThrow(SolverUnavailable);
    expect(() => childSolver(cannot)('', { time_limit: 1 })).toThrow(
      "the exact method's solver (HiGHS, WebAssembly) could not be loaded: RangeError: Out of memory [--disable-wasm-trap-handler]",
    );
    setLpSolver(childSolver(cannot));
    const r = execute([...EXACT, '--method', 'exact'], io);
    expect(r.code).toBe(3);
    expect(out(r)).toBe('');
    expect(r.err).toBe(
      "the exact method's solver (HiGHS, WebAssembly) could not be loaded: RangeError: Out of memory [--disable-wasm-trap-handler]",
    );
  }, 60_000);

  it('one that dies (V8 out of memory aborts) ends the run with exit 3 in one line', () => {
    const dies = script(
      'dies.mjs',
      "process.stderr.write('\\n# FATAL ERROR: out of memory\\n'); process.abort();",
    );
    setLpSolver(childSolver(dies));
    const r = execute([...EXACT, '--method', 'exact'], io);
    expect(r.code).toBe(3);
    expect(r.err).toBe(
      "the exact method's solver (HiGHS) was ended by SIGABRT: # FATAL ERROR: out of memory",
    );
  }, 60_000);

  it('one that overruns its time limit is ended: its model counts as undecided', () => {
    // It would never end by itself: it is ended SOLVER_GRACE_SECONDS after its limit.
    const endless = script('endless.mjs', 'for (;;);');
    expect(childSolver(endless)('', { time_limit: 0.2 }).Status).toBe('Time limit reached');
  }, 60_000);
});

/** prlimit (util-linux) sets a cap on address space for the command it runs. */
const hasPrlimit = (() => {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasPrlimit)('under a cap of 6 GiB of address space (npm run cli, spawned)', () => {
  const exec = promisify(execFile);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  /**
   * Runs `npm run cli` under the cap: its exit status, output and error text, of which a failure
   * keeps only its error line (a Node stack's file names would send the test reporter reading them).
   */
  const capped = (...args: string[]) =>
    exec('prlimit', ['--as=6442450944', 'npm', 'run', '-s', 'cli', '--', ...args], {
      cwd: root,
      maxBuffer: 1 << 26,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? -1,
        stdout: e.stdout ?? '',
        stderr: /^(\w*Error|internal error|.*solver).*$/m.exec(e.stderr ?? '')?.[0] ?? `exit ${e.code}`,
      }),
    );

  it('starts: list prints the algorithms', async () => {
    const r = await capped('list');
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as ListedAlgorithm[]).length).toBeGreaterThan(10);
  }, 120_000);

  it('runs the exact method (its solver without guard regions)', async () => {
    const r = await capped(...EXACT, '--method', 'exact', '--time-limit', '20');
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as ScheduleJson).summary.verified).toBe(true);
    expect(r.stderr).not.toMatch(/error/i);
  }, 120_000);
});
