import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { blockLists, withBlockLists } from '../model/schedule';
import { wdmRing, type Topology } from '../model/topology';
import { defaultsOf } from '../params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { arrivalsInStep, firstArrival, heldCounts, holds, location } from './holding-queries';
import { chooseRepresentation, replay } from './replay';
import { type Holdings } from './holdings';
import { handAllGather } from '../model/hand-built.test-util';

function built(id: string, extra: Record<string, string | number>) {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return spec.build({ ...defaultsOf(spec.params), ...extra });
}

/** Every question the Holdings interface answers, asked of one representation, as plain arrays. */
function answers(h: Holdings) {
  const out: {
    counts: number[][];
    arrivals: [number, number][][];
    where: number[];
    held: boolean[];
    first: number[];
  } = { counts: [], arrivals: [], where: [], held: [], first: [] };
  for (let step = 0; step <= h.stepCount; step++) {
    out.counts.push(Array.from(heldCounts(h, step)));
    out.arrivals.push([...arrivalsInStep(h, step)].sort((a, b) => a[0] - b[0]));
    for (let blk = 0; blk < h.blockCount; blk++) {
      out.where.push(location(h, blk, step));
      for (let v = 0; v < h.nodeCount; v++) out.held.push(holds(h, v, blk, step));
    }
  }
  for (let blk = 0; blk < h.blockCount; blk++)
    for (let v = 0; v < h.nodeCount; v++) out.first.push(firstArrival(h, v, blk));
  return out;
}

function expectSameAnswers(a: Holdings, b: Holdings): void {
  expect(a.kind).not.toBe(b.kind);
  expect(b.stepCount).toBe(a.stepCount);
  expect(answers(b)).toEqual(answers(a));
}

/** A replay in the representation asked for, with the unheld sends it reported ("step:transfer:block"). */
function replayNotingUnheld(
  s: Parameters<typeof replay>[0],
  topo: Topology,
  rep: Parameters<typeof replay>[3],
) {
  const out: string[] = [];
  const h = replay(s, topo, (st, t, blk) => out.push(`${st}:${t}:${blk}`), rep);
  return { out, h };
}

