/**
 * Property tests of the MSCCL importer against a separate, simple simulation of the same rules:
 * random programs where every pair of ranks exchanges a few messages through one threadblock per
 * peer, sends and receives in a random order. The simulation runs threadblocks round by round (a
 * send takes one step, a receive waits for its send) until nothing moves.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../limits';
import { importMsccl } from './import-msccl';

interface Program {
  ranks: number;
  /** Per rank, per peer: the ops of the threadblock for that peer, in order ('s' or 'r', with cnt). */
  ops: { type: 's' | 'r'; cnt: number }[][][];
  /** Channel of the pair {a, b}. */
  chan: number[][];
}

const programs = fc.integer({ min: 2, max: 5 }).chain((ranks) =>
  fc
    .tuple(
      fc.array(
        fc.array(fc.array(fc.integer({ min: 1, max: 2 }), { maxLength: 3 }), {
          minLength: ranks,
          maxLength: ranks,
        }),
        {
          minLength: ranks,
          maxLength: ranks,
        },
      ),
      fc.array(fc.nat(1), { minLength: ranks * ranks, maxLength: ranks * ranks }),
      fc.array(fc.nat(1_000_000), { minLength: ranks * ranks, maxLength: ranks * ranks }),
    )
    .map(([counts, chans, seeds]): Program => {
      // counts[a][b]: the cnt of each message a sends b (none to itself).
      const ops = Array.from({ length: ranks }, (_, a) =>
        Array.from({ length: ranks }, (_, p) => {
          if (a === p) return [];
          const sends = counts[a][p].map((cnt) => ({ type: 's' as const, cnt }));
          const recvs = counts[p][a].map((cnt) => ({ type: 'r' as const, cnt }));
          // Interleave, keeping each kind in order, by the seed's bits.
          const out: { type: 's' | 'r'; cnt: number }[] = [];
          let bits = seeds[a * ranks + p];
          while (sends.length || recvs.length) {
            const takeSend = recvs.length === 0 || (sends.length > 0 && bits % 2 === 1);
            bits = Math.floor(bits / 2);
            out.push(takeSend ? sends.shift()! : recvs.shift()!);
          }
          return out;
        }),
      );
      const chan = Array.from({ length: ranks }, (_, a) =>
        Array.from({ length: ranks }, (_, b) => chans[Math.min(a, b) * ranks + Math.max(a, b)]),
      );
      return { ranks, ops, chan };
    }),
);

function xmlOf(p: Program, drop?: { rank: number; peer: number; at: number }): string {
  const lines = [
    `<algo name="random" proto="Simple" nchannels="2" nchunksperloop="4" ngpus="${p.ranks}" coll="custom" inplace="0" outofplace="1" minBytes="0" maxBytes="1">`,
  ];
  for (let a = 0; a < p.ranks; a++) {
    lines.push(`<gpu id="${a}" i_chunks="4" o_chunks="4" s_chunks="64">`);
    let tb = 0;
    let scratch = 0;
    for (let q = 0; q < p.ranks; q++) {
      if (q === a) continue;
      lines.push(`<tb id="${tb++}" send="${q}" recv="${q}" chan="${p.chan[a][q]}">`);
      let pos = 0;
      p.ops[a][q].forEach((op, i) => {
        if (drop && drop.rank === a && drop.peer === q && drop.at === i) return;
        const dst = op.type === 'r' ? `s" dstoff="${(scratch += op.cnt) - op.cnt}` : 'o" dstoff="0';
        lines.push(
          `<step s="${pos++}" type="${op.type}" srcbuf="i" srcoff="0" dstbuf="${dst}" cnt="${op.cnt}" depid="-1" deps="-1" hasdep="0"/>`,
        );
      });
      lines.push('</tb>');
    }
    lines.push('</gpu>');
  }
  lines.push('</algo>');
  return lines.join('\n');
}

