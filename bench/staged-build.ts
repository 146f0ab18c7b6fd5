/**
 * Staged ring algorithms (one-stage model, OpTree): build + wavelength assignment, verification and
 * formulas timed separately, in Node, each run in a fresh child process (cold, its own peak RSS).
 *
 *   npm run bench:staged                 # 3 runs per configuration, median reported
 *   npm run bench:staged -- --runs 5
 *
 * Each child then builds and verifies the same configuration a second time: "warm" is that second
 * build + verify, with the code already compiled, as every build after the first one in a process
 * (a sweep, the explorer, a worker that has run before).
 *
 * Prints a Markdown table for docs/benchmarks.md. "Build" is spec.build(): the tree plan, every
 * stage's lightpaths, the wavelength assignment and the columnar schedule. "Verify" is the generic
 * verifier (routes, wavelength clashes, replay for causality and the postcondition). "Formulas" includes
 * the exhaustive best-tree search that the OpTree formula panel shows (memoised per N and w).
 * Exits non-zero when a schedule fails verification; a missed target is reported, not a failure.
 */
import { loadavg } from 'node:os';
import { findAlgorithm } from '../src/registry';
import { defaultsOf } from '../src/kernel/params/schema';
import { measure } from '../src/run';
import { verify } from '../src/kernel/verify/verifier';
import { measureInChild, serveChild } from './child';
import { machineLines, median } from './stats';

interface Case {
  algorithm: string;
  nodes: number;
  wavelengths: number;
  extra?: Record<string, number | string>;
  /** Target for build + verify, ms (reported, not enforced). */
  targetMs: number;
}

const CASES: Case[] = [
  // The default tree (depth 2: arities 32, 32), the best tree of the search (depth 7) and another deep one.
  { algorithm: 'optree', nodes: 1024, wavelengths: 64, extra: { depth: 2 }, targetMs: 200 },
  { algorithm: 'optree', nodes: 1024, wavelengths: 64, extra: { depth: 7 }, targetMs: 200 },
  { algorithm: 'optree', nodes: 1024, wavelengths: 64, extra: { radices: '7,3,3,3,3,2' }, targetMs: 200 },
  { algorithm: 'one-stage', nodes: 1024, wavelengths: 64, targetMs: 2000 },
];

interface Sample {
  transfers: number;
  steps: number;
  ok: boolean;
  buildMs: number;
  verifyMs: number;
  formulasMs: number;
  /** Build + verify of the same configuration again in the same process. */
  warmMs: number;
  peakRssMB: number;
}

function measureOnce(c: Case): Sample {
  const spec = findAlgorithm(c.algorithm)!;
  const p = { ...defaultsOf(spec.params), nodes: c.nodes, wavelengths: c.wavelengths, ...c.extra };
  const t0 = performance.now();
  const built = spec.build(p);
  const t1 = performance.now();
  const { report } = verify(built.schedule, built.topology);
  const t2 = performance.now();
  const { summary } = measure(spec, built.schedule, report.usage, p);
  spec.formulas(p, { ...summary, stages: built.stages });
  const t3 = performance.now();
  const again = spec.build(p);
  verify(again.schedule, again.topology);
  const warmMs = performance.now() - t3;
  return {
    transfers: built.schedule.transferCount,
    steps: built.schedule.stepCount,
    ok: report.ok,
    buildMs: t1 - t0,
    verifyMs: t2 - t1,
    formulasMs: t3 - t2,
    warmMs,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  };
}

const f0 = (x: number) => x.toFixed(0);

async function main() {
  if (serveChild(measureOnce)) return;
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;
  const load = loadavg();
  for (const line of machineLines(load)) console.log(line);
  console.log('');
  console.log(
    '| Configuration | Transfers | Steps | Verified | Build + assign ms | Verify ms | Build + verify ms (cold) | Runs (cold) | Warm ms | Runs (warm) | Formulas ms | Peak RSS MB | Target (cold / warm) |',
  );
  console.log('| --- | --: | --: | --- | --: | --: | --: | --- | --: | --- | --: | --: | --- |');
  let failed = false;
  for (const c of CASES) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++)
      samples.push(await measureInChild<Case, Sample>(import.meta.url, c, c.algorithm));
    const ok = samples.every((s) => s.ok);
    failed ||= !ok;
    const m = (k: keyof Omit<Sample, 'ok'>) => median(samples.map((s) => s[k] as number));
    const total = median(samples.map((s) => s.buildMs + s.verifyMs));
    const warm = m('warmMs');
    const verdict = (ms: number) => (ms <= c.targetMs ? 'met' : '**missed**');
    const name = `${c.algorithm} N = ${c.nodes}, w = ${c.wavelengths}${c.extra ? ` ${JSON.stringify(c.extra)}` : ''}`;
    console.log(
      `| ${name} | ${samples[0].transfers.toLocaleString('en-US')} | ${samples[0].steps} | ${ok ? 'yes' : '**no**'} | ` +
        `${f0(m('buildMs'))} | ${f0(m('verifyMs'))} | **${f0(total)}** | ${samples.map((s) => f0(s.buildMs + s.verifyMs)).join(' / ')} | ` +
        `${f0(warm)} | ${samples.map((s) => f0(s.warmMs)).join(' / ')} | ` +
        `${f0(m('formulasMs'))} | ${f0(m('peakRssMB'))} | ≤ ${c.targetMs} ms: ${verdict(total)} / ${verdict(warm)} |`,
    );
  }
  if (failed) process.exit(1);
}

main().catch((e: unknown) => {
  console.error(`bench:staged: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
