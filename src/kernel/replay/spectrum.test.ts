import { describe, expect, it } from 'vitest';
import { type Schedule } from '../model/schedule';
import { pathLinks } from '../model/paths';
import { channelsOf, spectrumCounts } from '../model/spectrum-counts';
import { wdmRing, type Topology } from '../model/topology';
import { binSize, fillSpectrumGrid, gridShape, spectrumGrid, type SpectrumGrid } from './spectrum';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { defaultsOf, type ParamValue } from '../params/schema';
import { findAlgorithm } from '../../registry';
import { handAllGather } from '../model/hand-built.test-util';

const runOf = (id: string, p: Record<string, ParamValue>) =>
  run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...p }, CLI_LIMITS);

/** A step's busy slots, one by one, as "link:channel" strings with how often each is claimed. */
function claims(s: Schedule, topo: Topology, step: number): Map<string, number> {
  const out = new Map<string, number>();
  const route = new Uint32Array(topo.linkCount);
  const channels = channelsOf(topo);
  for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
    if (s.channel[t] >= channels) continue;
    const len = pathLinks(s, topo, t, route);
    for (let i = 0; i < len; i++) {
      const key = `${route[i]}:${s.channel[t]}`;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
  }
  return out;
}

/** Draws the whole grid at once (the painter does it in slices). */
function filled(s: Schedule, topo: Topology, step: number, g: SpectrumGrid): SpectrumGrid {
  for (const _ of fillSpectrumGrid(s, topo, step, g, 1)) void _;
  return g;
}

/** The two-fibre ring of the clash case: 0 → 3 and 2 → 4 clockwise on λ1 (link 2 twice), 5 → 3 counter-clockwise on λ0. */
function clashing(): Schedule {
  const b = handAllGather(6, 'ring-arc');
  b.beginStep('overlap');
  b.addArc(0, 3, 1, 0); // links 0, 1, 2 on λ1
  b.addArc(2, 2, 1, 2); // links 2, 3 on λ1: link 2 clashes
  b.addArc(5, -2, 0, 5); // links 6+5, 6+4 on λ0
  return b.finish();
}

describe('spectrum counts, per step, from the worker', () => {
  it('count every (link, wavelength) a lightpath crosses once, and the clockwise fibre apart', () => {
    // Ring all-gather on 4 nodes: in step 1 every node sends to its clockwise neighbour on λ0.
    const r = runOf('ring-allgather', { nodes: 4, wavelengths: 2 });
    expect(r.stepStats.spectrum.used[0]).toBe(4);
    expect(r.stepStats.spectrum.firstFibre[0]).toBe(4);
    expect(r.stepStats.spectrum.clashes[0]).toBe(0);
    expect(r.stepStats.spectrum.channels).toBe(2);
  });

  it('count a slot claimed twice as a clash, once as busy, and the counter-clockwise fibre apart', () => {
    const c = spectrumCounts(clashing(), wdmRing(6, 2));
    expect([c.used[0], c.firstFibre[0], c.clashes[0]]).toEqual([6, 4, 1]);
    // The same with 4 million wavelengths a fibre (too many slots for a table: sorted instead).
    const wide = spectrumCounts(clashing(), wdmRing(6, 1 << 22));
    expect([wide.used[0], wide.firstFibre[0], wide.clashes[0]]).toEqual([6, 4, 1]);
    // On shared links (circuits) a slot may carry several transfers: no clash.
    const shared = { ...wdmRing(6, 2), linkShared: new Uint8Array(12).fill(1) };
    expect(spectrumCounts(clashing(), shared).clashes[0]).toBe(0);
  });

  it('count ring arcs as intervals exactly as slot by slot, clashes and wrap-arounds included', () => {
    // Random arcs (seeded) on a 7-node ring with 3 wavelengths: many overlap, many wrap past node 0.
    let seed = 12345;
    const rand = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % k);
    const n = 7;
    const b = handAllGather(n, 'ring-arc');
    for (let step = 0; step < 20; step++) {
      b.beginStep(`random ${step}`);
      for (let a = 0; a < 1 + rand(12); a++) {
        const h = 1 + rand(n);
        b.addArc(rand(n), rand(2) ? h : -h, rand(3), 0);
      }
    }
    const s = b.finish();
    const topo = wdmRing(n, 3);
    const c = spectrumCounts(s, topo);
    let clashed = 0;
    for (let step = 1; step <= s.stepCount; step++) {
      const seen = claims(s, topo, step);
      const keys = [...seen.keys()];
      const clashes = [...seen.values()].reduce((x, k) => x + k - 1, 0);
      clashed += clashes;
      expect([c.used[step - 1], c.firstFibre[step - 1], c.clashes[step - 1]], `step ${step}`).toEqual([
        seen.size,
        keys.filter((k) => Number(k.split(':')[0]) < n).length,
        clashes,
      ]);
    }
    expect(clashed).toBeGreaterThan(20);
  });

  it('find no clash on the circuits static all-to-all shares (65,280 transfers on 512 circuits)', () => {
    const r = runOf('direct-alltoall', { nodes: 256 });
    expect(r.stepStats.spectrum.used[0]).toBe(512);
    expect(r.stepStats.spectrum.clashes[0]).toBe(0);
  });

  for (const [id, p] of [
    ['star-gossip', { nodes: 64, 'wavelengths-per-node': 3 }],
    ['star-scatter', { nodes: 4096, 'wavelengths-per-node': 15 }],
    ['direct-alltoall', { nodes: 16 }],
    ['otis-allreduce', { 'group-size': 16 }],
  ] as const)
    it(`${id}: agree with the step's slots counted one by one`, () => {
      const r = runOf(id, p);
      const s = r.schedule;
      for (let step = 1; step <= s.stepCount; step++) {
        const seen = claims(s, r.topology, step);
        // A second claim clashes on an exclusive link; a shared one (a circuit) carries any number.
        const clashes = [...seen]
          .filter(([key]) => r.topology.linkShared[Number(key.split(':')[0])] === 0)
          .reduce((a, [, k]) => a + k - 1, 0);
        const first = [...seen.keys()].filter((k) => Number(k.split(':')[0]) < r.topology.nodeCount).length;
        expect(r.stepStats.spectrum.used[step - 1], `step ${step}`).toBe(seen.size);
        expect(r.stepStats.spectrum.firstFibre[step - 1]).toBe(first);
        expect(r.stepStats.spectrum.clashes[step - 1]).toBe(clashes);
      }
    });
});