/** The simulation: steps, messages sent, and whether everything ran. */
function simulate(p: Program): { steps: number; messages: number; finished: boolean } {
  const R = p.ranks;
  const at = p.ops.map((row) => row.map(() => 0));
  const clock = p.ops.map((row) => row.map(() => 0));
  const sent: number[][][] = Array.from({ length: R }, () => Array.from({ length: R }, () => []));
  const taken = p.ops.map((row) => row.map(() => 0));
  let steps = 0;
  for (let moved = true; moved;) {
    moved = false;
    for (let a = 0; a < R; a++)
      for (let q = 0; q < R; q++) {
        const op = p.ops[a][q][at[a][q]];
        if (!op) continue;
        if (op.type === 's') {
          clock[a][q] += 1;
          sent[a][q].push(clock[a][q]);
          steps = Math.max(steps, clock[a][q]);
        } else {
          const t = sent[q][a][taken[a][q]];
          if (t === undefined) continue;
          taken[a][q]++;
          clock[a][q] = Math.max(clock[a][q], t);
        }
        at[a][q]++;
        moved = true;
      }
  }
  const finished = p.ops.every((row, a) => row.every((ops, q) => at[a][q] === ops.length));
  return { steps, messages: sent.flat().reduce((n, l) => n + l.length, 0), finished };
}

describe('the importer agrees with a simulation of the same rules', () => {
  it('steps, messages and deadlocks', () => {
    fc.assert(
      fc.property(programs, (p) => {
        const sim = simulate(p);
        const r = importMsccl(xmlOf(p));
        expect(r.verdicts.counts.deadlock !== undefined).toBe(!sim.finished);
        expect(r.verdicts.counts.unmatched).toBeUndefined();
        if (sim.finished) {
          expect(r.ok).toBe(true);
          expect(r.schedule.stepCount).toBe(sim.steps);
          expect(r.schedule.transferCount).toBe(sim.messages);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a step left out breaks a pair: the verdict is unmatched, on the rank that no longer has its partner', () => {
    fc.assert(
      fc.property(programs, fc.nat(1000), (p, pick) => {
        const all: { rank: number; peer: number; at: number; type: 's' | 'r' }[] = [];
        p.ops.forEach((row, rank) =>
          row.forEach((ops, peer) => ops.forEach((op, at) => all.push({ rank, peer, at, type: op.type }))),
        );
        fc.pre(all.length > 0);
        const drop = all[pick % all.length];
        const r = importMsccl(xmlOf(p, drop));
        expect(r.ok).toBe(false);
        const unmatched = r.verdicts.listed.filter((v) => v.rule === 'unmatched');
        expect(unmatched.length).toBeGreaterThan(0);
        // Dropping a send leaves the peer's last receive alone, dropping a receive the peer's last send.
        expect(unmatched.some((v) => v.rank === drop.peer)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('never a crash', () => {
  const base = readFileSync(
    fileURLToPath(new URL('../fixtures/msccl/allreduce-ring-4.xml', import.meta.url)),
    'utf8',
  );
  const values = [
    '-1',
    '0',
    '1',
    '3',
    '7',
    '71',
    '72',
    '300',
    '99999',
    '-5',
    '',
    'x',
    '1.5',
    'i',
    'o',
    's',
    'nop',
    'rrcs',
    'cpy',
  ];
  it('a file with random attributes changed and random lines left out: a result or one InputError', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(10_000), fc.nat(values.length - 1)), { maxLength: 12 }),
        fc.array(fc.nat(10_000), { maxLength: 4 }),
        (edits, drops) => {
          const lines = base.split('\n');
          for (const d of drops) if (lines.length > 3) lines.splice(2 + (d % (lines.length - 3)), 1);
          let text = lines.join('\n');
          const attrs = [...text.matchAll(/="[^"]*"/g)];
          for (const [at, v] of edits) {
            if (!attrs.length) break;
            const m = attrs[at % attrs.length];
            text = text.slice(0, m.index) + `="${values[v]}"` + text.slice(m.index! + m[0].length);
            attrs.splice(0, attrs.length, ...text.matchAll(/="[^"]*"/g));
          }
          try {
            const r = importMsccl(text);
            expect(typeof r.ok).toBe('boolean');
            expect(r.schedule.stepCount).toBeGreaterThanOrEqual(0);
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
