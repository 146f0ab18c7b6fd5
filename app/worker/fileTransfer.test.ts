import { describe, expect, it } from 'vitest';
import { ringAllreduceXml } from '../../src/interop/fixtures/ring-allreduce-xml';
import { cellSteps, firstAtOrAfter } from '../../src/interop/msccl/timeline-grid';
import type { FileOutput } from './fileJob';
import type { WorkerResponse } from './protocol';
import { serve } from './serve';
import { WorkerClient } from './client';
import { inlineWorker } from './inline';
import { BROWSER_LIMITS } from '../../src/limits';
import { importTeccl } from '../../src/interop/teccl/import-teccl';

/** Runs the `file` job in the worker's own handler, keeping its answer and the buffers it moved. */
async function openInWorker(name: string, text: string) {
  let answer: { msg: WorkerResponse; transfer: Transferable[] } | null = null;
  const handle = serve(
    (msg, transfer = []) => {
      if (msg.kind === 'done') answer = { msg, transfer };
    },
    { warmUp: false },
  );
  handle({ kind: 'job', id: 1, type: 'file', input: { name, data: new Blob([text]), as: 'schedule' } });
  for (let i = 0; i < 200 && !answer; i++) await new Promise((go) => setTimeout(go, 10));
  if (!answer) throw new Error('no answer from the file job');
  return answer as { msg: WorkerResponse; transfer: Transferable[] };
}

describe('an MSCCL file’s findings reach the page moved, not copied', () => {
  it('every timeline and grid column is in the transfer list, and the page reads the moved columns', async () => {
    const { msg, transfer } = await openInWorker('ring.xml', ringAllreduceXml(6, 1));
    if (msg.kind !== 'done') throw new Error('not done');
    const out = msg.output as FileOutput;
    if (out.kind !== 'schedule') throw new Error('not a schedule');
    const interop = out.result.extras?.interop;
    const timeline = interop?.timeline;
    const grid = interop?.grid;
    expect(timeline && grid).toBeTruthy();
    const moved = new Set(transfer);
    const columns = [...Object.values(timeline!), ...Object.values(grid!)].filter((v: unknown) =>
      ArrayBuffer.isView(v),
    ) as ArrayBufferView[];
    expect(columns.length).toBeGreaterThan(20);
    for (const c of columns) expect(moved.has(c.buffer)).toBe(true);
    // No buffer twice (postMessage refuses a transfer list with duplicates).
    expect(moved.size).toBe(transfer.length);

    // What the page gets: the message moved as postMessage moves it; the worker's copies are emptied.
    const before = [0, 1, 2].map((c) => cellSteps(grid!, 0, c));
    const page = structuredClone(msg, { transfer });
    expect(grid!.column.length).toBe(0);
    if (page.kind !== 'done') throw new Error('not done');
    const got = page.output as FileOutput;
    if (got.kind !== 'schedule') throw new Error('not a schedule');
    const g = got.result.extras!.interop!.grid!;
    expect(g.column).toBeInstanceOf(Int32Array);
    expect(g.column.length).toBe(timeline!.steps === 0 ? 0 : g.rowStart[g.rows]);
    expect([0, 1, 2].map((c) => cellSteps(g, 0, c))).toEqual(before);
    expect(firstAtOrAfter(g, 0, 1)).toBe(before[1][0]);
  });
});

describe('TE-CCL output beyond the page’s limit', () => {
  /** A TE-CCL file of `n` flows, each one hop of a 4-GPU ring. */
  const flows = (n: number) =>
    JSON.stringify({
      '7-Flows': Array.from(
        { length: n },
        (_, i) =>
          `Chunk 0 from ${(i % 4) + 1} traveled over ${(i % 4) + 1}->${((i + 1) % 4) + 1} in epoch ${i % 3}`,
      ),
    });

  it('is refused by the page with its limit and the command line’s; the command line reads it', async () => {
    const over = flows(BROWSER_LIMITS.tecclFlows + 1);
    const c = new WorkerClient(inlineWorker);
    await expect(c.runFile({ name: 'big.json', data: new Blob([over]) })).rejects.toThrow(
      "big.json has more than 100,000 flows; the browser reads no more (the command line's check reads up to 2,000,000)",
    );
    expect(importTeccl(JSON.parse(over) as Record<string, unknown>).ranks).toBe(4);
  });
});
