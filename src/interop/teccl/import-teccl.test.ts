import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../limits';
import { importInterop } from '../import';
import { importTeccl } from './import-teccl';
import { isTecclDocument } from './parse';
import { destinationRange } from '../../kernel/model/schedule';
import { trackChunk } from '../msccl/chunk-track';

const doc = (name: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../fixtures/teccl/${name}`, import.meta.url)), 'utf8'),
  ) as Record<string, unknown>;

describe('TE-CCL output', () => {
  it('is recognised by its keys', () => {
    expect(isTecclDocument(doc('allgather-ring-4.json'))).toBe(true);
    expect(isTecclDocument(doc('alltoall-fractions-3.json'))).toBe(true);
    expect(isTecclDocument({ format: 'optical-collectives/schedule-v1' })).toBe(false);
  });

  it('all-gather: GPUs become processors in id order, the switch a vertex of its own, epochs steps', () => {
    const r = importTeccl(doc('allgather-ring-4.json'), { name: 'ag.json' });
    expect(r.ok).toBe(true);
    expect(r.collective).toBe('allgather');
    expect(r.ranks).toBe(4);
    expect(r.topology.auxCount).toBe(1);
    expect(r.schedule.stepCount).toBe(3);
    expect(r.schedule.transferCount).toBe(12);
    // The hop through switch 0 (GPU 1 → GPU 2 in epoch 0) is one transfer along two links.
    const s = r.schedule;
    const path = s.path as { offsets: Uint32Array; links: Uint32Array };
    const lengths = Array.from({ length: s.transferCount }, (_, t) => path.offsets[t + 1] - path.offsets[t]);
    expect(lengths.filter((n) => n === 2)).toHaveLength(1);
    expect(r.notes.join(' ')).toMatch(/GPUs 1 to 4 are processors 0 to 3 .* switches 0/);
  });

  it('a flow that forwards a chunk before it arrived breaks causality', () => {
    const r = importTeccl(doc('broken-causality.json'));
    expect(r.ok).toBe(false);
    expect(r.report.counts.causality).toBe(1);
  });

  it('all-to-all in fractions: accepted, said so, and each demand must add up to a whole chunk', () => {
    const r = importTeccl(doc('alltoall-fractions-3.json'));
    expect(r.collective).toBe('alltoall');
    expect(r.ok).toBe(true);
    expect(r.schedule.stepCount).toBe(2);
    const note = r.verdicts.listed.find((v) => v.rule === 'fraction');
    expect(note?.severity).toBe('note');
    expect(note?.text).toMatch(/carry part of a chunk \(the smallest 0.5\)/);
    const short = importTeccl(doc('broken-short-demand.json'));
    expect(short.ok).toBe(false);
    const v = short.verdicts.listed.find((x) => x.rule === 'demand');
    expect(v?.text).toBe('GPU 1 receives 0.5 of chunk 0 from GPU 0, not all of it');
    expect(v?.rank).toBe(1);
  });

  it('a chunk split into fractions is followed along every fraction’s path', () => {
    const r = importTeccl(doc('alltoall-fractions-3.json'));
    const b = r.schedule.blocks;
    if ('kind' in b || b.destinations.kind === 'all') throw new Error('blocks with destinations expected');
    const d = b.destinations;
    // Chunk 0 from GPU 0 for GPU 2: half straight over 0->2, half over 0->1 and then 1->2.
    const id = [...Array(b.count).keys()].find(
      (i) => b.origin[i] === 0 && d.nodes[destinationRange(d, i)[0]] === 2,
    )!;
    const t = trackChunk(r.schedule, r.topology, [id]);
    const hops = [...t.carried.keys()]
      .filter((x) => t.carried[x])
      .map(
        (x) =>
          `${r.schedule.src[x]}->${r.schedule.path.kind === 'link-list' ? r.topology.linkTo[r.schedule.path.links[r.schedule.path.offsets[x + 1] - 1]] : '?'}`,
      )
      .sort();
    expect(hops).toEqual(['0->1', '0->2', '1->2']);
    // A fraction counts as the chunk (as it is drawn): GPU 2 holds it from its first half's step.
    expect(t.arrival[2]).toBe(1);
  });

  it('on the links its flows imply, links are shared: the load is counted, no clash reported', () => {
    const r = importTeccl(doc('alltoall-fractions-3.json'));
    expect(Array.from(r.topology.linkShared).every((x) => x === 1)).toBe(true);
    expect(r.report.usage.maxLinkLoad).toBeGreaterThanOrEqual(1);
  });

  it('on a ring of its GPUs, and stretched without conflicts', () => {
    const r = importTeccl(doc('allgather-ring-4.json'), {
      network: { kind: 'ring', wavelengths: 1 },
      stretch: true,
    });
    expect(r.topology.kind).toBe('wdm-ring');
    expect(r.stretched!.report.ok).toBe(true);
  });

  it('an unreadable flow is a verdict; too few GPUs, or no JSON, one line', () => {
    const d = doc('allgather-ring-4.json');
    const r = importTeccl({ ...d, '7-Flows': [...(d['7-Flows'] as string[]), 'Chunk x went somewhere'] });
    expect(r.verdicts.listed.find((v) => v.rule === 'malformed')?.text).toMatch(
      /a flow cannot be read: "Chunk x went somewhere"/,
    );
    expect(() => importTeccl({ '7-Flows': [] })).toThrow(InputError);
    expect(() => importInterop('not json at all', { name: 'x.json' })).toThrow(
      /x.json is neither MSCCL XML nor JSON/,
    );
    expect(importInterop('{"format": "optical-collectives/schedule-v1"}')).toBeNull();
  });
});
