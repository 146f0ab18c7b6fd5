import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { asLinkLists } from '../model/link-lists';
import { type Schedule, blockLists } from '../model/schedule';
import type { ScheduleBuilder } from '../model/schedule-builder';
import { wdmRing } from '../model/topology';
import type { Topology } from '../model/topology';
import { defaultsOf } from '../params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { verify } from './verifier';
import { handAllGather } from '../model/hand-built.test-util';

/** A builder of ring arcs on n nodes (one block each unless `blockSets`), blocks as in an all-gather. */
function arcBuilder(n: number, blockSets = false): ScheduleBuilder {
  return handAllGather(n, 'ring-arc', { bytes: 1, singleBlock: !blockSets });
}

function compare(s: Schedule, topo: Topology) {
  const fast = verify(s, topo).report;
  const slow = verify(asLinkLists(s, topo), topo).report;
  expect(fast.counts).toEqual(slow.counts);
  expect(fast.violations).toEqual(slow.violations);
  expect(fast.usage).toEqual(slow.usage);
  expect(fast.checked).toEqual(slow.checked);
  return fast;
}

/**
 * The channels of a ring schedule with two clockwise arcs of transfers stepStart[step − 1] … that
 * overlap put on one wavelength (the second moved onto the first's), so that they clash.
 */
function withOverlapClash(s: Schedule, hops: ArrayLike<number>, step: number, n: number): Uint16Array {
  const [a0, a1] = [s.stepStart[step - 1], s.stepStart[step]];
  let pair: [number, number] | null = null;
  for (let t = a0; t < a1 && !pair; t++)
    for (let u = a0; u < a1; u++)
      if (u !== t && hops[t] > 0 && hops[u] > 0 && (s.src[u] - s.src[t] + n) % n < hops[t]) {
        pair = [t, u];
        break;
      }
  expect(pair).not.toBeNull();
  const channel = s.channel.slice();
  channel[pair![1]] = channel[pair![0]];
  return channel;
}

describe('verifier: long ring arcs checked by sorting report exactly what link-by-link checking reports', () => {
  // One-stage on 300 nodes with 16 wavelengths: steps of about 128 arcs averaging 75 links, long enough
  // for the sorted check.
  const spec = findAlgorithm('one-stage')!;
  const r = run('one-stage', { ...defaultsOf(spec.params), nodes: 300, wavelengths: 16 }, CLI_LIMITS);
  const s = r.schedule;
  if (s.path.kind !== 'ring-arc') throw new Error('expected arcs');
  const hops = s.path.hops;

  it('a clean schedule: same usage and counts', () => {
    const rep = compare(s, r.topology);
    expect(rep.ok).toBe(true);
    expect(rep.usage.maxLinkLoad).toBe(16);
  }, 60_000);

  it('a clash between two overlapping arcs, a channel out of range and a causality fault', () => {
    // Step 5: two clockwise arcs that overlap, the second moved onto the first's wavelength.
    const channel = withOverlapClash(s, hops, 5, 300);
    channel[s.stepStart[9]] = 20; // ≥ w = 16
    const ids = blockLists(s).ids.slice();
    const t0 = s.stepStart[0]; // in step 1 every node holds only its own block
    ids[t0] = (s.src[t0] + 7) % 300; // not its own block
    const rep = compare({ ...s, channel, transferBlocks: { offsets: null, ids } }, r.topology);
    expect(rep.counts['channel-clash']).toBeGreaterThan(0);
    expect(rep.counts['channel-range']).toBeGreaterThan(0);
    expect(rep.counts.causality).toBe(1);
  }, 60_000);
});

describe('verifier: steps of short ring arcs checked in one tight pass report what link-by-link checking reports', () => {
  // OpTree on 96 nodes as 4 × 3 × 2 × 2 × 2 with 8 wavelengths: later stages send many blocks over
  // arcs of a few hops, multi-block lightpaths included.
  const spec = findAlgorithm('optree')!;
  const r = run(
    'optree',
    { ...defaultsOf(spec.params), nodes: 96, wavelengths: 8, radices: '4,3,2,2,2' },
    CLI_LIMITS,
  );
  const s = r.schedule;
  if (s.path.kind !== 'ring-arc') throw new Error('expected arcs');
  const hops = s.path.hops;
  const last = s.stepCount;

  it('a clean schedule: same usage and counts', () => {
    expect(compare(s, r.topology).ok).toBe(true);
  });

  it('a clash between two short arcs on one wavelength, a channel out of range and a bad block', () => {
    const channel = withOverlapClash(s, hops, last, 96);
    channel[s.stepStart[last - 2]] = 9; // ≥ w = 8
    const ids = blockLists(s).ids.slice();
    ids[s.stepStart[last - 3]] = 96 * 96; // no such block
    const rep = compare({ ...s, channel, transferBlocks: { ...blockLists(s), ids } }, r.topology);
    expect(rep.counts['channel-clash']).toBeGreaterThan(0);
    expect(rep.counts['channel-range']).toBeGreaterThan(0);
    expect(rep.counts['bad-block']).toBeGreaterThan(0);
  });
});

