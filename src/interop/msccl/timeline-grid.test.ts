import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ringAllreduceXml } from '../fixtures/ring-allreduce-xml';
import { runResultOf, type InteropExtras } from '../run-result';
import { importMsccl } from './import-msccl';
import { cellSteps, firstAtOrAfter, waitBefore, type TimelineGrid } from './timeline-grid';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/msccl/${name}`, import.meta.url)), 'utf8');
const extrasOf = (text: string, options = {}) =>
  runResultOf(importMsccl(text, options), { name: 'f.xml', hash: 'h' }).extras!.interop as InteropExtras;

describe('the threadblock timeline laid out on the schedule shown', () => {
  it('ring all-gather: a row per threadblock, each step in the step its message ran', () => {
    const x = extrasOf(fixture('allgather-ring-4.xml'));
    const g = x.grid!;
    expect(g.rows).toBe(4);
    expect(Array.from(g.rowStart)).toEqual([0, 5, 10, 15, 20]);
    expect(g.columns).toBe(3);
    // Rank 0: cpy before any message, s in step 1, rcs received in 1 and sent in 2, rcs in 3, r in 3.
    expect(Array.from(g.column.subarray(0, 5))).toEqual([0, 1, 2, 3, 3]);
    expect(g.transfer[0]).toBe(-1);
    // The fused step is marked by what it sends; the last by what it receives.
    expect(g.transfer[2]).toBe(x.timeline!.sends[2]);
    expect(g.transfer[4]).toBe(x.timeline!.receives[4]);
    expect(cellSteps(g, 0, 3)).toEqual([3, 5]);
    expect(cellSteps(g, 0, 0)).toEqual([0, 1]);
    expect(firstAtOrAfter(g, 1, 2)).toBe(7);
    // Every message step sits in the step of its transfer.
    for (let i = 0; i < g.column.length; i++)
      if (g.transfer[i] >= 0) expect(g.column[i]).toBe(g.stepOfTransfer[g.transfer[i]]);
  });

  it('stretched: the columns are the stretched steps, and every message is in its stretched step', () => {
    const x = extrasOf(ringAllreduceXml(6, 2), { network: { kind: 'ring', wavelengths: 1 }, stretch: true });
    expect(x.shows).toBe('stretched');
    const g = x.grid!;
    expect(g.columns).toBe(x.steps.stretched);
    expect(g.columns).toBeGreaterThan(x.steps.imported);
    let last = 0;
    for (let r = 0; r < g.rows; r++)
      for (let i = g.rowStart[r]; i < g.rowStart[r + 1]; i++) {
        expect(g.column[i]).toBeGreaterThanOrEqual(i === g.rowStart[r] ? 0 : g.column[i - 1]);
        if (g.transfer[i] >= 0) expect(g.column[i]).toBe(g.stepOfTransfer[g.transfer[i]]);
        last = Math.max(last, g.column[i]);
      }
    expect(last).toBe(g.columns);
  });

  it('a step that never runs has no column, nor do the steps after it', () => {
    const g = extrasOf(fixture('broken-deadlock.xml')).grid!;
    const never = Array.from(g.column).filter((c) => c < 0).length;
    expect(never).toBe(4);
    for (let r = 0; r < g.rows; r++)
      for (let i = g.rowStart[r] + 1; i < g.rowStart[r + 1]; i++)
        if (g.column[i - 1] < 0) expect(g.column[i]).toBe(-1);
  });
});

describe('waits in the timeline', () => {
  const grid = (column: number[], rowStart: number[]): TimelineGrid => ({
    rows: rowStart.length - 1,
    rowStart: Uint32Array.from(rowStart),
    columns: 6,
    column: Int32Array.from(column),
    transfer: new Int32Array(column.length).fill(-1),
    stepOfTransfer: new Uint32Array(0),
  });

  it('are the idle columns between a threadblock’s steps, and from the start to its first', () => {
    // Row 0: steps in columns 1, 4, 4, 5; row 1: its first step in column 3, then one that never runs.
    const g = grid([1, 4, 4, 5, 3, -1], [0, 4, 6]);
    expect(waitBefore(g, 0, 0)).toBeNull();
    expect(waitBefore(g, 0, 1)).toEqual([2, 3]);
    expect(waitBefore(g, 0, 2)).toBeNull();
    expect(waitBefore(g, 0, 3)).toBeNull();
    expect(waitBefore(g, 1, 4)).toEqual([1, 2]);
    expect(waitBefore(g, 1, 5)).toBeNull();
  });
});
