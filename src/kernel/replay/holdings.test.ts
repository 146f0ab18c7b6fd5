import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { asLinkLists } from '../model/link-lists';
import { blockLists } from '../model/schedule';
import { wdmRing } from '../model/topology';
import { defaultsOf } from '../params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { type RunResult } from '../../result';
import { rng } from '../util/rng';
import { arrivalsInStep, arrivedMask, firstArrival, heldCounts, holds } from './holding-queries';
import { MAX_HOLDING_CELLS, type Holdings } from './holdings';
import { replay } from './replay';
import { handAllGather } from '../model/hand-built.test-util';

function build(id: string, n: number, w: number): RunResult {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return run(id, { ...defaultsOf(spec.params), nodes: n, wavelengths: w }, CLI_LIMITS);
}

/** Blocks each node holds after `step`, counted one (node, block) cell at a time with `holds`. */
function bruteCounts(h: Holdings, step: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < h.nodeCount; v++) {
    let c = 0;
    for (let b = 0; b < h.blockCount; b++) if (holds(h, v, b, step)) c++;
    out.push(c);
  }
  return out;
}

const CASES: [string, number, number][] = [
  ['ring-allgather', 2, 1],
  ['ring-allgather', 7, 2],
  ['ring-allgather', 16, 4],
  ['neighbor-exchange', 2, 3],
  ['neighbor-exchange', 10, 1],
  ['neighbor-exchange', 12, 4],
  ['neighbor-exchange', 9, 2],
  ['neighbor-exchange', 15, 1],
];

/** Hand-derived: blocks every node holds after `step` (the same count at every node). */
function expectedHeld(id: string, n: number, step: number): number {
  if (step === 0) return 1; // its own block
  if (id === 'ring-allgather') return step + 1; // one new block per step
  if (n % 2 === 1) return 2 * step + 1; // relay: one new block from each side
  return Math.min(n, 2 * step); // pair swap gives 2, every later step 2 more
}

