/**
 * MSCCL import in a browser's Web Worker: the same 1.44 MB file as bench:msccl (ring all-reduce,
 * 16 ranks × 24 channels, 11,520 messages; src/interop/fixtures/ring-allreduce-xml.ts) posted to a
 * dedicated worker in headless Chromium (the system browser, same launch options as the e2e tests),
 * which runs `importMsccl` — parse, rules, pairing, replay, judge, placement, verifier — and posts
 * back its timings and a summary.
 *
 * The app's worker does more around an import (it reads and hashes the file, and moves the
 * pictures' columns to the page; bench/file-open.ts times that whole path), so to time the import
 * alone this bench bundles the importer into a worker of its own (esbuild, the way Vite bundles the
 * app's worker) and serves it with Playwright's request routing; nothing else runs in that worker. Each run is a fresh browser context, so a fresh worker and a cold import; four
 * more imports in the same worker give the warm time. Prints Markdown to stdout.
 *
 *   PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx tsx bench/msccl-worker.ts [--runs 5]
 *   npx tsx bench/msccl-worker.ts --once    # one run, for whole-process timing
 *   npx tsx bench/msccl-worker.ts --once --baseline  # the same, the worker answering without importing
 *
 * The 0.3 s target (issue 26) is reported, not enforced; a file that does not import clean exits 1.
 */
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser-path';
import { ringAllreduceXml } from '../src/interop/fixtures/ring-allreduce-xml';
import { numberArg } from './browser-kit';
import { machineLines, median } from './stats';

const RANKS = 16;
const CHANNELS = 24;
const TARGET_MS = 300;
const ORIGIN = 'http://msccl-bench.invalid';

interface Sample {
  ok: boolean;
  messages: number;
  steps: number;
  /** In the worker: the first import, and the median of four more. */
  coldMs: number;
  warmMs: number;
  /** In the page: from posting the text to the worker's answer, first import. */
  roundTripMs: number;
}

/** The worker: imports every text it is given, five times, and answers with the timings. */
const WORKER_SOURCE = `
import { importMsccl } from ${JSON.stringify(fileURLToPath(new URL('../src/interop/msccl/import-msccl.ts', import.meta.url)))};
self.onmessage = (e) => {
  const text = e.data;
  let t0 = performance.now();
  const r = importMsccl(text, { name: 'ring-allreduce.xml' });
  const coldMs = performance.now() - t0;
  self.postMessage({ first: true, ok: r.ok, messages: r.schedule.transferCount, steps: r.schedule.stepCount, coldMs });
  const warm = [];
  for (let k = 0; k < 4; k++) {
    t0 = performance.now();
    importMsccl(text, { name: 'ring-allreduce.xml' });
    warm.push(performance.now() - t0);
  }
  warm.sort((a, b) => a - b);
  self.postMessage({ first: false, warmMs: (warm[1] + warm[2]) / 2 });
};
`;

/** For whole-process timing: everything the bench does (browser, page, worker, posting the text) but the import. */
const BASELINE_SOURCE = `
self.onmessage = (e) => {
  self.postMessage({ first: true, ok: e.data.length > 0, messages: 0, steps: 0, coldMs: 0 });
  self.postMessage({ first: false, warmMs: 0 });
};
`;

async function bundleWorker(): Promise<string> {
  const out = await build({
    stdin: {
      contents: process.argv.includes('--baseline') ? BASELINE_SOURCE : WORKER_SOURCE,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return out.outputFiles[0].text;
}

async function main() {
  const runs = process.argv.includes('--once') ? 1 : numberArg('--runs', 5);
  const text = ringAllreduceXml(RANKS, CHANNELS);
  const worker = await bundleWorker();
  const load = loadavg();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const samples: Sample[] = [];
  try {
    for (let k = 0; k < runs; k++) {
      const context = await browser.newContext();
      await context.route(`${ORIGIN}/**`, (route) => {
        const js = route.request().url().endsWith('.js');
        return route.fulfill({
          contentType: js ? 'text/javascript' : 'text/html',
          body: js ? worker : '<!doctype html><title>MSCCL import in a worker</title>',
        });
      });
      const page = await context.newPage();
      await page.goto(`${ORIGIN}/`);
      const s = await page.evaluate(
        (t) =>
          new Promise<Sample>((resolve, reject) => {
            const w = new Worker('/import.js');
            let first: Omit<Sample, 'warmMs'> | undefined;
            const t0 = performance.now();
            w.onerror = (e) => reject(new Error(e.message));
            w.onmessage = (e: MessageEvent) => {
              const d = e.data as Sample & { first: boolean };
              if (d.first)
                first = {
                  ok: d.ok,
                  messages: d.messages,
                  steps: d.steps,
                  coldMs: d.coldMs,
                  roundTripMs: performance.now() - t0,
                };
              else resolve({ ...first!, warmMs: d.warmMs });
            };
            w.postMessage(t);
          }),
        text,
      );
      await context.close();
      console.error(
        `bench:msccl-worker: run ${k + 1}/${runs}: cold ${s.coldMs.toFixed(0)} ms (round trip ${s.roundTripMs.toFixed(0)} ms), warm ${s.warmMs.toFixed(0)} ms`,
      );
      if (!s.ok) {
        console.error('bench:msccl-worker: the file did not import clean');
        process.exitCode = 1;
        return;
      }
      samples.push(s);
    }
  } finally {
    await browser.close();
  }
  if (process.argv.includes('--once')) return;
  const cold = median(samples.map((s) => s.coldMs));
  for (const line of machineLines(load)) console.log(line);
  console.log(`- Chromium: ${browser.version()} (${chromiumPath()})`);
  console.log('');
  console.log('| File | Messages | Steps | Cold ms (worker) | Post → answer ms | Warm ms | Runs (cold ms) |');
  console.log('| ---: | -------: | ----: | ---------------: | ---------------: | ------: | -------------- |');
  console.log(
    `| ${(text.length / 1e6).toFixed(2)} MB | ${samples[0].messages.toLocaleString('en-US')} | ${samples[0].steps} | ` +
      `**${cold.toFixed(0)}** | ${median(samples.map((s) => s.roundTripMs)).toFixed(0)} | ` +
      `${median(samples.map((s) => s.warmMs)).toFixed(0)} | ${samples.map((s) => s.coldMs.toFixed(0)).join(' / ')} |`,
  );
  console.log('');
  console.log(
    `Target (issue 26): import, replay and verify in ≤ ${TARGET_MS} ms in the worker — median cold ${cold.toFixed(0)} ms: ${cold <= TARGET_MS ? 'met' : 'missed'} on this machine at this load.`,
  );
}

void main();
