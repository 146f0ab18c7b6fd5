import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { blockCountOf, stepRange } from '../model/schedule';
import { pathLength } from '../model/paths';
import { stepStats } from '../model/step-stats';
import { defaultsOf, type ParamValues } from '../params/schema';
import { advanceCounts, heldCounts } from './holding-queries';
import type { Holdings } from './holdings';
import { countAhead, isCounted, stepCounts } from './step-counts';

const runOf = (id: string, p: ParamValues) =>
  run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...p }, CLI_LIMITS);

// One result per kind of holdings: dense (ring), counts (a reduction), route (ReTri), sparse (star).
const CASES: [string, ParamValues][] = [
  ['ring-allgather', { nodes: 8, wavelengths: 2 }],
  ['otis-allreduce', { 'group-size': 16, method: 'edn' }],
  ['retri', { nodes: 27 }],
  ['star-gossip', { nodes: 64 }],
];

/** stepCounts after step `st` holds heldCounts's counts, their extremes and the nodes that hold all. */
function expectCountsAsHeld(h: Holdings, st: number) {
  const { counts, min, max, full } = stepCounts(h, st);
  const want = heldCounts(h, st);
  expect(counts).toEqual(want);
  expect(min).toBe(Math.min(...want));
  expect(max).toBe(Math.max(...want));
  expect(full).toBe(want.filter((c) => c === h.blockCount).length);
}

describe('counts per step, shared and replayed forward', () => {
  for (const [id, p] of CASES)
    it(`${id}: counts replayed forward from any earlier step equal those replayed from a snapshot`, () => {
      const r = runOf(id, p);
      const h = r.holdings;
      const steps = r.schedule.stepCount;
      for (let from = 0; from <= steps; from++)
        for (let to = from; to <= Math.min(steps, from + 3); to++)
          expect(advanceCounts(h, heldCounts(h, from), from, to)).toEqual(heldCounts(h, to));
      expect(() => advanceCounts(h, heldCounts(h, 1), 1, 0)).toThrow(/forward only/);
    });

  it('stepCounts gives the same counts and extremes stepping forward, back and jumping', () => {
    const r = runOf('otis-allreduce', { 'group-size': 16, method: 'direct', ports: 'all' });
    const h = r.holdings;
    const steps = r.schedule.stepCount;
    const order = [0, 1, 2, 3, 2, 1, steps, 5, 6, 7, 8, 12, steps - 1];
    for (const st of order) {
      expectCountsAsHeld(h, st);
    }
    // The end of an all-reduce: every one of 256 processors holds all 256 contributions.
    expect(stepCounts(h, steps)).toMatchObject({ min: 256, max: 256, full: 256 });
  });
});

describe('counting ahead, in pieces', () => {
  for (const [id, p] of CASES)
    it(`${id}: the steps counted ahead of each step hold the same counts and extremes as heldCounts`, () => {
      const r = runOf(id, p);
      const h = r.holdings;
      const steps = r.schedule.stepCount;
      for (const st of [0, 1, 2, Math.floor(steps / 2), steps]) {
        let pauses = 0;
        for (const _ of countAhead(h, st, 3)) pauses++;
        // Pieces of 3 nodes: the first count, of every node, takes several pauses.
        if (st === 0) expect(pauses).toBeGreaterThan(h.nodeCount / 3);
        for (const next of [st + 1, steps, 0, st - 1].filter((x) => x >= 0 && x <= steps)) {
          expect(isCounted(h, next)).toBe(true);
          expectCountsAsHeld(h, next);
        }
      }
    });

  it('stepCounts answers a step counted ahead with the counts made then, without counting again', () => {
    const r = runOf('otis-allreduce', { 'group-size': 16, method: 'direct', ports: 'all' });
    const h = r.holdings;
    const steps = r.schedule.stepCount;
    expect(isCounted(h, 3)).toBe(false);
    const ahead = countAhead(h, 2);
    // Nothing is counted before the first piece is asked for.
    expect(isCounted(h, 3)).toBe(false);
    for (let x = ahead.next(); !x.done; x = ahead.next());
    expect(isCounted(h, 3) && isCounted(h, steps) && isCounted(h, 0) && isCounted(h, 1)).toBe(true);
    const three = stepCounts(h, 3);
    expect(stepCounts(h, 3)).toBe(three);
    expect(three.counts).toEqual(heldCounts(h, 3));
    // The step shown stays remembered while the next ones are counted ahead of it.
    const shown = stepCounts(h, 7);
    for (const _ of countAhead(h, 7));
    expect(stepCounts(h, 7)).toBe(shown);
  });
});

describe('step statistics counted once per schedule', () => {
  for (const [id, p] of CASES)
    it(`${id}: longest route, blocks moved and channels per step, as counted transfer by transfer`, () => {
      const r = runOf(id, p);
      const s = r.schedule;
      const stats = stepStats(s, r.topology);
      expect(r.stepStats).toEqual(stats);
      for (let step = 1; step <= s.stepCount; step++) {
        const [a, b] = stepRange(s, step);
        let longest = 0;
        let moved = 0;
        const channels = new Set<number>();
        for (let t = a; t < b; t++) {
          longest = Math.max(longest, pathLength(s, t));
          moved += blockCountOf(s, t);
          channels.add(s.channel[t]);
        }
        expect([stats.longestRoute[step - 1], stats.blocksMoved[step - 1]]).toEqual([longest, moved]);
        expect(stats.channelsUsed[step - 1]).toBe(channels.size);
      }
    });
});
