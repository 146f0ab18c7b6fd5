import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../src/registry';
import { defaultsOf } from '../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import { type RunResult } from '../../src/result';
import { firstArrival } from '../../src/kernel/replay/holding-queries';
import { PALETTES } from '../lib/colors';
import { MatrixImage } from './matrixImage';

const { empty: EMPTY, held: HELD } = PALETTES.light.holdingStates;

function result(id: string, extra: Record<string, number | string>): RunResult {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
}

/** The picture of `step` painted from scratch, in one go. */
function fresh(r: RunResult, step: number): Uint8ClampedArray {
  const m = new MatrixImage(r);
  m.moveTo(step);
  return m.data;
}

/** Index of the first byte where two pictures differ, or −1 (toEqual on millions of bytes is slow). */
function firstDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** A pooled picture by its definition: each pixel shaded by the share of its f × f cells held. */
function pooledByDefinition(r: RunResult, f: number, step: number): Uint8ClampedArray {
  const h = r.holdings;
  const w = Math.ceil(h.blockCount / f);
  const ht = Math.ceil(h.nodeCount / f);
  const out = new Uint8ClampedArray(w * ht * 4);
  for (let py = 0; py < ht; py++)
    for (let px = 0; px < w; px++) {
      let held = 0;
      let cells = 0;
      for (let v = py * f; v < Math.min(h.nodeCount, (py + 1) * f); v++)
        for (let b = px * f; b < Math.min(h.blockCount, (px + 1) * f); b++) {
          cells++;
          if (firstArrival(h, v, b) <= step) held++;
        }
      const t = held / cells;
      for (let c = 0; c < 3; c++) out[(py * w + px) * 4 + c] = EMPTY[c] + (HELD[c] - EMPTY[c]) * t;
      out[(py * w + px) * 4 + 3] = 255;
    }
  return out;
}

describe('MatrixImage', () => {
  it('pooled pictures, dense (row by row) and route (column by column), match the definition', () => {
    for (const [id, p, kind] of [
      ['star-gossip', { nodes: 1030, 'wavelengths-per-node': 1, messages: 1 }, 'dense'],
      ['star-multiscatter', { nodes: 40, 'wavelengths-per-node': 3 }, 'route'],
    ] as const) {
      const r = result(id, p);
      const m = new MatrixImage(r);
      expect([m.pool, r.holdings.kind]).toEqual([2, kind]);
      for (let step = 0; step <= r.schedule.stepCount; step++) {
        m.moveTo(step);
        expect(firstDifference(m.data, pooledByDefinition(r, m.pool, step))).toBe(-1);
      }
    }
  }, 60_000);

  // Pooled (more than 1024 nodes: 4 × 4 cells a pixel) with dense holdings, pooled with sparse ones,
  // and one pixel per cell.
  const cases: [string, Record<string, number | string>][] = [
    ['star-gossip', { nodes: 1030, 'wavelengths-per-node': 1, messages: 1 }],
    ['retri', { nodes: 81, reconfigure: '' }],
    ['star-multiscatter', { nodes: 40, 'wavelengths-per-node': 3 }],
    ['ring-allgather', { nodes: 12 }],
  ];

  it.each(cases)(
    '%s: stepping (incremental or sliced) paints what a fresh full repaint paints',
    (id, p) => {
      const r = result(id, p);
      const S = r.schedule.stepCount;
      const m = new MatrixImage(r);
      // Forwards, backwards, jumps and a repeat; every slice as short as it can be (one row a call).
      for (const step of [0, 1, S, 2, S - 1, 0, S, S, 1]) {
        const st = Math.max(0, Math.min(S, step));
        m.begin(st);
        let calls = 0;
        while (!m.work(0)) calls++;
        expect(calls).toBeLessThanOrEqual(Math.max(m.width, m.height));
        expect(m.pending).toBe(false);
        expect(firstDifference(m.data, fresh(r, st))).toBe(-1);
      }
    },
    60_000,
  );

  it('a newer step far from the one being repainted restarts the sliced repaint and still ends right', () => {
    const r = result('star-gossip', { nodes: 1030, 'wavelengths-per-node': 1, messages: 1 });
    const S = r.schedule.stepCount;
    const m = new MatrixImage(r);
    m.begin(S);
    m.work(0);
    expect(m.pending).toBe(true);
    m.begin(1);
    m.work(Infinity);
    expect(firstDifference(m.data, fresh(r, 1))).toBe(-1);
  }, 60_000);

  it('steps that move a little during a sliced repaint do not restart it, and it ends on the last step', () => {
    // Playing at full speed: the step moves on every frame, before a full repaint's last slice.
    const r = result('ring-allgather', { nodes: 64 });
    const m = new MatrixImage(r);
    m.begin(1); // the first picture is a full repaint: 64 rows
    let step = 1;
    while (m.pending && step < 60) {
      m.work(0); // two rows a frame
      m.work(0);
      m.begin(++step);
    }
    // Restarted on every step, it would never finish; carried on, it takes 32 frames.
    expect(m.pending).toBe(false);
    expect(step).toBe(33);
    expect(firstDifference(m.data, fresh(r, step))).toBe(-1);
  }, 60_000);
});
