import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeConfig, encodeConfig } from '../../config/url-codec';
import {
  chunkIds,
  holdersAt,
  localStepsCarrying,
  parseChunkPick,
  partsHeld,
  trackChunk,
  type ChunkContext,
} from './chunk-track';
import { importMsccl } from './import-msccl';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/msccl/${name}`, import.meta.url)), 'utf8');

function load(name: string) {
  const r = importMsccl(fixture(name), { name });
  const ctx: ChunkContext = {
    collective: r.collective,
    ranks: r.ranks,
    ...r.chunks!,
    root: r.judged?.[0]?.root ?? 0,
  };
  const track = (text: string) => {
    const pick = parseChunkPick(text);
    if (typeof pick === 'string') throw new Error(pick);
    const ids = chunkIds(pick, ctx);
    if (typeof ids === 'string') throw new Error(ids);
    return trackChunk(r.schedule, r.topology, ids);
  };
  return { r, ctx, track };
}

describe('picking a chunk', () => {
  it('reads r<rank>.i<index> and r<rank>.o<index>, and says how a pick is written otherwise', () => {
    expect(parseChunkPick('r2.i3')).toEqual({ rank: 2, buf: 'i', index: 3 });
    expect(parseChunkPick(' r0.o15 ')).toEqual({ rank: 0, buf: 'o', index: 15 });
    for (const bad of ['', 'r2.s1', '2.i3', 'r-1.i0', 'r1.i', 'r99999999.i0'])
      expect(parseChunkPick(bad)).toMatch(/a chunk is written r<rank>\.i<index>/);
  });

  it('an input chunk is one contribution; an output chunk what the collective puts there', () => {
    const ag = load('allgather-ring-4.xml').ctx;
    expect(chunkIds({ rank: 2, buf: 'i', index: 0 }, ag)).toEqual([2]);
    // All-gather: output chunk 3 of any rank is rank 3's input chunk 0.
    expect(chunkIds({ rank: 1, buf: 'o', index: 3 }, ag)).toEqual([3]);
    const ar = load('allreduce-ring-4.xml').ctx;
    // All-reduce: output chunk 1 is the sum of input chunk 1 over the four ranks.
    expect(chunkIds({ rank: 0, buf: 'o', index: 1 }, ar)).toEqual([4, 5, 6, 7]);
  });

  it('a pick beyond the file is refused with its limits', () => {
    const { ctx } = load('allgather-ring-4.xml');
    expect(chunkIds({ rank: 9, buf: 'i', index: 0 }, ctx)).toBe(
      'rank 9 is not in this file: its ranks are 0 to 3',
    );
    expect(chunkIds({ rank: 0, buf: 'i', index: 1 }, ctx)).toBe(
      'rank 0 has input chunks 0 to 0; 1 is beyond them',
    );
    expect(chunkIds({ rank: 0, buf: 'o', index: 4 }, ctx)).toBe(
      'rank 0 has output chunks 0 to 3; 4 is beyond them',
    );
    const custom = load('custom-2.xml').ctx;
    expect(chunkIds({ rank: 0, buf: 'o', index: 0 }, custom)).toMatch(
      /custom collective says nothing about its outputs/,
    );
  });
});

describe('following a chunk through the schedule', () => {
  it('ring all-gather: rank 0 input chunk goes round the ring, one rank a step', () => {
    const t = load('allgather-ring-4.xml').track('r0.i0');
    expect(t.sources).toEqual([0]);
    expect(t.destinations).toEqual([0, 1, 2, 3]);
    expect(Array.from(t.arrival)).toEqual([0, 1, 2, 3]);
    expect(holdersAt(t, 4, 0)).toEqual({ all: [0], part: [] });
    expect(holdersAt(t, 4, 2)).toEqual({ all: [0, 1, 2], part: [] });
    expect(holdersAt(t, 4, 3)).toEqual({ all: [0, 1, 2, 3], part: [] });
    expect(t.carried.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('ring all-reduce: the sum gathers its contributions, then every rank holds all of it', () => {
    const { r, track } = load('allreduce-ring-4.xml');
    const t = track('r0.o1');
    expect(t.sources).toEqual([0, 1, 2, 3]);
    expect(t.destinations).toEqual([0, 1, 2, 3]);
    // At the start each rank holds its own contribution only.
    expect(holdersAt(t, 4, 0)).toEqual({ all: [], part: [0, 1, 2, 3] });
    expect([0, 1, 2, 3].map((x) => partsHeld(t, x, 0))).toEqual([1, 1, 1, 1]);
    expect(holdersAt(t, 4, r.schedule.stepCount)).toEqual({ all: [0, 1, 2, 3], part: [] });
  });
});

describe('following a chunk along every copy and every sum (hand-written files)', () => {
  /** The timeline's steps marked as writing the chunk, as "rank.tb.step type". */
  const localMarked = (r: ReturnType<typeof importMsccl>, t: ReturnType<typeof trackChunk>) => {
    const tl = r.timeline!;
    const on = localStepsCarrying(t, tl);
    return [...on.keys()].filter((i) => on[i]).map((i) => `${tl.rank[i]}.${tl.tb[i]}.${tl.pos[i]}`);
  };

  it('a chunk copied into two cells and sent from each, then copied again and sent on: every copy', () => {
    const { r, track } = load('track-copies-3.xml');
    const t = track('r0.i0');
    // All three messages carry it: rank 0's two copies, and the copy rank 1 made of what it got.
    expect(Array.from(t.carried)).toEqual([1, 1, 1]);
    expect(holdersAt(t, 3, 1)).toEqual({ all: [0, 1, 2], part: [] });
    // The three local copies that hold it too: two on rank 0, one on rank 1.
    expect(localMarked(r, t)).toEqual(['0.0.0', '0.0.1', '1.1.0']);
    // Rank 1's own chunk never moves and no step copies it.
    const own = track('r1.i0');
    expect(Array.from(own.carried)).toEqual([0, 0, 0]);
    expect(localMarked(r, own)).toEqual([]);
  });

  it('a chunk summed into another: the messages that carry the sum carry it', () => {
    const { r, track } = load('track-reduce-3.xml');
    const t = track('r0.i0');
    expect(Array.from(t.carried)).toEqual([1, 1]);
    expect([0, 1, 2].map((x) => t.arrival[x])).toEqual([0, 1, 2]);
    // Rank 1's chunk joins the sum at rank 1: only the second message carries it.
    const mine = track('r1.i0');
    expect(Array.from(mine.carried)).toEqual([0, 1]);
    expect([0, 1, 2].map((x) => mine.arrival[x])).toEqual([-1, 0, 2]);
    expect(localMarked(r, t)).toEqual([]);
  });
});

describe('the pick in the link', () => {
  it('chunk= is read, written back as the page writes it, and a bad one is refused saying why', () => {
    const ok = decodeConfig('?v=2&file=abcdef12&chunk=r02.o1');
    expect(ok.ignored).toEqual([]);
    expect(ok.config.interop.chunk).toBe('r2.o1');
    expect(encodeConfig(ok.config)).toContain('chunk=r2.o1');
    const bad = decodeConfig('?v=2&file=abcdef12&chunk=zz');
    expect(bad.config.interop.chunk).toBe('');
    expect(bad.ignored).toEqual([
      'chunk: a chunk is written r<rank>.i<index> (an input chunk) or r<rank>.o<index> (an output chunk), e.g. r0.i1; on a TE-CCL file g<source GPU>.c<chunk>[.g<destination GPU>]; got "zz", no chunk tracked',
    ]);
  });
});
