import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { trackChunk } from '../msccl/chunk-track';
import { runResultOf } from '../run-result';
import type { InteropExtras } from '../run-result';
import { chunkPath, chunkText, filterChunks, findChunk } from './chunk-path';
import { importTeccl } from './import-teccl';

/** A TE-CCL file of the fixtures as the page's result (`stretch`: re-timed without conflicts). */
const shown = (name: string, stretch = false) => {
  const doc = JSON.parse(
    readFileSync(fileURLToPath(new URL(`../fixtures/teccl/${name}`, import.meta.url)), 'utf8'),
  ) as Record<string, unknown>;
  const r = runResultOf(importTeccl(doc, stretch ? { network: { kind: 'full' }, stretch } : {}), {
    name,
    hash: '',
  } as never);
  return { r, t: (r.extras!.interop as InteropExtras).teccl! };
};

/** The path of the chunk named `text`, its hops written `step:from->to×fraction[links]`. */
const path = (name: string, text: string, stretch = false) => {
  const { r, t } = shown(name, stretch);
  const b = findChunk(t.chunks, text);
  if (typeof b === 'string') throw new Error(b);
  const p = chunkPath(r.schedule, r.topology, b, t.fraction, t.byBlock);
  return { r, p, hops: p.hops.map((h) => `${h.step}:${h.from}->${h.to}×${h.fraction}[${h.links.length}]`) };
};

describe('following a chunk of a TE-CCL file', () => {
  it('names its chunks by source GPU and chunk (and destination GPU in an all-to-all)', () => {
    const ag = shown('track-fork-4.json').t.chunks;
    expect([...ag.source.keys()].map((b) => chunkText(ag, b)).sort()).toEqual([
      'g0.c0',
      'g1.c0',
      'g2.c0',
      'g3.c0',
    ]);
    const a2a = shown('alltoall-fractions-3.json').t.chunks;
    expect(findChunk(a2a, 'g0.c0.g2')).toBeTypeOf('number');
    expect(findChunk(a2a, 'g0.c0')).toBe('this file moves no chunk g0.c0');
    expect(findChunk(a2a, 'r0.i1')).toMatch(/^a TE-CCL chunk is written g<source GPU>\.c<chunk>/);
    expect(filterChunks(a2a, 'g0', 1)).toEqual({ blocks: [expect.any(Number)], total: 2 });
    expect(filterChunks(a2a, '', 100)).toMatchObject({ total: 6 });
    expect(filterChunks(a2a, '.g2', 100)).toMatchObject({ total: 2 });
    expect(filterChunks(a2a, 'g1.c0.g0', 100)).toMatchObject({ total: 1 });
    expect(filterChunks(a2a, 'gpu one', 9)).toMatch(/^filter by g<source GPU>/);
  });

  it('all-gather: hop by hop with its steps and links, forking at the source, whole at every GPU', () => {
    const { p, hops } = path('track-fork-4.json', 'g0.c0');
    // GPU 0 sends to 1 directly and to 2 through switch 9 (two links); GPU 1 forwards to 3.
    expect(hops).toEqual(['1:0->1×1[1]', '1:0->2×1[2]', '2:1->3×1[1]']);
    expect(p.source).toBe(0);
    expect(p.forks).toEqual([{ rank: 0, to: [1, 2] }]);
    expect(p.arrivals.map((a) => [a.rank, a.whole, a.total])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [3, 2, 1],
    ]);
  });

  it('all-to-all in fractions: each hop with the half it carries, the pieces adding up at the destination', () => {
    const { p, hops } = path('alltoall-fractions-3.json', 'g0.c0.g2');
    expect(hops).toEqual(['1:0->1×0.5[1]', '1:0->2×0.5[1]', '2:1->2×0.5[1]']);
    expect(p.forks).toEqual([{ rank: 0, to: [1, 2] }]);
    // Only GPU 2 wants it: GPU 1 relays a half and is no arrival.
    expect(p.arrivals).toEqual([
      {
        rank: 2,
        pieces: [
          { step: 1, fraction: 0.5 },
          { step: 2, fraction: 0.5 },
        ],
        total: 1,
        whole: 2,
      },
    ]);
  });

  it('a demand short of its chunk is never whole', () => {
    const { p } = path('broken-short-demand.json', 'g0.c0.g1');
    expect(p.arrivals[0].total).toBe(0.5);
    expect(p.arrivals[0].whole).toBe(-1);
  });

  it('on a stretched schedule, the fractions follow the transfers to their new steps', () => {
    const { hops } = path('alltoall-fractions-3.json', 'g0.c0.g2', true);
    expect(hops.every((h) => h.includes('×0.5'))).toBe(true);
    expect(hops).toHaveLength(3);
  });

  it('reads only the chunk’s own transfers, and finds what the whole-schedule tracking finds', () => {
    const { r, t } = shown('alltoall-fractions-3.json');
    for (let b = 0; b < t.chunks.source.length; b++) {
      const own = t.byBlock.transfers.subarray(t.byBlock.start[b], t.byBlock.start[b + 1]);
      const whole = trackChunk(r.schedule, r.topology, [b]);
      const indexed = trackChunk(r.schedule, r.topology, [b], own);
      expect(indexed.carried).toEqual(whole.carried);
      expect(indexed.arrival).toEqual(whole.arrival);
    }
  });
});
