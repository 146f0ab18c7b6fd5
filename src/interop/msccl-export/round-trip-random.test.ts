/**
 * Random small Lab schedules → MSCCL XML → the importer: whatever the Lab schedule (all-gather,
 * all-to-all with relays, a scatter to random ranks), the file read back has the same messages, each
 * in the step the exported program gives it, and the verdict "verified".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFile } from '../../file-formats';
import { CLI_LIMITS } from '../../limits';
import { roundTrip } from './round-trip.test-util';

type Kind = 'allgather' | 'alltoall' | 'scatter';

/** A small deterministic generator (mulberry32), so a failing case is reproduced from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A schedule on a fully connected network (one channel a link): every step, ordered pairs picked at
 * random send a random part of what the sender held at the step's start and the receiver lacks and
 * needs (or, with relays, holds on the way); until every block is where it must be.
 */
function randomSchedule(kind: Kind, n: number, perRank: number, seed: number, relay: boolean) {
  const rnd = random(seed);
  const links: { id: number; from: number; to: number; channels: number }[] = [];
  const link: number[][] = Array.from({ length: n }, () => []);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++)
      if (a !== b) link[a][b] = links.push({ id: links.length, from: a, to: b, channels: 1 }) - 1;
  const blocks: { id: number; origin: number; to: 'all' | number[] }[] = [];
  if (kind === 'allgather') {
    for (let r = 0; r < n; r++)
      for (let j = 0; j < perRank; j++) blocks.push({ id: blocks.length, origin: r, to: 'all' });
  } else if (kind === 'alltoall') {
    for (let s = 0; s < n; s++)
      for (let d = 0; d < n; d++)
        for (let j = 0; j < perRank && s !== d; j++) blocks.push({ id: blocks.length, origin: s, to: [d] });
  } else {
    for (let j = 0; j < perRank * n; j++) {
      const to = Array.from({ length: n }, (_, r) => r).filter((r) => r !== 0 && rnd() < 0.5);
      blocks.push({ id: blocks.length, origin: 0, to: to.length ? to : [1 + (j % (n - 1))] });
    }
  }
  const held = Array.from({ length: n }, () => new Set<number>());
  for (const b of blocks) held[b.origin].add(b.id);
  const needs = (r: number, b: (typeof blocks)[number]) => b.to === 'all' || b.to.includes(r);
  const missing = () =>
    blocks.some((b) => Array.from({ length: n }, (_, r) => r).some((r) => needs(r, b) && !held[r].has(b.id)));
  const steps: { phase: string; transfers: unknown[] }[] = [];
  while (missing() && steps.length < 60) {
    const start = held.map((h) => [...h]);
    const transfers: { from: number; to: number[]; path: number[]; channel: number; blocks: number[] }[] = [];
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++) {
        if (a === b || rnd() < 0.4) continue;
        const useful = start[a].filter(
          (id) => !held[b].has(id) && (needs(b, blocks[id]) || (relay && rnd() < 0.15)),
        );
        const sent = useful.filter(() => rnd() < 0.6);
        if (!sent.length) continue;
        transfers.push({ from: a, to: [b], path: [link[a][b]], channel: 0, blocks: sent });
      }
    for (const t of transfers) for (const id of t.blocks) held[t.to[0]].add(id);
    if (transfers.length) steps.push({ phase: 'random', transfers });
  }
  const doc = { format: 'optical-collectives/schedule-v1', collective: kind, nodes: n, links, blocks, steps };
  return runFile(JSON.stringify(doc), { name: `random-${kind}-${seed}.json`, hash: 'test' }, CLI_LIMITS);
}

describe('random Lab schedules → MSCCL → back', () => {
  it('the same messages and blocks, each in its program step, and verified', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Kind>('allgather', 'alltoall', 'scatter'),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 2 }),
        fc.nat(),
        fc.boolean(),
        (kind, n, perRank, seed, relay) => {
          const r = randomSchedule(kind, n, perRank, seed, relay);
          fc.pre(r.report.ok);
          const rt = roundTrip(r);
          expect(rt.imp.verdicts.listed.filter((v) => v.severity !== 'note' && v.rule !== 'runtime')).toEqual(
            [],
          );
          expect(rt.imp.ok).toBe(true);
          for (const j of rt.imp.judged ?? []) expect(j.correct).toBe(j.checked);
          expect(rt.imported).toEqual(rt.asProgram);
          expect(rt.earlier.every((d) => d >= 0)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