describe('holdings', () => {
  it('heldCounts matches a brute-force count from holds(), forward, backward and by random jumps', () => {
    for (const [id, n, w] of CASES) {
      const h = build(id, n, w).holdings;
      const S = h.stepCount;
      const out = new Uint32Array(n);
      for (let s = 0; s <= S; s++) expect(Array.from(heldCounts(h, s))).toEqual(bruteCounts(h, s));
      for (let s = S; s >= 0; s--) expect(Array.from(heldCounts(h, s, out))).toEqual(bruteCounts(h, s));
      const g = rng(n * 31 + w);
      for (let j = 0; j < 40; j++) {
        const s = g.int(S + 1);
        const got = heldCounts(h, s, out);
        expect(got).toBe(out); // written into the buffer it was given
        expect(Array.from(got)).toEqual(bruteCounts(h, s));
        expect(Array.from(got)).toEqual(new Array(n).fill(expectedHeld(id, n, s)));
      }
    }
  });

  it('heldCounts clamps steps outside 0..S', () => {
    const h = build('ring-allgather', 5, 1).holdings;
    expect(Array.from(heldCounts(h, -3))).toEqual([1, 1, 1, 1, 1]);
    expect(Array.from(heldCounts(h, 99))).toEqual([5, 5, 5, 5, 5]);
  });

  it('after step 0 each node holds only its own block', () => {
    for (const [id, n, w] of CASES) {
      const h = build(id, n, w).holdings;
      for (let v = 0; v < n; v++) for (let b = 0; b < n; b++) expect(holds(h, v, b, 0)).toBe(v === b);
      expect(Array.from(heldCounts(h, 0))).toEqual(new Array(n).fill(1));
    }
  });

  it('Ring: after step s node i holds exactly blocks i, i−1, …, i−s', () => {
    const n = 9;
    const h = build('ring-allgather', n, 1).holdings;
    for (let s = 0; s <= n - 1; s++)
      for (let i = 0; i < n; i++)
        for (let b = 0; b < n; b++) {
          const behind = (i - b + n) % n; // how far back round the ring block b started
          expect(holds(h, i, b, s)).toBe(behind <= s);
        }
  });

  it('arrivalsInStep: which nodes gained how many blocks', () => {
    for (const [id, n, w] of CASES) {
      const h = build(id, n, w).holdings;
      let total = 0;
      for (let s = 1; s <= h.stepCount; s++) {
        const m = arrivalsInStep(h, s);
        const gained = expectedHeld(id, n, s) - expectedHeld(id, n, s - 1);
        expect([...m.keys()].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
        for (const c of m.values()) expect(c).toBe(gained);
        for (const c of m.values()) total += c;
      }
      expect(total).toBe(n * (n - 1)); // every node gains every block but its own once
      expect(arrivalsInStep(h, 0).size).toBe(0);
      expect(arrivalsInStep(h, -1).size).toBe(0);
      expect(arrivalsInStep(h, h.stepCount + 1).size).toBe(0);
    }
  });

  it('arrivedMask marks exactly the nodes arrivalsInStep lists, with and without snapshots of every step', () => {
    for (const [id, n, w] of CASES) {
      const h = build(id, n, w).holdings;
      for (let s = -1; s <= h.stepCount + 1; s++) {
        const mask = arrivedMask(h, s);
        const listed = arrivalsInStep(h, s);
        expect(mask.length).toBe(n);
        for (let v = 0; v < n; v++) expect(mask[v], `${id} step ${s} node ${v}`).toBe(listed.has(v) ? 1 : 0);
      }
      // Without a snapshot per step the events are read instead: the same marks.
      const sparse = { ...h, snapshotStep: h.snapshotStep.subarray(0, 1) };
      for (let s = 1; s <= h.stepCount; s++) expect(arrivedMask(sparse, s)).toEqual(arrivedMask(h, s));
    }
  });

  it('large replays with count snapshots still agree with holds() around every snapshot', () => {
    // Ring of 300: 89 700 arrival events, more than one snapshot interval.
    const n = 300;
    const h = build('ring-allgather', n, 1).holdings;
    expect(h.snapshotStep.length).toBeGreaterThan(1);
    const probe = new Set<number>([0, 1, h.stepCount - 1, h.stepCount]);
    for (const snap of h.snapshotStep) for (let d = -2; d <= 2; d++) probe.add(snap + d);
    const g = rng(7);
    for (let j = 0; j < 6; j++) probe.add(g.int(h.stepCount + 1));
    const out = new Uint32Array(n);
    for (const s of [...probe].filter((x) => x >= 0 && x <= h.stepCount).sort((a, b) => b - a)) {
      expect(Array.from(heldCounts(h, s, out))).toEqual(bruteCounts(h, s));
      expect(out.every((c) => c === s + 1)).toBe(true);
    }
  });

  it('a block received twice counts once and keeps its first arrival step', () => {
    const n = 3;
    const b = handAllGather(n, 'ring-arc');
    b.beginStep('one');
    b.addArc(0, 1, 0, 0); // 0 → 1: block 0
    b.beginStep('two');
    b.addArc(0, 1, 0, 0); // again
    b.addArc(2, -1, 0, 2); // 2 → 1: block 2
    const h = replay(b.finish(), wdmRing(n, 1));
    expect(Array.from(heldCounts(h, 1))).toEqual([1, 2, 1]);
    expect(Array.from(heldCounts(h, 2))).toEqual([1, 3, 1]);
    expect(firstArrival(h, 1, 0)).toBe(1);
    expect(firstArrival(h, 1, 2)).toBe(2);
    expect(firstArrival(h, 0, 1)).toBe(h.never);
    expect(arrivalsInStep(h, 2)).toEqual(new Map([[1, 1]]));
  });

  it('replay reports unheld sends, still delivers them, and handles receiver lists', () => {
    const n = 4;
    const b = handAllGather(n, 'link-list', { singleBlock: false });
    b.beginStep('one');
    b.addTransfer(0, [0, 1, 2], [1, 2, 3], 0, [0, 3]); // block 3 is not node 0's yet
    b.beginStep('two');
    b.addTransfer(3, [3], [0], 0, [3]);
    const unheld: [number, number, number][] = [];
    const h = replay(b.finish(), wdmRing(n, 1), (s, t, blk) => unheld.push([s, t, blk]));
    expect(unheld).toEqual([[1, 0, 3]]);
    expect(holds(h, 2, 3, 1)).toBe(true);
    expect(Array.from(heldCounts(h, 1))).toEqual([1, 3, 3, 2]);
    expect(Array.from(heldCounts(h, 2))).toEqual([2, 3, 3, 2]);
  });

  it('refuses dense holdings larger than MAX_HOLDING_CELLS and goes sparse on its own', () => {
    const n = Math.ceil(Math.sqrt(MAX_HOLDING_CELLS)) + 1;
    const b = handAllGather(n, 'ring-arc', { bytes: 1 });
    const s = b.finish();
    expect(() => replay(s, wdmRing(2, 1), undefined, 'dense')).toThrow(RangeError);
    expect(replay(s, wdmRing(2, 1)).kind).toBe('sparse');
  });
});

describe('replay: one-block ring arcs take a fast path with the same result', () => {
  it('same arrivals, events, counts and unheld sends as the general replay of the same routes', () => {
    const r = run(
      'optree',
      { ...defaultsOf(findAlgorithm('optree')!.params), nodes: 40, wavelengths: 4, radices: '4,2,5' },
      CLI_LIMITS,
    );
    const s = r.schedule;
    // Corrupt two sends: a block nobody has yet in step 1, and a sender that never got its block.
    const ids = blockLists(s).ids.slice();
    ids[0] = (s.src[0] + 3) % 40;
    ids[s.stepStart[2]] = (s.src[s.stepStart[2]] + 1) % 40;
    // And one that receives its block only in the step it sends it: still too late.
    const clean = replay(s, r.topology, undefined, 'dense');
    const last = s.stepCount;
    let same = -1;
    for (let x = s.stepStart[last - 1]; x < s.stepStart[last] && same < 0; x++) {
      const v = (s.src[x] + (s.path.kind === 'ring-arc' ? s.path.hops[x] : 0) + 40) % 40;
      if (firstArrival(clean, v, ids[x]) !== last) continue;
      for (let y = s.stepStart[last - 1]; y < s.stepStart[last]; y++)
        if (s.src[y] === v) {
          ids[y] = ids[x];
          same = y;
          break;
        }
    }
    expect(same).toBeGreaterThanOrEqual(0);
    const bad = { ...s, transferBlocks: { offsets: null, ids } };
    for (const sched of [s, bad]) {
      const fastUnheld: number[][] = [];
      const slowUnheld: number[][] = [];
      const fast = replay(sched, r.topology, (...a) => fastUnheld.push(a), 'dense');
      const slow = replay(asLinkLists(sched, r.topology), r.topology, (...a) => slowUnheld.push(a), 'dense');
      expect(fast).toEqual(slow);
      expect(fastUnheld).toEqual(slowUnheld);
      if (sched === bad) expect(fastUnheld.map((u) => u[1])).toContain(same);
      else expect(fastUnheld).toEqual([]);
    }
  });
});

describe('holdings of few-step schedules: a count snapshot after every step instead of events', () => {
  it('keeps no events, and answers counts and arrivals as a cell-by-cell count does', () => {
    const cases: [string, Record<string, number | string>][] = [
      ['optree', { nodes: 64, wavelengths: 8, radices: '8,8' }], // dense, 24 steps
      ['star-gossip', { nodes: 27, 'wavelengths-per-node': 2 }], // dense, multicast
      ['star-multiscatter', { nodes: 16, 'wavelengths-per-node': 3 }], // sparse slots
    ];
    for (const [id, over] of cases) {
      const spec = findAlgorithm(id)!;
      const h = run(id, { ...defaultsOf(spec.params), ...over }, CLI_LIMITS).holdings;
      expect(h.eventNode.length).toBe(0);
      expect(Array.from(h.snapshotStep)).toEqual([...Array(h.stepCount + 1).keys()]);
      let before = bruteCounts(h, 0);
      expect(Array.from(heldCounts(h, 0))).toEqual(before);
      for (let s = 1; s <= h.stepCount; s++) {
        const after = bruteCounts(h, s);
        expect(Array.from(heldCounts(h, s))).toEqual(after);
        const gained = new Map<number, number>();
        after.forEach((c, v) => c > before[v] && gained.set(v, c - before[v]));
        expect(arrivalsInStep(h, s)).toEqual(gained);
        before = after;
      }
    }
  });
});
