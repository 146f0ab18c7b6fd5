/**
 * Core build benchmark: builds and verifies large schedules with the same pipeline as the command
 * line (`run()` from src/run.ts, CLI limits) and prints a Markdown table to stdout.
 *
 *   npm run bench:core                 # 3 runs per configuration, median reported
 *   npm run bench:core -- --runs 5
 *   npm run bench:core -- --only star-      # only the cases whose algorithm id contains "star-"
 *
 * Every run happens in a fresh child process, so each timing is a cold start (what a user sees the
 * first time) and each peak RSS belongs to that configuration alone. Exits non-zero if a schedule
 * fails verification; a missed time target is reported, not treated as a failure (see README.md).
 */
import { loadavg } from 'node:os';
import { findAlgorithm } from '../src/registry';
import { defaultsOf } from '../src/kernel/params/schema';
import { CLI_LIMITS } from '../src/limits';
import { run } from '../src/run';
import { measureInChild, serveChild } from './child';
import { machineLines, median } from './stats';

interface Case {
  algorithm: string;
  nodes: number;
  /** Target for the median total, in ms (reported, not enforced). */
  targetMs?: number;
  /** Parameters besides `nodes` (the rest are defaults). */
  params?: Record<string, number | string>;
}

const CASES: Case[] = [
  { algorithm: 'ring-allgather', nodes: 4096, targetMs: 3000 },
  { algorithm: 'ring-allgather', nodes: 1024 },
  { algorithm: 'neighbor-exchange', nodes: 4096 },
  { algorithm: 'star-gossip', nodes: 4096, targetMs: 1000, params: { 'wavelengths-per-node': 7 } },
  { algorithm: 'star-multiscatter', nodes: 4096, targetMs: 1000, params: { 'wavelengths-per-node': 7 } },
];

/** A case's name in tables: the algorithm, with its non-default parameters. */
const nameOf = (c: Case) =>
  c.algorithm +
  (c.params
    ? ` (${Object.entries(c.params)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`
    : '');

interface Sample {
  transfers: number;
  steps: number;
  ok: boolean;
  violations: number;
  buildMs: number;
  verifyMs: number;
  totalMs: number;
  peakRssMB: number;
  heapUsedMB: number;
  arrayBuffersMB: number;
}

const MB = 1024 * 1024;
const LOAD = loadavg();

/** Child: one build + verify, measured, sent back to the parent. */
function measureOnce(c: Case): Sample {
  const spec = findAlgorithm(c.algorithm);
  if (!spec) throw new Error(`unknown algorithm ${c.algorithm}`);
  const t0 = performance.now();
  const r = run(c.algorithm, { ...defaultsOf(spec.params), ...c.params, nodes: c.nodes }, CLI_LIMITS);
  const totalMs = performance.now() - t0;
  const mem = process.memoryUsage(); // taken while the result is still alive
  return {
    transfers: r.summary.transfers,
    steps: r.summary.steps,
    ok: r.report.ok,
    violations: r.report.total,
    buildMs: r.timing.buildMs,
    verifyMs: r.timing.verifyMs,
    totalMs,
    peakRssMB: (process.resourceUsage().maxRSS * 1024) / MB, // maxRSS is in KiB
    heapUsedMB: mem.heapUsed / MB,
    arrayBuffersMB: mem.arrayBuffers / MB,
  };
}

const f0 = (x: number) => x.toFixed(0);
const group = (x: number) => x.toLocaleString('en-US');

async function main() {
  if (serveChild(measureOnce)) return;
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg >= 0 ? process.argv[onlyArg + 1] : '';
  const rows: string[] = [];
  const verdicts: string[] = [];
  let failed = false;
  for (const c of CASES.filter((x) => x.algorithm.includes(only))) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const s = await measureInChild<Case, Sample>(import.meta.url, c, `${c.algorithm} N=${c.nodes}`);
      console.error(
        `  ${c.algorithm} N=${c.nodes} run ${i + 1}/${runs}: build ${s.buildMs} ms, verify ${s.verifyMs} ms, ` +
          `total ${f0(s.totalMs)} ms, peak RSS ${f0(s.peakRssMB)} MB${s.ok ? '' : ' — VERIFICATION FAILED'}`,
      );
      samples.push(s);
    }
    const ok = samples.every((s) => s.ok);
    if (!ok) failed = true;
    const m = (k: keyof Omit<Sample, 'ok'>) => median(samples.map((s) => s[k] as number));
    const total = m('totalMs');
    rows.push(
      `| ${nameOf(c)} | ${group(c.nodes)} | ${group(samples[0].transfers)} | ${group(samples[0].steps)} | ` +
        `${ok ? 'yes' : `**no** (${samples[0].violations} violations)`} | ${f0(m('buildMs'))} | ${f0(m('verifyMs'))} | ` +
        `**${f0(total)}** | ${samples.map((s) => f0(s.totalMs)).join(' / ')} | ${f0(m('peakRssMB'))} | ` +
        `${m('heapUsedMB').toFixed(1)} | ${f0(m('arrayBuffersMB'))} |`,
    );
    if (c.targetMs !== undefined)
      verdicts.push(
        `- ${nameOf(c)} N = ${c.nodes}: median total ${f0(total)} ms, target ≤ ${c.targetMs} ms — ` +
          (total <= c.targetMs ? 'met' : '**missed**'),
      );
  }

  console.log(`## Core build (\`npm run bench:core\`), median of ${runs} cold runs\n`);
  console.log(machineLines(LOAD).join('\n'));
  console.log('');
  console.log(
    '| Algorithm | N | Transfers | Steps | Verified | Build ms | Verify ms | Total ms | Runs (total ms) | Peak RSS MB | Heap used MB | ArrayBuffers MB |',
  );
  console.log('| --- | --: | --: | --: | --- | --: | --: | --: | --- | --: | --: | --: |');
  for (const r of rows) console.log(r);
  console.log('');
  console.log(verdicts.join('\n'));
  if (failed) {
    console.error('bench:core: a schedule failed verification');
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  console.error(`bench:core: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
