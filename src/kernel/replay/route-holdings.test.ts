import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StarBuilder } from '../../families/star/common';
import { findAlgorithm } from '../../registry';
import { pairBlock, pairTable } from '../model/block-pairs';
import { listedBlocks, withBlockLists } from '../model/schedule';
import { defaultsOf } from '../params/schema';
import { verify } from '../verify/verifier';
import {
  arrivalsInStep,
  firstArrival,
  forEachVisit,
  heldBlocks,
  heldCounts,
  holds,
  location,
} from './holding-queries';
import { replay } from './replay';
import { type Holdings } from './holdings';

function multiscatter(nodes: number, k: number) {
  const spec = findAlgorithm('star-multiscatter')!;
  return spec.build({ ...defaultsOf(spec.params), nodes, 'wavelengths-per-node': k });
}

/** Every question holdings answer, as plain arrays. */
function answers(h: Holdings) {
  const counts: number[][] = [];
  const arrivals: [number, number][][] = [];
  const where: number[] = [];
  const first: number[] = [];
  const visits: string[] = [];
  for (let step = 0; step <= h.stepCount; step++) {
    counts.push(Array.from(heldCounts(h, step)));
    arrivals.push([...arrivalsInStep(h, step)].sort((a, b) => a[0] - b[0]));
    for (let b = 0; b < h.blockCount; b++) where.push(location(h, b, step));
  }
  for (let b = 0; b < h.blockCount; b++) {
    for (let v = 0; v < h.nodeCount; v++)
      first.push(firstArrival(h, v, b) === h.never ? -1 : firstArrival(h, v, b));
    const seen: string[] = [];
    forEachVisit(h, b, (v, st) => seen.push(`${v}@${st}`));
    visits.push(seen.sort().join(' '));
  }
  return { counts, arrivals, where, first, visits };
}

/** A three-node star (k = 1) whose pair rectangles are given step by step: [sender, receiver, s, d][]. */
function handMade(steps: [number, number, number, number][][]) {
  const sb = new StarBuilder(
    'test',
    'multiscatter',
    3,
    1,
    pairTable(3, 3),
    { transfers: 8, blockRefs: 0, receivers: 8 },
    3,
  );
  for (const step of steps) {
    sb.b.beginStep('move');
    for (const [from, to, s, d] of step)
      sb.sendRect(from, 0, to, { sFirst: s, sCount: 1, dFirst: d, dStep: 1, dCount: 1 });
  }
  return sb.finish();
}

