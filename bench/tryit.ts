/**
 * "Try it" in Node: what the worker does for a student at the largest exercise of each model — make
 * the exercise (the algorithm's build, its verification, the bounds), then after every change one edit
 * and one live check of an attempt as long as the algorithm's whole schedule. Prints Markdown to
 * stdout. Times are per call inside one process (the first exercise of a process is cold: JIT and
 * module start-up); the page's budget is 50 ms for a check after an edit.
 *
 *   npx tsx bench/tryit.ts              # 30 checks and 30 edits per case
 *   npx tsx bench/tryit.ts --runs 100
 */
import { loadavg } from 'node:os';
import { addTransfer, nextStep } from '../src/tryit/attempt';
import { attemptOfSchedule } from '../src/tryit/attempt-of-schedule';
import { checkAttempt } from '../src/tryit/check';
import { makeExercise } from '../src/tryit/exercise';
import { machineLines, median } from './stats';

const CASES: [string, Record<string, string>][] = [
  ['ring-allgather', { nodes: '16', wavelengths: '1' }],
  ['one-stage', { nodes: '16', wavelengths: '1' }],
  ['star-broadcast', { nodes: '16', messages: '16' }],
  ['star-multiscatter', { nodes: '16' }],
  ['retri', { nodes: '27' }],
  ['direct-alltoall', { nodes: '27' }],
  ['mesh-allreduce', { side: '8', root: '0' }],
  ['otis-allreduce', { 'group-size': '4', method: 'direct', root: '0', 'control-group': '1' }],
  ['noc-scatter', {}],
  ['noc-scatter', { network: 'hypercube', dimension: '4', 'per-router': '1', pattern: 'aas' }],
  ['noc-broadcast', { network: 'mesh', rows: '8', cols: '8', 'per-router': '1', pattern: 'oab', root: '0' }],
];

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 30;

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const out = f();
  return [out, performance.now() - t0];
}

const load = loadavg();
const rows: string[] = [];
for (const [algorithm, params] of CASES) {
  const [ex, makeMs] = time(() => makeExercise({ algorithm, params }));
  const [, againMs] = time(() => makeExercise({ algorithm, params }));
  const a = attemptOfSchedule(ex.reference.schedule, ex.topology, ex.circuits);
  for (let i = 0; i < 3; i++) checkAttempt(ex, a);
  const checks: number[] = [];
  for (let i = 0; i < runs; i++) checks.push(time(() => checkAttempt(ex, a))[1]);
  // An edit as the worker answers it: a transfer of the algorithm's last step added again on a new
  // step (default route and channel), then the whole attempt checked again.
  const last = nextStep({ ...a, at: a.steps.length - 1 });
  const { from, to, blocks } = a.steps[a.steps.length - 1].transfers[0];
  const edits: number[] = [];
  for (let i = 0; i < runs; i++)
    edits.push(time(() => checkAttempt(ex, addTransfer(ex, last, { from, to, blocks })))[1]);
  const transfers = a.steps.reduce((n, s) => n + s.transfers.length, 0);
  rows.push(
    `| ${algorithm} ${Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ' ',
      )} | ${ex.topology.nodeCount} | ${transfers} | ${makeMs.toFixed(0)} | ${againMs.toFixed(0)} | ${median(checks).toFixed(2)} | ${Math.max(...checks).toFixed(1)} | ${median(edits).toFixed(2)} | ${Math.max(...edits).toFixed(1)} |`,
  );
  process.stderr.write(`${algorithm} done\n`);
}
console.log(machineLines(load).join('\n'));
console.log(`- ${runs} checks and ${runs} edits per case, after 3 checks not counted\n`);
console.log(
  '| Exercise | Processors | Transfers | Make ms (first) | Make ms (again) | Check ms median | Check ms max | Edit + check ms median | Edit + check ms max |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(r);
