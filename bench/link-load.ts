/**
 * Link-load benchmark: what the link-load view costs for ring all-gather on 4,096 nodes (the largest
 * schedule the page takes: 16.8 million lightpaths, 8,192 links × 4,095 steps).
 *
 *   npx tsx bench/link-load.ts              # 3 runs
 *   npx tsx bench/link-load.ts --runs 5
 *
 * Prints, per run: the copy the worker takes before posting the result (linkLoadCopy), its count (linkLoadOf) next to the build and verification of the same
 * schedule, and the heatmap's image made as the page makes it (gridImage, at a 600 × 400 plot) with
 * its longest piece between two pauses (the page's painter may pause at each; its budget is 8 ms).
 */
import { loadavg } from 'node:os';
import { defaultsOf } from '../src/kernel/params/schema';
import { linkLoadOf } from '../src/kernel/replay/link-load';
import { linkLoadCopy } from '../app/worker/linkLoadPost';
import { BROWSER_LIMITS } from '../src/limits';
import { findAlgorithm } from '../src/registry';
import { run } from '../src/run';
import { gridImage } from '../app/views/linkload/linkLoadPicture';
import { machineLines, median } from './stats';

// The page's ImageData, enough of it for gridImage outside a browser.
(globalThis as { ImageData?: unknown }).ImageData ??= class {
  data: Uint8ClampedArray;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4);
  }
};

const i = process.argv.indexOf('--runs');
const RUNS = i >= 0 ? Number(process.argv[i + 1]) : 3;
const load = loadavg();
const spec = findAlgorithm('ring-allgather')!;
const rows: number[][] = [];
for (let r = 0; r < RUNS; r++) {
  const result = run('ring-allgather', { ...defaultsOf(spec.params), nodes: 4096 }, BROWSER_LIMITS);
  // The worker copies the columns the count reads, posts the result, then counts from the copies.
  const tc = performance.now();
  const copy = linkLoadCopy(result.schedule, result.topology);
  const copyMs = performance.now() - tc;
  const t0 = performance.now();
  const x = linkLoadOf(copy.schedule, copy.topology);
  const countMs = performance.now() - t0;
  const out: { image: ImageData | null } = { image: null };
  const pieces: number[] = [];
  let last = performance.now();
  const t1 = last;
  for (const _ of gridImage(x, 600, 400, [240, 240, 240], [255, 255, 255], out)) {
    pieces.push(performance.now() - last);
    last = performance.now();
  }
  pieces.push(performance.now() - last);
  const imageMs = performance.now() - t1;
  rows.push([
    result.timing.buildMs,
    result.timing.verifyMs,
    copyMs,
    countMs,
    imageMs,
    median(pieces),
    Math.max(...pieces),
    pieces.length,
  ]);
  process.stderr.write(`run ${r + 1}: ${rows[r].map((v) => v.toFixed(1)).join(' ')}\n`);
}
const col = (k: number) => median(rows.map((row) => row[k]));
console.log(machineLines(load).join('\n'));
console.log(`\nMedians over ${RUNS} runs (ms), ring all-gather N = 4096, 600 × 400 plot:\n`);
console.log(
  '| build | verify | copy (before the result) | link-load count (after it) | heatmap image | median piece | longest piece | pieces |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${[0, 1, 2, 3, 4].map((k) => col(k).toFixed(0)).join(' | ')} | ${col(5).toFixed(2)} | ${col(6).toFixed(0)} | ${col(7)} |`,
);
