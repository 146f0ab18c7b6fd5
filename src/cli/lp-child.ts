import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SolverUnavailable, type LpSolution, type LpSolve } from '../kernel/lp';

/** The solver's own process (highs-process.mjs). */
const SCRIPT = fileURLToPath(new URL('./highs-process.mjs', import.meta.url));

/**
 * Seconds a solver process may run past its time limit (starting Node and compiling HiGHS take a
 * moment) before it is ended; its model then counts as undecided in time.
 */
export const SOLVER_GRACE_SECONDS = 2;

/** What the solver's process said about why it failed: its error line, else its first line. */
function reason(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim());
  return lines.find((l) => /error/i.test(l)) ?? lines.find((l) => l) ?? '';
}

/** V8 without WebAssembly guard regions: HiGHS then fits under a cap on address space. */
const NO_GUARD_REGIONS = '--disable-wasm-trap-handler';

/**
 * The exact method's solver for the command line: each model is solved by HiGHS in a child process
 * (highs-process.mjs), so the command line starts and runs without the solver's memory, a solver that
 * cannot be loaded or runs out of memory ends in one line (SolverUnavailable), and one that overruns
 * its time limit is ended. Without guard regions HiGHS runs about a quarter slower (docs/benchmarks.md),
 * so they are turned off only once the solver could not be loaded with them (~10 GB of address space).
 */
export function childSolver(script = SCRIPT): LpSolve {
  let nodeArgs: string[] = [];
  const solveIn = (lp: string, seconds: number) =>
    spawnSync(process.execPath, [...nodeArgs, script, String(seconds)], {
      input: lp,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: (seconds + SOLVER_GRACE_SECONDS) * 1e3,
      killSignal: 'SIGKILL',
    });
  return (lp, { time_limit }) => {
    let r = solveIn(lp, time_limit);
    if (r.status === 3 && nodeArgs.length === 0) {
      nodeArgs = [NO_GUARD_REGIONS];
      r = solveIn(lp, time_limit);
    }
    if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT')
      return { Status: 'Time limit reached', Columns: {} };
    if (r.error)
      throw new SolverUnavailable(`the exact method's solver could not be started: ${r.error.message}`);
    if (r.status === 0) return JSON.parse(r.stdout) as LpSolution;
    const why = reason(r.stderr ?? '');
    if (r.status === 3)
      throw new SolverUnavailable(
        `the exact method's solver (HiGHS, WebAssembly) could not be loaded: ${why}`,
      );
    const end = r.signal ? `was ended by ${r.signal}` : `failed (exit ${r.status})`;
    throw new SolverUnavailable(`the exact method's solver (HiGHS) ${end}${why ? `: ${why}` : ''}`);
  };
}
