/**
 * ReTri benchmarks in Node: build + verify ReTri on 2187 nodes (3^7, 4.8 million blocks) with the
 * command line's pipeline (`run()`, CLI limits), each run in a fresh child process (cold start, its
 * own peak RSS), and the time to compute every speed-up heatmap. Prints Markdown to stdout.
 *
 *   npm run bench:retri                # 3 runs, median reported
 *   npm run bench:retri -- --runs 5
 *
 * A schedule that fails verification exits non-zero; the 3 s target is reported, not enforced.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/registry';
import { computeHeatmap } from '../src/families/circuit/speedup';
import { HEATMAPS } from '../src/families/circuit/heatmaps';
import { defaultsOf } from '../src/kernel/params/schema';
import { CLI_LIMITS } from '../src/limits';
import { run, RUNNER } from '../src/run';
import { machineLines, median } from './stats';

const NODES = 2187;
const RECONFIGURE = '0,1,0,1,0,1,0';
const TARGET_MS = 3000;
const MB = 1024 * 1024;

interface Sample {
  ok: boolean;
  transfers: number;
  blocks: number;
  buildMs: number;
  verifyMs: number;
  totalMs: number;
  peakRssMB: number;
  arrayBuffersMB: number;
  holdings: string;
}

function measureOnce(): Sample {
  const spec = findAlgorithm('retri');
  if (!spec) throw new Error('retri is not registered');
  const t0 = performance.now();
  const r = run('retri', { ...defaultsOf(spec.params), nodes: NODES, reconfigure: RECONFIGURE }, CLI_LIMITS);
  const totalMs = performance.now() - t0;
  const mem = process.memoryUsage();
  return {
    ok: r.report.ok,
    transfers: r.summary.transfers,
    blocks: r.schedule.blocks.count,
    buildMs: r.timing.buildMs,
    verifyMs: r.timing.verifyMs,
    totalMs,
    peakRssMB: (process.resourceUsage().maxRSS * 1024) / MB,
    arrayBuffersMB: mem.arrayBuffers / MB,
    holdings: r.holdings.kind,
  };
}

function child(): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const c = fork(fileURLToPath(import.meta.url), ['--child'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let sample: Sample | undefined;
    c.on('message', (m) => (sample = m as Sample));
    c.on('error', reject);
    c.on('exit', (code) =>
      sample && code === 0 ? resolve(sample) : reject(new Error(`child exited with ${code}`)),
    );
  });
}

async function main() {
  if (process.argv.includes('--child')) {
    const s = measureOnce();
    process.send!(s, () => process.exit(0));
    return;
  }
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 3;
  const load = loadavg();
  const samples: Sample[] = [];
  for (let k = 0; k < runs; k++) {
    const s = await child();
    console.error(
      `bench:retri: run ${k + 1}/${runs}: build ${s.buildMs} ms, verify ${s.verifyMs} ms, total ${s.totalMs.toFixed(0)} ms`,
    );
    if (!s.ok) {
      console.error('bench:retri: the schedule failed verification');
      process.exit(1);
    }
    samples.push(s);
  }
  const heat = HEATMAPS.map((d) => {
    const t0 = performance.now();
    const r = computeHeatmap(d, CLI_LIMITS, RUNNER);
    return { id: d.id, ms: performance.now() - t0, verified: r.verified, cells: r.cells.length };
  });
  const s0 = samples[0];
  const total = median(samples.map((s) => s.totalMs));
  for (const line of machineLines(load)) console.log(line);
  console.log('');
  console.log(
    '| Nodes | Blocks | Transfers | Holdings | Build ms | Verify ms | Total ms | Runs (total ms) | Peak RSS MB | ArrayBuffers MB |',
  );
  console.log(
    '| ----: | -----: | --------: | -------- | -------: | --------: | -------: | --------------- | ----------: | --------------: |',
  );
  console.log(
    `| ${NODES} | ${s0.blocks.toLocaleString('en-US')} | ${s0.transfers.toLocaleString('en-US')} | ${s0.holdings} | ` +
      `${median(samples.map((s) => s.buildMs)).toFixed(0)} | ${median(samples.map((s) => s.verifyMs)).toFixed(0)} | ` +
      `**${total.toFixed(0)}** | ${samples.map((s) => s.totalMs.toFixed(0)).join(' / ')} | ` +
      `${median(samples.map((s) => s.peakRssMB)).toFixed(0)} | ${median(samples.map((s) => s.arrayBuffersMB)).toFixed(0)} |`,
  );
  console.log('');
  console.log(
    `Target total ≤ ${TARGET_MS} ms: ${total <= TARGET_MS ? '**met**' : '**missed**'} (median ${total.toFixed(0)} ms).`,
  );
  console.log('');
  console.log('| Heatmap | Cells | Verified | ms |');
  console.log('| ------- | ----: | -------- | -: |');
  for (const h of heat)
    console.log(`| ${h.id} | ${h.cells} | ${h.verified ? 'yes' : 'NO'} | ${h.ms.toFixed(0)} |`);
}

void main();
