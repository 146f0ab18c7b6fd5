/**
 * A mixed-integer program solver, given to the core by whoever can load one (HiGHS compiled to
 * WebAssembly, the `highs` package: the command line loads it in Node, the worker from the app's
 * bundle). The core stays free of loading code and of WebAssembly: it writes models as CPLEX LP text
 * and reads the solution's status and column values.
 */
export interface LpSolution {
  /** 'Optimal', 'Infeasible', 'Time limit reached', … (HiGHS's model status). */
  Status: string;
  Columns: Record<string, { Primal?: number }>;
}

export type LpSolve = (lp: string, options: { time_limit: number }) => LpSolution;

let solver: LpSolve | null = null;

/** Makes `solve` the solver every exact method uses. */
export function setLpSolver(solve: LpSolve | null): void {
  solver = solve;
}

/** The solver, once loaded; null before. */
export function lpSolver(): LpSolve | null {
  return solver;
}

/** The solver could not be loaded or stopped on its own (out of memory): the exact method cannot run. */
export class SolverUnavailable extends Error {
  override name = 'SolverUnavailable';
}
