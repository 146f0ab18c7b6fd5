/**
 * The exact method's solver in a process of its own (see lp-child.ts): reads one model in CPLEX LP
 * format on standard input, the time limit in seconds as its argument, and writes the solution as
 * JSON — the status and the columns that are not zero. The command line itself never holds HiGHS's
 * WebAssembly memory, and a solver that runs out of memory or time ends only this process.
 * Exit status: 0 solved (whatever the status), 3 HiGHS could not be loaded, 1 it failed on the model.
 */
import { readFileSync } from 'node:fs';

const firstLine = (e) => String(e instanceof Error ? e.message : e).split('\n')[0];

let highs;
try {
  const { default: load } = await import('highs');
  highs = await load();
} catch (e) {
  process.stderr.write(`${firstLine(e)}\n`);
  process.exit(3);
}

try {
  const solution = highs.solve(readFileSync(0, 'utf8'), { time_limit: Number(process.argv[2]) });
  const columns = {};
  for (const [name, column] of Object.entries(solution.Columns ?? {}))
    if (column.Primal) columns[name] = { Primal: column.Primal };
  process.stdout.write(JSON.stringify({ Status: solution.Status, Columns: columns }));
} catch (e) {
  process.stderr.write(`${firstLine(e)}\n`);
  process.exit(1);
}