describe('verifier: the short-arc pass on arbitrary schedules agrees with link-by-link checking', () => {
  // Random steps of short arcs in runs along one arc on consecutive wavelengths (how the staged
  // builders emit bundles), with runs that cross a 32-wavelength word, repeat a wavelength, wrap over
  // node 0, run counter-clockwise, or reach past the last wavelength; blocks are arbitrary, so
  // causality faults come along too. Whatever the fast pass accepts must be what the slow check finds
  // clean, and every fault must be reported the same way.
  const run = fc.record({
    src: fc.nat(),
    hops: fc.integer({ min: 1, max: 6 }),
    ccw: fc.boolean(),
    channel: fc.nat(),
    count: fc.integer({ min: 1, max: 20 }),
    repeat: fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
    // Blocks per lightpath when the schedule carries block sets (the link loads then count blocks).
    blocks: fc.integer({ min: 1, max: 3 }),
    block: fc.nat(),
  });
  const scenario = fc.record({
    n: fc.integer({ min: 3, max: 40 }),
    w: fc.integer({ min: 1, max: 70 }),
    blockSets: fc.boolean(),
    // A packed step gives its runs consecutive, disjoint blocks of wavelengths.
    steps: fc.array(
      fc.record({ packed: fc.boolean(), runs: fc.array(run, { minLength: 1, maxLength: 6 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
  });

  it('same counts, violations and usage', () => {
    let clean = 0;
    let faulty = 0;
    fc.assert(
      fc.property(scenario, ({ n, w, blockSets, steps }) => {
        const b = arcBuilder(n, blockSets);
        for (const { packed, runs } of steps) {
          b.beginStep('random');
          let next = 0;
          for (const r of runs) {
            const hops = Math.min(r.hops, n - 1) * (r.ccw ? -1 : 1);
            const first = packed ? next : r.channel % w;
            // A packed step stays inside the w wavelengths; others may run past the last one.
            const count = packed ? Math.min(r.count, w - next) : r.count;
            next += count;
            for (let k = 0; k < count; k++)
              // Channels may reach w (out of range); a repeat puts two lightpaths on one wavelength.
              b.addArc(
                r.src % n,
                hops,
                Math.min(first + (r.repeat && k === 1 ? 0 : k), w),
                blockSets
                  ? Array.from({ length: r.blocks }, (_, j) => (r.block + k + j) % n)
                  : (r.block + k) % n,
              );
          }
        }
        const s = b.finish();
        const rep = compare(s, wdmRing(n, w));
        if (rep.counts['channel-clash'] || rep.counts['channel-range']) faulty++;
        else clean++;
      }),
      { numRuns: 300, seed: 7 },
    );
    // Both kinds must occur: schedules whose steps the fast pass accepts, and faulty ones it hands on.
    expect(clean).toBeGreaterThan(30);
    expect(faulty).toBeGreaterThan(30);
  });
});

describe('verifier: the short-arc pass catches clashes at its edge cases', () => {
  type Run = [src: number, hops: number, first: number, count: number];

  /** One step of the given runs [src, hops, first channel, count] on a ring of n nodes, w wavelengths. */
  function oneStep(n: number, w: number, runs: Run[]) {
    const b = arcBuilder(n);
    b.beginStep('edge');
    for (const [src, hops, first, count] of runs)
      for (let k = 0; k < count; k++) b.addArc(src, hops, first + k, src);
    return compare(b.finish(), wdmRing(n, w));
  }

  // Each case: one step of two runs on a ring of n nodes and w wavelengths, and its clashing
  // link-channels (undefined: none).
  const cases: [what: string, n: number, w: number, a: Run, b: Run, clashes: number | undefined][] = [
    // 10 → 11 → 0 → 1 → 2 clockwise and 1 → 2 on λ3: they share only the link 1 → 2.
    ['past node 0, clockwise', 12, 8, [10, 4, 3, 1], [1, 1, 3, 1], 1],
    // The mirror image counter-clockwise: 1 → 0 → 11 → 10 → 9 and 10 → 9.
    ['past node 0, counter-clockwise', 12, 8, [1, -4, 3, 1], [10, -1, 3, 1], 1],
    // Touching but not sharing a link is no clash (the blocks do not make an all-gather, so not `ok`).
    ['past node 0, only touching', 12, 8, [10, 3, 3, 1], [1, 1, 3, 1], undefined],
    // Long arcs (the sorted check): 2 → … → 15 and 14 → … → 27 on λ0 share only the link 14 → 15;
    // starting at 15 they only touch.
    ['long arcs sharing one link', 40, 4, [2, 13, 0, 1], [14, 13, 0, 1], 1],
    ['long arcs only touching', 40, 4, [2, 13, 0, 1], [15, 13, 0, 1], undefined],
    // 30 → … → 39 → 0 → … → 5 and 2 → … → 14 on λ0 share the links 2 → 3, 3 → 4 and 4 → 5; long
    // enough for the sorted check, where the clash is only seen when closing the circle.
    ['long arcs, the last wrapping onto the first', 40, 4, [30, 15, 0, 1], [2, 12, 0, 1], 3],
    ['long arcs, the last wrapping short of the first', 40, 4, [30, 12, 0, 1], [2, 12, 0, 1], undefined],
    // Runs over λ28…λ31 and λ60…λ63 clash with single lightpaths on λ31 and λ63.
    ['last wavelength of the first 32-wavelength word', 16, 64, [0, 2, 28, 4], [1, 1, 31, 1], 1],
    ['last wavelength of the second word', 16, 64, [0, 2, 60, 4], [1, 1, 63, 1], 1],
    ['first wavelength past a run ending a word', 16, 64, [0, 2, 28, 4], [1, 1, 32, 1], undefined],
    // A run over λ30…λ33 spans two words; the clash is in the second.
    ['a run spanning two words', 16, 64, [0, 2, 30, 4], [1, 1, 32, 1], 1],
  ];

  it.each(cases)('%s: %s nodes, %s wavelengths, runs %j and %j: %s clashes', (_what, n, w, a, b, clashes) => {
    expect(oneStep(n, w, [a, b]).counts['channel-clash']).toBe(clashes);
  });
});