describe('the spectrum picture of one step', () => {
  it('has a bin per slot when there is room, marking exactly the busy ones', () => {
    const g = filled(clashing(), wdmRing(6, 2), 1, spectrumGrid(gridShape(12, 2, 2, 100, 100)));
    expect([g.cols, g.rows, g.linksPerBand, g.channels]).toEqual([6, 2, 6, 2]);
    expect(binSize(g)).toEqual({ links: 1, channels: 1 });
    const busy: string[] = [];
    for (let band = 0; band < 2; band++)
      for (let row = 0; row < 2; row++)
        for (let col = 0; col < 6; col++)
          if (g.busy[(band * 2 + row) * 6 + col]) busy.push(`${band}:${col}:λ${row}`);
    expect(busy).toEqual(['0:0:λ1', '0:1:λ1', '0:2:λ1', '0:3:λ1', '1:4:λ0', '1:5:λ0']);
  });

  it('is empty before the first step', () => {
    const g = filled(clashing(), wdmRing(6, 2), 0, spectrumGrid(gridShape(12, 2, 2, 100, 100)));
    expect(g.busy.every((x) => x === 0)).toBe(true);
  });

  it('pools slots into at most the bins asked for, busy when any slot of the bin is', () => {
    // The star of 4,096 processors with 15 wavelengths each: 8,193 links × 61,440 wavelengths.
    const r = runOf('star-scatter', { nodes: 4096, 'wavelengths-per-node': 15 });
    const g = filled(
      r.schedule,
      r.topology,
      1,
      spectrumGrid(gridShape(r.topology.linkCount, r.stepStats.spectrum.channels, 1, 800, 300)),
    );
    expect([g.cols, g.rows]).toEqual([800, 300]);
    expect(binSize(g)).toEqual({ links: 11, channels: 205 });
    const want = new Set<number>();
    for (const key of claims(r.schedule, r.topology, 1).keys()) {
      const [link, ch] = key.split(':').map(Number);
      want.add(Math.floor((ch * 300) / 61440) * 800 + Math.floor((link * 800) / 8193));
    }
    const got = new Set<number>();
    g.busy.forEach((x, i) => x && got.add(i));
    expect(got).toEqual(want);
    expect(got.size).toBeGreaterThan(0);
  });

  it('yields while it fills a big step, so that it can be drawn in slices', () => {
    const r = runOf('direct-alltoall', { nodes: 64 });
    const g = spectrumGrid(gridShape(r.topology.linkCount, 1, 1, 500, 10));
    let pauses = 0;
    for (const _ of fillSpectrumGrid(r.schedule, r.topology, 1, g, 1000)) pauses++;
    expect(pauses).toBeGreaterThan(10);
  });
});