describe('sparse holdings give the same answers as dense ones', () => {
  it('on all-to-all schedules (retri, bruck, static) of random small sizes and schedules', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('retri', 'bruck', 'direct-alltoall'),
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.boolean(), { maxLength: 4 }),
        (id, n, x) => {
          const b = built(id, { nodes: n, reconfigure: x.map(Number).join(',') });
          expect(chooseRepresentation(b.schedule)).toBe('sparse');
          expectSameAnswers(
            replay(b.schedule, b.topology, undefined, 'dense'),
            replay(b.schedule, b.topology, undefined, 'sparse'),
          );
        },
      ),
      { numRuns: 30 },
    );
  }, 30_000);

  it('on all-gather schedules, where blocks are copied to every node', () => {
    for (const [id, n] of [
      ['ring-allgather', 7],
      ['neighbor-exchange', 8],
      ['neighbor-exchange', 9],
    ] as const) {
      const b = built(id, { nodes: n, wavelengths: 2 });
      expect(chooseRepresentation(b.schedule)).toBe('dense');
      expectSameAnswers(
        replay(b.schedule, b.topology, undefined, 'dense'),
        replay(b.schedule, b.topology, undefined, 'sparse'),
      );
    }
  });

  it('32-bit packing (many nodes and steps) agrees too', () => {
    // Ring all-gather on 300 nodes: 9 bits of node id leave too few for 299 steps in 16 bits.
    const b = built('ring-allgather', { nodes: 300, wavelengths: 1 });
    const d = replay(b.schedule, b.topology, undefined, 'dense');
    const sp = replay(b.schedule, b.topology, undefined, 'sparse');
    const first = (h: Holdings) => {
      const out: number[] = [];
      for (let blk = 0; blk < 300; blk++) for (let v = 0; v < 300; v++) out.push(firstArrival(h, v, blk));
      return out;
    };
    expect(first(sp)).toEqual(first(d));
    for (const step of [0, 1, 150, 299])
      expect(Array.from(heldCounts(sp, step))).toEqual(Array.from(heldCounts(d, step)));
  }, 30_000);

  it('report the same unheld sends when transfers are shuffled out of order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 0, max: 1000 }), (n, seed) => {
        const b = built('retri', { nodes: n, reconfigure: '' });
        const s = b.schedule;
        // Rotate every block reference of the schedule by `seed` positions: most transfers then carry
        // blocks their sender does not hold, and both replays must report exactly the same ones.
        const ids = blockLists(s).ids.slice();
        const shift = seed % Math.max(1, ids.length);
        const rotated = ids.map((_, i) => ids[(i + shift) % ids.length]);
        const faulty = { ...s, transferBlocks: { ...blockLists(s), ids: rotated } };
        const d = replayNotingUnheld(faulty, b.topology, 'dense');
        const sp = replayNotingUnheld(faulty, b.topology, 'sparse');
        expect(sp.out).toEqual(d.out);
        for (let blk = 0; blk < s.blocks.count; blk++)
          for (let v = 0; v < s.nodeCount; v++)
            expect(firstArrival(sp.h, v, blk)).toBe(firstArrival(d.h, v, blk));
      }),
      { numRuns: 20 },
    );
  }, 30_000);

  it('the fast slot layout answers and reports exactly what the exact list layout does', () => {
    // Star multi-scatter (its rectangles written out as lists) and ReTri, sound and with rotated
    // block ids (unheld sends): both layouts must agree on every question and on every reported send.
    fc.assert(
      fc.property(
        fc.constantFrom('star-multiscatter', 'retri'),
        fc.integer({ min: 2, max: 11 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 50 }),
        (id, n, k, shift) => {
          const b = built(id, { nodes: n, 'wavelengths-per-node': k, reconfigure: '' });
          const listed = withBlockLists(b.schedule);
          const ids = listed.transferBlocks.ids;
          const rotated = ids.map((_, i) => ids[(i + shift) % ids.length]);
          const s = { ...listed, transferBlocks: { ...listed.transferBlocks, ids: rotated } };
          const slots = replayNotingUnheld(s, b.topology, 'sparse');
          const lists = replayNotingUnheld(s, b.topology, 'sparse-lists');
          expect(slots.h.kind === 'sparse' && slots.h.layout).toBe('slots');
          expect(lists.h.kind === 'sparse' && lists.h.layout).toBe('lists');
          expect(slots.out).toEqual(lists.out);
          expect(answers(slots.h)).toEqual(answers(lists.h));
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);

  it("star multi-scatter's estimate counts the entries its replay really stores", () => {
    const spec = findAlgorithm('star-multiscatter')!;
    // P = 8, k = 1: 8 · 7 = 56 messages, one word each where it ended, and the counts of 8 nodes
    // after each of h + 1 = 4 moments (start and 3 steps): 56 + 32 = 88 entries.
    const p8 = { ...defaultsOf(spec.params), nodes: 8, 'wavelengths-per-node': 1 };
    expect(spec.estimate(p8).holdingCells).toBe(88);
    for (const [nodes, k] of [
      [8, 1],
      [27, 2],
      [10, 3],
      [64, 3],
    ]) {
      const p = { ...defaultsOf(spec.params), nodes, 'wavelengths-per-node': k };
      const b = spec.build(p);
      const h = replay(b.schedule, b.topology);
      const stored = h.kind === 'route' ? h.final.length + h.snapshotCounts.length : -1;
      expect(stored).toBe(spec.estimate(p).holdingCells);
    }
  });

  it('a block copied to several nodes in one step outgrows the fast layout and is replayed exactly', () => {
    // Ring of 5, one step (room for 2 visits per block in the fast layout): node 0 sends its block to
    // 1 and to 4 (3 visits), node 2 sends block 2 to 3 twice (counted once).
    const b = handAllGather(5, 'ring-arc', { bytes: 1 });
    b.beginStep('one');
    b.addArc(0, 1, 0, 0);
    b.addArc(0, -1, 0, 0);
    b.addArc(2, 1, 0, 2);
    b.addArc(2, 1, 1, 2);
    const sched = b.finish();
    const topo = wdmRing(5, 2);
    const sparse = replay(sched, topo, undefined, 'sparse');
    expectSameAnswers(replay(sched, topo, undefined, 'dense'), sparse);
    expect(firstArrival(sparse, 4, 0)).toBe(1);
    expect(firstArrival(sparse, 3, 2)).toBe(1);
    expect(Array.from(heldCounts(sparse, 1))).toEqual([1, 2, 1, 2, 2]);
  });

  it('a block that visits a relay counts at the relay from then on, and location follows the block', () => {
    const r = run(
      'retri',
      { ...defaultsOf(findAlgorithm('retri')!.params), nodes: 9, reconfigure: '' },
      CLI_LIMITS,
    );
    const h = r.holdings;
    expect(h.kind).toBe('sparse');
    // Block B[0, 4]: offset 4 = 1 + 1·3 in balanced ternary, so it goes 0 → 1 (phase 0) → 4 (phase 1).
    const b = 0 * 9 + 4;
    expect([0, 1, 2].map((st) => location(h, b, st))).toEqual([0, 1, 4]);
    expect(holds(h, 1, b, 2)).toBe(true);
    expect(firstArrival(h, 4, b)).toBe(2);
    expect(firstArrival(h, 7, b)).toBe(h.never);
  });
});
