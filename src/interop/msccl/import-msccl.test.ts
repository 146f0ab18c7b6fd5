import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../limits';
import { ringAllreduceXml } from '../fixtures/ring-allreduce-xml';
import type { InteropImport } from '../result';
import type { Verdict, VerdictRule } from '../verdicts';
import { importMsccl } from './import-msccl';
import { MAX_MSCCL_CHARS } from './parse';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../fixtures/msccl/${name}`, import.meta.url)), 'utf8');
const load = (name: string, options = {}) => importMsccl(fixture(name), { name, ...options });
const rulesOf = (r: InteropImport, severity = 'error') =>
  [...new Set(r.verdicts.listed.filter((v) => v.severity === severity).map((v) => v.rule))].sort();
const first = (r: InteropImport, rule: VerdictRule): Verdict => {
  const v = r.verdicts.listed.find((x) => x.rule === rule);
  expect(v, `a ${rule} verdict`).toBeDefined();
  return v!;
};

describe('MSCCL files that implement their collective', () => {
  const cases: [string, string, number, number][] = [
    ['allgather-ring-4.xml', 'allgather', 3, 12],
    ['allreduce-ring-4.xml', 'allreduce', 6, 24],
    ['alltoall-3.xml', 'alltoall', 1, 6],
    ['broadcast-3.xml', 'broadcast', 1, 2],
    ['reduce-2.xml', 'reduce', 1, 1],
    ['reduce-scatter-2.xml', 'reduce_scatter', 1, 2],
    ['good-exchange-2.xml', 'allgather', 1, 2],
  ];
  it.each(cases)(
    '%s: verified, every output chunk right, steps = the longest chain',
    (name, coll, steps, transfers) => {
      const r = load(name);
      expect(r.verdicts.errors).toBe(0);
      expect(r.report.ok).toBe(true);
      expect(r.ok).toBe(true);
      expect(r.collective).toBe(coll);
      expect(r.schedule.stepCount).toBe(steps);
      expect(r.schedule.transferCount).toBe(transfers);
      for (const j of r.judged!) {
        expect(j.checked).toBeGreaterThan(0);
        expect(j.correct).toBe(j.checked);
      }
    },
  );

  it('ring all-gather: message k of rank r goes in step k, to the next rank, with chunk r − k + 1', () => {
    const r = load('allgather-ring-4.xml');
    const s = r.schedule;
    for (let step = 1; step <= 3; step++)
      for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
        const src = s.src[t];
        const ids = (s.transferBlocks as { ids: Uint32Array; offsets: Uint32Array }).ids;
        const block = ids[(s.transferBlocks as { offsets: Uint32Array }).offsets[t]];
        // Block j·R + r is input chunk j of rank r; every rank has one input chunk.
        expect(block % 4).toBe((src - step + 1 + 4) % 4);
      }
  });

  it('reads the root of a broadcast and a reduce off the data flow', () => {
    expect(load('broadcast-3.xml').judged![0].root).toBe(1);
    expect(load('reduce-2.xml').judged![0].root).toBe(0);
  });

  it('a custom collective is replayed and not judged', () => {
    const r = load('custom-2.xml');
    expect(r.judged![0].checked).toBe(0);
    expect(r.verdicts.errors).toBe(0);
    expect(r.schedule.transferCount).toBe(1);
  });

  it('ring all-reduce: a reduction whose blocks are contributions, not checked by the per-processor rules', () => {
    const r = load('allreduce-ring-4.xml');
    expect(r.schedule.chunkedReduction).toBe(true);
    expect(r.report.counts['split-partial']).toBeUndefined();
    // The last message of chunk c carries the full sum: every rank's contribution to it.
    const s = r.schedule;
    const tb = s.transferBlocks as { ids: Uint32Array; offsets: Uint32Array };
    const t = s.stepStart[3]; // step 4: the first messages of the all-gather half
    expect(tb.offsets[t + 1] - tb.offsets[t]).toBe(4);
  });

  it('an in-place file that also claims out-of-place is judged both ways', () => {
    const text = fixture('allreduce-ring-4.xml').replace('outofplace="0"', 'outofplace="1"');
    const r = importMsccl(text);
    expect(r.judged!.map((j) => j.mode)).toEqual(['in-place', 'out-of-place']);
    // Out of place, the output buffer is never written: every chunk is wrong there.
    expect(r.judged![1].correct).toBe(0);
    expect(r.verdicts.listed.some((v) => v.rule === 'collective' && v.text.includes('(out-of-place)'))).toBe(
      true,
    );
  });

  it('a 1.5 MB ring all-reduce (16 ranks, 11,520 messages) imports clean in 30 steps', () => {
    const text = ringAllreduceXml(16, 24);
    expect(text.length).toBeGreaterThan(1_400_000);
    const r = importMsccl(text);
    expect(r.ok).toBe(true);
    expect(r.schedule.transferCount).toBe(11_520);
    expect(r.schedule.stepCount).toBe(30);
  });
});

describe('MSCCL files that break a rule: a verdict where it happens', () => {
  const cases: [string, VerdictRule[], { rule: VerdictRule; rank?: number; tb?: number; step?: number }][] = [
    ['broken-connection.xml', ['connection'], { rule: 'connection', rank: 0 }],
    [
      'broken-unmatched.xml',
      ['blocked', 'collective', 'unmatched'],
      { rule: 'unmatched', rank: 0, tb: 0, step: 2 },
    ],
    [
      'broken-pair-count.xml',
      ['empty-read', 'pair-mismatch'],
      { rule: 'pair-mismatch', rank: 1, tb: 0, step: 2 },
    ],
    [
      'broken-deadlock.xml',
      ['blocked', 'collective', 'deadlock'],
      { rule: 'deadlock', rank: 0, tb: 0, step: 1 },
    ],
    [
      'broken-dependency-cycle.xml',
      ['blocked', 'collective', 'deadlock'],
      { rule: 'deadlock', rank: 0, tb: 0, step: 0 },
    ],
    [
      'broken-bounds.xml',
      ['bounds', 'collective', 'empty-read'],
      { rule: 'bounds', rank: 0, tb: 0, step: 0 },
    ],
    [
      'broken-limits.xml',
      ['bounds', 'empty-read', 'limit', 'race', 'structure'],
      { rule: 'limit', rank: 0, tb: 0 },
    ],
    // The replay ran the send first, so it also reads an empty chunk.
    ['broken-race-read.xml', ['collective', 'empty-read', 'race'], { rule: 'race', rank: 0 }],
    ['broken-race-write.xml', ['race'], { rule: 'race', rank: 1 }],
    ['broken-wrong-coll.xml', ['chunks', 'collective'], { rule: 'collective', rank: 0, tb: 0, step: 0 }],
    ['broken-double-count.xml', ['double-count'], { rule: 'double-count', rank: 0, tb: 0, step: 3 }],
    [
      'broken-malformed.xml',
      ['collective', 'empty-read', 'malformed', 'unmatched'],
      { rule: 'malformed', rank: 0, tb: 0, step: 0 },
    ],
    ['broken-missing-gpu.xml', ['chunks', 'collective', 'structure'], { rule: 'structure', rank: 2 }],
    ['broken-nop-chain.xml', ['dependency'], { rule: 'dependency', rank: 0, tb: 0, step: 1 }],
    [
      'broken-peer.xml',
      ['blocked', 'collective', 'peer', 'unmatched'],
      { rule: 'peer', rank: 0, tb: 0, step: 1 },
    ],
    ['broken-residual-add.xml', ['empty-read', 'runtime'], { rule: 'runtime', rank: 0, tb: 0, step: 0 }],
    [
      'broken-signal-never.xml',
      ['blocked', 'collective', 'signal'],
      { rule: 'signal', rank: 0, tb: 0, step: 0 },
    ],
    ['broken-empty-read.xml', ['collective', 'empty-read'], { rule: 'empty-read', rank: 0, tb: 0, step: 0 }],
  ];
  it.each(cases)('%s', (name, rules, at) => {
    const r = load(name);
    expect(r.ok).toBe(false);
    expect(rulesOf(r)).toEqual(rules);
    const v = first(r, at.rule);
    expect(v.severity).toBe('error');
    for (const key of ['rank', 'tb', 'step'] as const)
      if (at[key] !== undefined) expect(v[key]).toBe(at[key]);
  });

  it('a race names both steps and the chunk; the same file with its dependency has none', () => {
    const read = first(load('broken-race-read.xml'), 'race');
    expect(read.text).toMatch(
      /rank 0, threadblock 1, step 0: "cpy" and threadblock 0, step 0 \("s"\) both use output chunk 0/,
    );
    const write = load('broken-race-write.xml').verdicts.listed.filter((v) => v.rule === 'race');
    expect(write.map((v) => v.text).join('\n')).toMatch(
      /"cpy" and threadblock 0, step 0 \("cpy"\) both use output chunk 1/,
    );
    expect(rulesOf(load('good-exchange-2.xml'))).not.toContain('race');
  });

  it('a deadlock names the threadblocks that wait for each other', () => {
    const v = first(load('broken-deadlock.xml'), 'deadlock');
    expect(v.text).toMatch(
      /rank 0 threadblock 0 \(step 1\), which waits for rank 1 threadblock 0 \(step 2\)/,
    );
  });

  it('a pair that disagrees is marked on its Lab transfer and step', () => {
    const v = first(load('broken-pair-count.xml'), 'pair-mismatch');
    expect(v.transfer).toBeGreaterThanOrEqual(0);
    expect(v.labStep).toBe(1);
  });

  it('a double count names the contribution and its message', () => {
    const v = first(load('broken-double-count.xml'), 'double-count');
    expect(v.text).toMatch(/chunk 0 of rank 1 into chunk 0 again/);
  });

  it('the wrong collective: each output chunk says what it needs and what it holds', () => {
    const v = first(load('broken-wrong-coll.xml'), 'collective');
    expect(v.text).toMatch(/allreduce needs the sum of chunk 0 over all 2 ranks; it holds chunk 0 of rank 0/);
  });
});

describe('warnings leave a file usable', () => {
  it.each([
    ['warn-no-sizes.xml', 'sizes', /no minBytes, maxBytes, outofplace/],
    ['warn-order.xml', 'order', /s="5" but it is step 0/],
    ['warn-signal-late.xml', 'signal', /waits until step 1, the next that does/],
    ['reduce-scatter-2.xml', 'runtime', /read by microsoft\/msccl only/],
  ] as const)('%s: a %s warning', (name, rule, text) => {
    const r = load(name);
    expect(r.ok).toBe(true);
    expect(r.verdicts.errors).toBe(0);
    const v = first(r, rule);
    expect(v.severity).toBe('warning');
    expect(v.text).toMatch(text);
  });

  it('a wait on a step that does not signal lasts until the next one that does', () => {
    // Threadblock 0's send waits for threadblock 1's receive (its step 1), so it goes in step 2.
    expect(load('warn-signal-late.xml').schedule.stepCount).toBe(2);
    expect(load('good-exchange-2.xml').schedule.stepCount).toBe(1);
  });

  it('elements the runtime does not read are a note', () => {
    const text = fixture('good-exchange-2.xml').replace(
      '<gpu id="0" i_chunks="1" o_chunks="2" s_chunks="0">',
      '$&<copy i_off="0" o_off="0"/>',
    );
    const r = importMsccl(text);
    expect(r.ok).toBe(true);
    expect(first(r, 'ignored').text).toMatch(/1 <copy> element ignored/);
  });
});

describe("the runtimes' limits", () => {
  const oneTb = (steps: number) => {
    const body = Array.from(
      { length: steps },
      (_, s) =>
        `<step s="${s}" type="nop" srcbuf="i" srcoff="-1" dstbuf="o" dstoff="-1" cnt="0" depid="-1" deps="-1" hasdep="0"/>`,
    ).join('');
    return `<algo name="n" proto="Simple" nchannels="1" nchunksperloop="1" ngpus="1" coll="custom" inplace="0" outofplace="1" minBytes="0" maxBytes="1"><gpu id="0" i_chunks="1" o_chunks="1" s_chunks="0"><tb id="0" send="-1" recv="-1" chan="0">${body}</tb></gpu></algo>`;
  };
  it('more than 64 steps in a threadblock: a warning naming the executor; more than 256: an error', () => {
    const w = first(importMsccl(oneTb(65)), 'limit');
    expect(w.severity).toBe('warning');
    expect(w.text).toMatch(/65 steps, more than the 64 .* in the MSCCL executor/);
    const e = first(importMsccl(oneTb(257)), 'limit');
    expect(e.severity).toBe('error');
    expect(e.text).toMatch(/257 steps, more than the 64/);
    expect(importMsccl(oneTb(64)).verdicts.counts.limit).toBeUndefined();
  });

  it('threadblock ids beyond 216: a warning naming microsoft/msccl', () => {
    const tbs = Array.from({ length: 217 }, (_, i) => `<tb id="${i}" send="-1" recv="-1" chan="0"/>`).join(
      '',
    );
    const text = `<algo name="n" proto="Simple" nchannels="1" nchunksperloop="1" ngpus="1" coll="custom" inplace="0" outofplace="1" minBytes="0" maxBytes="1"><gpu id="0" i_chunks="1" o_chunks="1" s_chunks="0">${tbs}</gpu></algo>`;
    const v = first(importMsccl(text), 'limit');
    expect(v.severity).toBe('warning');
    expect(v.text).toMatch(/threadblock ids must be below 216 in microsoft\/msccl/);
  });
});

describe('input that is not an MSCCL algorithm: one line, no result', () => {
  it.each([
    ['not-algo.xml', /root element must be one <algo>, not <schedule>/],
    ['not-well-formed.xml', /not well-formed XML: <\/algo> closes <gpu> \(line 4, column 1\)/],
  ])('%s', (name, message) => {
    expect(() => load(name)).toThrow(InputError);
    expect(() => load(name)).toThrow(message);
  });

  it('without ngpus nothing can be sized', () => {
    expect(() => importMsccl('<algo name="x"/>')).toThrow(
      /ngpus must be a whole number from 1 to 1024; it is missing/,
    );
  });

  it(`beyond ${MAX_MSCCL_CHARS / 2 ** 20} M characters, refused before parsing`, () => {
    const huge = `<algo ngpus="1">${' '.repeat(MAX_MSCCL_CHARS)}</algo>`;
    expect(() => importMsccl(huge, { name: 'huge.xml' })).toThrow(
      /huge.xml has .* characters; MSCCL files are read up to 32 M characters/,
    );
  });

  it('buffers too big to replay are refused with the limit', () => {
    const text = `<algo ngpus="1024">${Array.from({ length: 1024 }, (_, i) => `<gpu id="${i}" i_chunks="32767" o_chunks="32767" s_chunks="32767"/>`).join('')}</algo>`;
    expect(() => importMsccl(text)).toThrow(/the replay follows at most 16,777,216/);
  });
});

describe('the threadblock timeline', () => {
  it('ring all-gather: each step when its threadblock reached it, when its waits ended, when it finished', () => {
    const t = load('allgather-ring-4.xml').timeline!;
    expect(t.steps).toBe(20);
    // Rank 0, threadblock 0: cpy (no step), s (step 1), rcs (receives by 1, sends in 2), rcs, r.
    const rank0 = Array.from({ length: 5 }, (_, i) => i);
    expect(rank0.map((i) => t.finish[i])).toEqual([0, 1, 2, 3, 3]);
    expect(rank0.map((i) => t.begin[i])).toEqual([0, 0, 1, 2, 3]);
    expect(rank0.map((i) => t.ready[i])).toEqual([0, 0, 1, 2, 3]);
    expect(t.sends[1]).toBeGreaterThanOrEqual(0);
    expect(t.receives[4]).toBeGreaterThanOrEqual(0);
    expect(t.sends[4]).toBe(-1);
    // Every threadblock is on a critical path here (all chains are as long); at least one step is marked.
    expect(t.critical.some((c) => c === 1)).toBe(true);
  });

  it('a step that never runs has no finish', () => {
    const t = load('broken-deadlock.xml').timeline!;
    expect(Array.from(t.finish).filter((f) => f < 0).length).toBe(4);
  });
});

describe('the order ranks are written in', () => {
  it('a file with its <gpu> elements in reverse order imports as the one in order (the op graph copies its steps)', () => {
    const text = fixture('allreduce-ring-4.xml');
    const gpus = text.match(/<gpu[\s\S]*?<\/gpu>/g)!;
    expect(gpus.length).toBe(4);
    const start = text.indexOf(gpus[0]);
    const end = text.indexOf(gpus[3]) + gpus[3].length;
    const reversed = text.slice(0, start) + [...gpus].reverse().join('\n') + text.slice(end);
    const [a, b] = [importMsccl(text), importMsccl(reversed)];
    expect(b.ok).toBe(true);
    expect(b.schedule.stepCount).toBe(a.schedule.stepCount);
    expect(b.schedule.transferCount).toBe(a.schedule.transferCount);
    expect(b.verdicts.listed).toEqual(a.verdicts.listed);
    expect(b.timeline).toEqual(a.timeline);
  });
});
