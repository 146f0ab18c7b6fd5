/**
 * OTIS-Mesh all-reduce at 1,048,576 processors (P = 1024) in Node: build + verify with the command
 * line's pipeline (`run()`, CLI limits), each case in a fresh child process (cold start, its own peak
 * RSS). Prints Markdown to stdout; the targets are reported, not enforced.
 *
 *   npm run bench:otis                 # 3 runs per case, medians reported
 *   npm run bench:otis -- --runs 5
 */
import { loadavg } from 'node:os';
import { findAlgorithm } from '../src/registry';
import { defaultsOf } from '../src/kernel/params/schema';
import { CLI_LIMITS } from '../src/limits';
import { run } from '../src/run';
import { measureInChild, serveChild } from './child';
import { machineLines, median } from './stats';

interface Case {
  label: string;
  method: string;
  ports: string;
  targetMs: number;
}
interface Sample {
  ok: boolean;
  transfers: number;
  steps: number;
  buildMs: number;
  verifyMs: number;
  peakRssMB: number;
}

const CASES: Case[] = [
  { label: 'all-port EDN', method: 'edn', ports: 'all', targetMs: 1500 },
  { label: 'single-port direct', method: 'direct', ports: 'single', targetMs: 3000 },
];

function measure(c: Case): Sample {
  const spec = findAlgorithm('otis-allreduce');
  if (!spec) throw new Error('otis-allreduce is not registered');
  const params = {
    ...defaultsOf(spec.params),
    'group-size': 1024,
    method: c.method,
    ports: c.ports,
    root: 528,
    'control-group': 528,
  };
  const r = run('otis-allreduce', params, CLI_LIMITS);
  return {
    ok: r.report.ok,
    transfers: r.summary.transfers,
    steps: r.summary.steps,
    buildMs: r.timing.buildMs,
    verifyMs: r.timing.verifyMs,
    peakRssMB: (process.resourceUsage().maxRSS * 1024) / (1024 * 1024),
  };
}

async function main() {
  if (serveChild(measure)) return;
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 3;
  const load = loadavg();
  for (const line of machineLines(load)) console.log(line);
  console.log('');
  console.log('| Case | Steps | Transfers | Build ms | Verify ms | Total ms | Target | Peak RSS MB |');
  console.log('| ---- | ----: | --------: | -------: | --------: | -------: | -----: | ----------: |');
  for (const c of CASES) {
    const samples: Sample[] = [];
    for (let k = 0; k < runs; k++) {
      const s = await measureInChild<Case, Sample>(import.meta.url, c, c.label);
      if (!s.ok) throw new Error(`${c.label}: the schedule failed verification`);
      samples.push(s);
    }
    const build = median(samples.map((s) => s.buildMs));
    const verify = median(samples.map((s) => s.verifyMs));
    const total = median(samples.map((s) => s.buildMs + s.verifyMs));
    console.log(
      `| ${c.label} | ${samples[0].steps} | ${samples[0].transfers.toLocaleString('en-US')} | ${build.toFixed(0)} | ` +
        `${verify.toFixed(0)} | **${total.toFixed(0)}** | ${c.targetMs} (${total <= c.targetMs ? 'met' : 'missed'}) | ` +
        `${median(samples.map((s) => s.peakRssMB)).toFixed(0)} |`,
    );
  }
}

void main();
