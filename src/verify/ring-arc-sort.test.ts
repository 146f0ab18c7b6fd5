import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../algorithms/registry';
import { pathLinks } from '../model/paths';
import type { Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import { defaultsOf } from '../params/schema';
import { CLI_LIMITS, run } from '../run';
import { verify } from './verifier';

/** The same schedule with explicit link lists, which the verifier always checks link by link. */
function asLinkLists(s: Schedule, topo: Topology): Schedule {
  const offsets = new Uint32Array(s.transferCount + 1);
  const buf = new Uint32Array(topo.linkCount);
  const links: number[] = [];
  for (let t = 0; t < s.transferCount; t++) {
    const len = pathLinks(s, topo, t, buf);
    for (let i = 0; i < len; i++) links.push(buf[i]);
    offsets[t + 1] = links.length;
  }
  return { ...s, path: { kind: 'link-list', offsets, links: Uint32Array.from(links) } };
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
    const [a0, a1] = [s.stepStart[4], s.stepStart[5]];
    let pair: [number, number] | null = null;
    for (let t = a0; t < a1 && !pair; t++)
      for (let u = a0; u < a1; u++)
        if (u !== t && hops[t] > 0 && hops[u] > 0 && (s.src[u] - s.src[t] + 300) % 300 < hops[t]) {
          pair = [t, u];
          break;
        }
    expect(pair).not.toBeNull();
    const channel = s.channel.slice();
    channel[pair![1]] = channel[pair![0]];
    channel[s.stepStart[9]] = 20; // ≥ w = 16
    const ids = s.transferBlocks.ids.slice();
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
    const [a0, a1] = [s.stepStart[last - 1], s.stepStart[last]];
    let pair: [number, number] | null = null;
    for (let t = a0; t < a1 && !pair; t++)
      for (let u = a0; u < a1; u++)
        if (u !== t && hops[t] > 0 && hops[u] > 0 && (s.src[u] - s.src[t] + 96) % 96 < hops[t]) {
          pair = [t, u];
          break;
        }
    expect(pair).not.toBeNull();
    const channel = s.channel.slice();
    channel[pair![1]] = channel[pair![0]];
    channel[s.stepStart[last - 2]] = 9; // ≥ w = 8
    const ids = s.transferBlocks.ids.slice();
    ids[s.stepStart[last - 3]] = 96 * 96; // no such block
    const rep = compare({ ...s, channel, transferBlocks: { ...s.transferBlocks, ids } }, r.topology);
    expect(rep.counts['channel-clash']).toBeGreaterThan(0);
    expect(rep.counts['channel-range']).toBeGreaterThan(0);
    expect(rep.counts['bad-block']).toBeGreaterThan(0);
  });
});
