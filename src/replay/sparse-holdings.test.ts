import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../algorithms/registry';
import { allGatherBlocks, ScheduleBuilder } from '../model/schedule';
import { wdmRing } from '../model/topology';
import { defaultsOf } from '../params/schema';
import { CLI_LIMITS, run, type RunResult } from '../run';
import { verify } from '../verify/verifier';
import { arrivalOf, arrivalsInStep, heldCounts, holds, replay, type Holdings } from './holdings';

function runOf(id: string, extra: Record<string, number | string>): RunResult {
  const spec = findAlgorithm(id)!;
  return run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
}

/** Every observable of two holdings agrees: arrivals of every cell, counts and events per step. */
function expectSameHoldings(a: Holdings, b: Holdings): void {
  expect(b.never).toBe(a.never);
  for (let v = 0; v < a.nodeCount; v++)
    for (let blk = 0; blk < a.blockCount; blk++) {
      const x = arrivalOf(a, v, blk);
      if (arrivalOf(b, v, blk) !== x)
        throw new Error(`node ${v}, block ${blk}: ${x} vs ${arrivalOf(b, v, blk)}`);
    }
  for (let s = 0; s <= a.stepCount; s++) {
    expect(Array.from(heldCounts(b, s))).toEqual(Array.from(heldCounts(a, s)));
    expect([...arrivalsInStep(b, s)].sort()).toEqual([...arrivalsInStep(a, s)].sort());
  }
  expect(Array.from(b.eventStart)).toEqual(Array.from(a.eventStart));
}

describe('sparse holdings (holder lists per block)', () => {
  it('agree with the dense table on every algorithm, cell by cell and step by step', () => {
    const cases: [string, Record<string, number | string>][] = [
      ['ring-allgather', { nodes: 9, wavelengths: 2 }],
      ['neighbor-exchange', { nodes: 12, wavelengths: 2 }],
      ['neighbor-exchange', { nodes: 11, wavelengths: 1 }],
      ['star-scatter', { nodes: 20, 'wavelengths-per-node': 2 }],
      ['star-gather', { nodes: 16, 'wavelengths-per-node': 3 }],
      ['star-broadcast', { nodes: 10, 'wavelengths-per-node': 2, messages: 7, 'split-steps': 2 }],
      ['star-gossip', { nodes: 10, 'wavelengths-per-node': 2 }],
      ['star-multiscatter', { nodes: 64, 'wavelengths-per-node': 3 }],
      ['star-multiscatter', { nodes: 6, 'wavelengths-per-node': 1 }],
    ];
    for (const [id, extra] of cases) {
      const r = runOf(id, extra);
      const sparse = replay(r.schedule, r.topology, undefined, 'sparse');
      expect(sparse.sparse).toBeDefined();
      expect(sparse.arrival).toHaveLength(0);
      expect(r.holdings.sparse).toBeUndefined();
      expectSameHoldings(r.holdings, sparse);
      // Holder lists are exact: one entry per (block, holder) pair.
      let held = 0;
      for (let v = 0; v < r.holdings.nodeCount; v++)
        for (let b = 0; b < r.holdings.blockCount; b++)
          if (holds(r.holdings, v, b, r.schedule.stepCount)) held++;
      expect(sparse.sparse!.node.length).toBe(held);
    }
  });

  it('the verifier reports the same faults with either form (causality, postcondition)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('star-multiscatter', 'star-gossip', 'star-scatter', 'ring-allgather'),
        fc.integer({ min: 3, max: 30 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        fc.nat(),
        (id, n, k, pick, blockPick) => {
          const r = runOf(id, { nodes: n, 'wavelengths-per-node': k, wavelengths: k });
          const s = r.schedule;
          // Fault 1: one carried block replaced by another (usually one the sender does not hold).
          const ids = s.transferBlocks.ids.slice();
          ids[pick % ids.length] = blockPick % s.blocks.count;
          // Fault 2: the last step dropped (destinations miss what it delivered).
          const cut = { ...s, transferBlocks: { ...s.transferBlocks, ids }, stepCount: s.stepCount - 1 };
          for (const faulty of [{ ...s, transferBlocks: { ...s.transferBlocks, ids } }, cut]) {
            const dense = verify(faulty, r.topology, { holdings: 'dense' });
            const sparse = verify(faulty, r.topology, { holdings: 'sparse' });
            expect(sparse.report.counts).toEqual(dense.report.counts);
            expect(sparse.report.violations).toEqual(dense.report.violations);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('more than 65 534 steps (entries no longer pack into 32 bits) still agree', () => {
    const n = 3;
    const b = new ScheduleBuilder({
      algorithm: 'long',
      collective: 'allgather',
      nodeCount: n,
      blocks: allGatherBlocks(n, 1),
      pathKind: 'ring-arc',
      receiverKind: 'path-end',
      singleBlock: true,
    });
    for (let step = 1; step <= 70_000; step++) {
      b.beginStep('wait');
      if (step === 3) b.addArc(0, 1, 0, 0);
      if (step === 69_999) b.addArc(1, 1, 0, 0); // node 1 forwards block 0 to node 2
      if (step === 70_000) b.addArc(2, 1, 0, 1); // node 2 sends block 1, which it never got
    }
    const s = b.finish();
    const topo = wdmRing(n, 1);
    const dense = verify(s, topo, { holdings: 'dense' });
    const sparse = verify(s, topo, { holdings: 'sparse' });
    expect(sparse.holdings.never).toBe(0xffffffff);
    expect(arrivalOf(sparse.holdings, 2, 0)).toBe(69_999);
    expect(arrivalOf(sparse.holdings, 1, 0)).toBe(3);
    expect(sparse.report.violations).toEqual(dense.report.violations);
    expect(sparse.report.counts.causality).toBe(1);
    for (let v = 0; v < n; v++)
      for (let blk = 0; blk < n; blk++)
        expect(arrivalOf(sparse.holdings, v, blk)).toBe(arrivalOf(dense.holdings, v, blk));
    for (const step of [0, 2, 3, 4, 69_998, 69_999, 70_000])
      expect(Array.from(heldCounts(sparse.holdings, step))).toEqual(
        Array.from(heldCounts(dense.holdings, step)),
      );
  });

  it('auto keeps the dense table while it fits', () => {
    const r = runOf('star-multiscatter', { nodes: 27, 'wavelengths-per-node': 2 });
    expect(replay(r.schedule, r.topology).sparse).toBeUndefined();
  });
});