describe('route holdings of pair-rectangle schedules', () => {
  it('answer every question exactly as dense holdings do, for multi-scatter of many (P, k)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 18 }), fc.integer({ min: 1, max: 4 }), (p, k) => {
        const b = multiscatter(p, k);
        const route = replay(b.schedule, b.topology);
        expect(route.kind).toBe('route');
        const dense = replay(withBlockLists(b.schedule), b.topology, undefined, 'dense');
        expect(answers(route)).toEqual(answers(dense));
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('list the blocks a node holds without asking about every block', () => {
    const b = multiscatter(27, 2);
    const h = replay(b.schedule, b.topology);
    expect(h.kind).toBe('route');
    for (const [node, step] of [
      [0, 0],
      [5, 1],
      [26, 2],
      [13, 3],
    ]) {
      const all: number[] = [];
      for (let x = 0; x < h.blockCount; x++) if (holds(h, node, x, step)) all.push(x);
      expect(heldBlocks(h, node, step, 10_000).sort((x, y) => x - y)).toEqual(all);
      expect(heldBlocks(h, node, step, 7)).toHaveLength(Math.min(7, all.length));
      expect(heldCounts(h, step)[node]).toBe(all.length);
    }
  });

  it('a block table other than the pair table is replayed exactly, and checked against', () => {
    // The pair table listed, with the destinations of two messages of node 0 swapped: the routes no
    // longer fit the table.
    const b = multiscatter(9, 2);
    const s = b.schedule;
    const d = listedBlocks(s.blocks, s.nodeCount).destinations;
    if (d.kind !== 'single') throw new Error('one destination each');
    const nodes = d.nodes.slice();
    [nodes[0], nodes[1]] = [nodes[1], nodes[0]];
    const swapped = {
      ...s,
      blocks: { ...pairTable(9, 9), destinations: { kind: 'single' as const, nodes } },
    };
    // Listed but unchanged, the table is accepted: routes.
    expect(replay({ ...s, blocks: pairTable(9, 9) }, b.topology).kind).toBe('route');
    expect(replay(swapped, b.topology).kind).not.toBe('route');
    const rep = verify(swapped, b.topology).report;
    expect(rep.counts).toEqual({ postcondition: 2 });
  });

  it('a block sent by a node that does not hold it: the exact replay takes over and reports it', () => {
    // Node 1 sends (0, 2) in step 1, before anyone gave it to node 1.
    const b = handMade([[[1, 2, 0, 2]]]);
    const unheld: string[] = [];
    const h = replay(b.schedule, b.topology, (st, t, blk) => unheld.push(`${st}:${t}:${blk}`));
    expect(h.kind).not.toBe('route');
    expect(unheld).toEqual([`1:0:${pairBlock(3, 0, 2)}`]);
    const rep = verify(b.schedule, b.topology).report;
    expect(rep.counts.causality).toBe(1);
    expect(rep.violations[0]).toMatchObject({ rule: 'causality', step: 1, transfer: 0 });
  });

  it('a block sent on in the step it arrives is caught the same way', () => {
    const b = handMade([
      [
        [0, 1, 0, 2],
        [1, 2, 0, 2],
      ],
    ]);
    const rep = verify(b.schedule, b.topology).report;
    const early = rep.violations.filter((v) => v.rule !== 'postcondition');
    expect(early.map((v) => [v.rule, v.step, v.transfer])).toEqual([['causality', 1, 1]]);
  });

  it('a block that comes back to a node it left is counted once there (no routes: exact replay)', () => {
    // (0, 2): 0 → 1, back 1 → 0, then 0 → 2. Node 0 held it from the start: its count never grows.
    const b = handMade([[[0, 1, 0, 2]], [[1, 0, 0, 2]], [[0, 2, 0, 2]]]);
    const h = replay(b.schedule, b.topology);
    expect(h.kind).not.toBe('route');
    const dense = replay(withBlockLists(b.schedule), b.topology, undefined, 'dense');
    expect(answers(h)).toEqual(answers(dense));
    expect(Array.from(heldCounts(h, 3))).toEqual([2, 3, 3]);
    expect(verify(b.schedule, b.topology).report.ok).toBe(false); // the other five messages never move
  });

  it('a block sent twice in one step (two copies) is replayed exactly', () => {
    const b = handMade([
      [
        [0, 1, 0, 2],
        [0, 2, 0, 2],
      ],
    ]);
    const h = replay(b.schedule, b.topology);
    expect(h.kind).not.toBe('route');
    expect(firstArrival(h, 1, pairBlock(3, 0, 2))).toBe(1);
    expect(firstArrival(h, 2, pairBlock(3, 0, 2))).toBe(1);
  });

  it('injected faults in multi-scatter rectangles are caught with the rule and place', () => {
    const b = multiscatter(16, 3);
    const s = b.schedule;
    const tb = s.transferBlocks;
    if (tb.kind !== 'pairs') throw new Error('expected pair rectangles');
    const t = s.stepStart[1] + 5;
    const faulty = (field: 'sFirst' | 'dFirst' | 'dStep', value: number) => {
      const col = tb[field].slice();
      col[t] = value;
      return verify({ ...s, transferBlocks: { ...tb, [field]: col } }, b.topology).report;
    };
    // A destination past the last node, and a stride of 0: blocks that do not exist.
    for (const rep of [faulty('dFirst', 16), faulty('dStep', 0)]) {
      expect(rep.counts).toEqual({ 'bad-block': 1 });
      expect(rep.violations[0]).toMatchObject({ rule: 'bad-block', step: 2, transfer: t });
    }
    // Sources moved to another clique's: blocks the sender does not hold, and messages never delivered.
    const moved = faulty('sFirst', (tb.sFirst[t] + 4) % 16);
    expect(moved.counts.causality).toBe(4);
    expect(moved.violations[0]).toMatchObject({ rule: 'causality', step: 2, transfer: t });
    expect(moved.counts.postcondition).toBeGreaterThan(0);
    // A block table that does not fit the numbering.
    const small = verify({ ...s, blocks: pairTable(15, 16) }, b.topology).report;
    expect(small.counts['bad-block']).toBe(1);
    expect(small.violations.at(-1)?.message).toMatch(
      /pair blocks of 16 nodes number 240, but the block table has 210/,
    );
  });
});
