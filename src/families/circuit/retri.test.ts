import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CIRCUIT_LEFT, CIRCUIT_RIGHT } from './circuits';
import {
  blockLists,
  blockCountOf,
  blockTableOf,
  stepRange,
  type Schedule,
} from '../../kernel/model/schedule';
import type { Topology } from '../../kernel/model/topology';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { location } from '../../kernel/replay/holding-queries';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { type RunResult } from '../../result';
import { verify } from '../../kernel/verify/verifier';
import { findAlgorithm } from '../../registry';

function params(id: string, extra: Record<string, string | number>): ParamValues {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return { ...defaultsOf(spec.params), ...extra };
}

function runOf(id: string, extra: Record<string, string | number>): RunResult {
  return run(id, params(id, extra), CLI_LIMITS);
}

const bits = (xs: boolean[]) => xs.map((b) => (b ? 1 : 0)).join(',');

/** Destination of every block, read from the block table. */
function destinationOf(s: Schedule, b: number): number {
  const d = blockTableOf(s).destinations;
  if (d.kind !== 'single') throw new Error('all-to-all blocks have one destination each');
  return d.nodes[b];
}

/** Every block sits at its destination after the last step. */
function everyBlockHome(r: RunResult): boolean {
  const s = r.schedule;
  for (let b = 0; b < s.blocks.count; b++)
    if (location(r.holdings, b, s.stepCount) !== destinationOf(s, b)) return false;
  return true;
}

/** Most circuits in force at one node (outgoing or incoming) in any step. */
function maxCircuitsPerNode(s: Schedule, topo: Topology): number {
  const a = s.activeLinks;
  if (!a) throw new Error('circuit schedules list their circuits');
  let most = 0;
  for (let step = 1; step <= s.stepCount; step++) {
    const out = new Uint32Array(topo.nodeCount);
    const inn = new Uint32Array(topo.nodeCount);
    for (let i = a.stepStart[step - 1]; i < a.stepStart[step]; i++) {
      most = Math.max(most, ++out[topo.linkFrom[a.links[i]]], ++inn[topo.linkTo[a.links[i]]]);
    }
  }
  return most;
}

function checkCorrect(r: RunResult): void {
  expect(r.report.violations).toEqual([]);
  expect(r.report.ok).toBe(true);
  expect(everyBlockHome(r)).toBe(true);
  expect(maxCircuitsPerNode(r.schedule, r.topology)).toBeLessThanOrEqual(2);
}

/** ⌈log_r n⌉ by repeated multiplication (independent of the code under test). */
function phasesFor(n: number, r: number): number {
  let s = 0;
  while (r ** s < n) s++;
  return s;
}

describe('retri, bruck and direct all-to-all through the verifier', () => {
  it('retri: every n from 2 to 90 with random schedules and both layouts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 90 }),
        fc.array(fc.boolean(), { minLength: 0, maxLength: 6 }),
        fc.constantFrom('modular', 'padded'),
        (n, x, layout) => {
          const r = runOf('retri', { nodes: n, reconfigure: bits(x), layout });
          checkCorrect(r);
          expect(r.schedule.stepCount).toBe(phasesFor(n, 3));
          const ring = layout === 'padded' ? 3 ** phasesFor(n, 3) : n;
          expect(r.schedule.nodeCount).toBe(ring);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it('retri: powers of three up to 729 with every-phase and no reconfiguration', () => {
    for (const n of [3, 9, 27, 81, 243, 729]) {
      const s = phasesFor(n, 3);
      for (const x of [[], Array.from({ length: s }, (_, k) => k > 0)])
        checkCorrect(runOf('retri', { nodes: n, reconfigure: bits(x) }));
    }
  }, 60_000);

  it('bruck: every n from 2 to 70 with random schedules', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 70 }), fc.array(fc.boolean(), { maxLength: 7 }), (n, x) => {
        const r = runOf('bruck', { nodes: n, reconfigure: bits(x) });
        checkCorrect(r);
        expect(r.schedule.stepCount).toBe(phasesFor(n, 2));
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('direct all-to-all: n from 2 to 40', () => {
    for (let n = 2; n <= 40; n++) {
      const r = runOf('direct-alltoall', { nodes: n });
      checkCorrect(r);
      expect(r.schedule.stepCount).toBe(1);
      expect(r.schedule.transferCount).toBe(n * (n - 1));
    }
  }, 60_000);
});

describe('balance lemma and measured hops and congestion', () => {
  /** Blocks node i sends right and left in step `step`, from the first circuit of each transfer. */
  function sentByDirection(r: RunResult, step: number): { right: number[]; left: number[] } {
    const s = r.schedule;
    const n = s.nodeCount;
    const right = new Array<number>(n).fill(0);
    const left = new Array<number>(n).fill(0);
    if (s.path.kind !== 'link-list' || !blockLists(s).offsets) throw new Error('link lists with block sets');
    const [a, b] = stepRange(s, step);
    for (let t = a; t < b; t++) {
      const kind = r.topology.linkKind[s.path.links[s.path.offsets[t]]];
      const count = blockCountOf(s, t);
      if (kind === CIRCUIT_RIGHT) right[s.src[t]] += count;
      else if (kind === CIRCUIT_LEFT) left[s.src[t]] += count;
    }
    return { right, left };
  }

  it('for n = 3^s every node sends exactly n/3 blocks each way in every phase', () => {
    for (const n of [3, 9, 27, 81, 243]) {
      const r = runOf('retri', { nodes: n, reconfigure: '' });
      for (let step = 1; step <= r.schedule.stepCount; step++) {
        const { right, left } = sentByDirection(r, step);
        expect(right).toEqual(new Array(n).fill(n / 3));
        expect(left).toEqual(new Array(n).fill(n / 3));
      }
    }
  }, 60_000);

  it('phase k after the last reconfiguration j: 3^(k−j) hops, load 3^(k−j) transfers and n/3·3^(k−j) blocks per circuit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.boolean(), { maxLength: 5 }), (s, x) => {
        const n = 3 ** s;
        const r = runOf('retri', { nodes: n, reconfigure: bits(x.slice(0, s)) });
        const u = r.report.usage;
        let last = 0;
        for (let k = 0; k < s; k++) {
          if (x[k]) last = k;
          const t = 3 ** (k - last);
          expect(u.stepLongestRoute[k]).toBe(t);
          expect(u.stepMaxLinkLoad[k]).toBe(t);
          expect(u.stepMaxLinkBlocks[k]).toBe((n / 3) * t);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it('mirrored bruck on n = 2^s: 2^(k−j) hops and n/2·2^(k−j) half-blocks per circuit', () => {
    for (const s of [1, 2, 3, 4, 5]) {
      const n = 2 ** s;
      const x = Array.from({ length: s }, (_, k) => k % 2 === 1);
      const u = runOf('bruck', { nodes: n, reconfigure: bits(x) }).report.usage;
      let last = 0;
      for (let k = 0; k < s; k++) {
        if (x[k]) last = k;
        expect(u.stepLongestRoute[k]).toBe(2 ** (k - last));
        expect(u.stepMaxLinkBlocks[k]).toBe((n / 2) * 2 ** (k - last));
      }
    }
  }, 60_000);

  it('static all-to-all: ⌊n/2⌋ hops; the busiest circuit carries 1+2+…+⌊(n−1)/2⌋ plus the half-way blocks', () => {
    // Offsets h = 1 … ⌊(n−1)/2⌋ each cross h consecutive circuits. For even n the half-way block goes
    // clockwise from even sources only: a clockwise circuit lies on the half-way arcs of n/2
    // consecutive sources, of which n/4 are even (n ≡ 0 mod 4) or at most (n+2)/4 (n ≡ 2 mod 4).
    for (const n of [5, 9, 13, 81, 8, 16, 64, 6, 10, 14, 22]) {
      const u = runOf('direct-alltoall', { nodes: n }).report.usage;
      const h = Math.floor((n - 1) / 2);
      const halfway = n % 2 === 1 ? 0 : n % 4 === 0 ? n / 4 : (n + 2) / 4;
      expect(u.stepLongestRoute[0]).toBe(Math.floor(n / 2));
      expect(u.stepMaxLinkBlocks[0]).toBe((h * (h + 1)) / 2 + halfway);
    }
  }, 60_000);
});

describe('costs against closed forms derived by hand', () => {
  // α_s = 2 µs, α_h = 1 µs, δ = 5 µs, b = 8 Gb/s (β = 1 ns per byte), m = 27 000 B.
  const model = {
    'phase-delay': 2,
    'hop-delay': 1,
    'reconfiguration-delay': 5,
    bandwidth: 8,
    'message-bytes': 27_000,
  };
  const us = 1e-6;
  const ns = 1e-9;

  // [algorithm, n, reconfigurations x, the time derived by hand, how it is made up]
  it.each([
    ['retri', 27, '', 3 * 2 * us + 13 * (1 * us + 9000 * ns), '3·α_s + (1 + 3 + 9)·(α_h + β·m/3)'],
    ['retri', 27, '0,1,1', 3 * (2 * us + 1 * us + 9000 * ns) + 2 * 5 * us, '3·(α_s + α_h + β·m/3) + 2δ'],
    // Segments of 2 and 2 phases: (1 + 3)·2 hop units.
    ['retri', 81, '0,0,1,0', 4 * 2 * us + 8 * (1 * us + 9000 * ns) + 5 * us, '4·α_s + 8·(α_h + β·m/3) + δ'],
    ['bruck', 8, '0,1,1', 3 * (2 * us + 1 * us + 6750 * ns) + 2 * 5 * us, '3·(α_s + α_h + β·m/4) + 2δ'],
    ['direct-alltoall', 9, '', 2 * us + 4 * us + 3000 * 10 * ns, 'α_s + 4·α_h + (m/9)·(1+2+3+4)·β'],
  ] as const)(
    '%s, n = %i, x = (%s): %f s = %s',
    (id, nodes, reconfigure, seconds, _how) => {
      const r = runOf(id, { nodes, reconfigure, ...model });
      expect(r.summary.seconds).toBeCloseTo(seconds, 12);
    },
    60_000,
  );

  it('the formula rows agree with the constructed time for powers of the radix', () => {
    for (const [id, n, x] of [
      ['retri', 81, '0,1,0,1'],
      ['retri', 243, '0,0,1,0,0'],
      ['bruck', 64, '0,0,1,0,1,0'],
      ['direct-alltoall', 33, ''],
    ] as const) {
      const r = runOf(id, { nodes: n, reconfigure: x, ...model });
      const time = r.formulas.find((f) => f.id === 'time');
      expect(time?.formula).toBeCloseTo(r.summary.seconds, 12);
    }
  }, 60_000);
});

describe('the verifier catches circuit faults', () => {
  it('a transfer over a circuit that is not in force: inactive-link', () => {
    const r = runOf('retri', { nodes: 9, reconfigure: '0,1' });
    const s = r.schedule;
    if (s.path.kind !== 'link-list' || !s.activeLinks) throw new Error('shape');
    // Step 2 uses configuration 1 (offset 3); point its first transfer at configuration 0's circuit.
    const links = s.path.links.slice();
    const t = s.stepStart[1];
    links[s.path.offsets[t]] = links[s.path.offsets[t]] % (2 * 9);
    const { report } = verify({ ...s, path: { ...s.path, links } }, r.topology);
    expect(report.counts['inactive-link']).toBe(1);
  }, 60_000);

  it('a dropped transfer: postcondition; swapped phases: causality', () => {
    const r = runOf('retri', { nodes: 9, reconfigure: '' });
    const s = r.schedule;
    const dropped: Schedule = { ...s, stepStart: s.stepStart.slice() };
    // Ending step 2 one transfer early drops its last transfer from the schedule.
    dropped.stepStart[2] -= 1;
    dropped.transferCount -= 1;
    const d = verify(dropped, r.topology).report;
    expect(d.counts.postcondition).toBeGreaterThan(0);
    // Blocks that move in both phases: sending phase 1 first ships blocks that are not there yet.
    const a1 = s.stepStart[1];
    const order = new Uint32Array(s.transferCount);
    for (let i = 0; i < s.transferCount; i++) order[i] = i;
    const swapped = reorder(s, [...order.slice(a1), ...order.slice(0, a1)]);
    expect(verify(swapped, r.topology).report.counts.causality).toBeGreaterThan(0);
  }, 60_000);

  it('a third transfer from one node in one phase: tx-ports', () => {
    const r = runOf('retri', { nodes: 9, reconfigure: '' });
    const s = r.schedule;
    const src = s.src.slice();
    // In step 1 node 0 sends two transfers; give it the one of node 1 too (route no longer starts at 0).
    src[2] = 0;
    const report = verify({ ...s, src }, r.topology).report;
    expect(report.counts['tx-ports']).toBe(1);
  }, 60_000);
});

/** The schedule with its transfers in a new order, step boundaries kept by count. */
function reorder(s: Schedule, order: number[]): Schedule {
  if (s.path.kind !== 'link-list') throw new Error('shape');
  const p = s.path;
  const tb = blockLists(s);
  const boff = tb.offsets;
  if (!boff) throw new Error('shape');
  const src = s.src.slice();
  const pathOffsets = new Uint32Array(order.length + 1);
  const blockOffsets = new Uint32Array(order.length + 1);
  const links: number[] = [];
  const ids: number[] = [];
  order.forEach((t, i) => {
    src[i] = s.src[t];
    for (let k = p.offsets[t]; k < p.offsets[t + 1]; k++) links.push(p.links[k]);
    for (let k = boff[t]; k < boff[t + 1]; k++) ids.push(tb.ids[k]);
    pathOffsets[i + 1] = links.length;
    blockOffsets[i + 1] = ids.length;
  }, 60_000);
  return {
    ...s,
    src,
    activeLinks: undefined,
    path: { kind: 'link-list', offsets: pathOffsets, links: Uint32Array.from(links) },
    transferBlocks: { offsets: blockOffsets, ids: Uint32Array.from(ids) },
  };
}

describe('narration', () => {
  it('says which circuits serve the phase and how many hops a transfer takes', async () => {
    const { stepFacts } = await import('../../result');
    const r = runOf('retri', { nodes: 27, reconfigure: '0,1,0' });
    const say = (step: number) => findAlgorithm('retri')!.narrate(r.params, stepFacts(r, step));
    expect(say(2)).toContain('rebuilt before this phase: every node is wired to its two peers ±3');
    expect(say(3)).toContain('circuits of offset ±3 stay, so each transfer crosses 3 circuits');
    expect(say(1)).toContain('(9 each way per node)');
    const b = runOf('bruck', { nodes: 8, reconfigure: '' });
    expect(findAlgorithm('bruck')!.narrate(b.params, stepFacts(b, 3))).toContain('crosses 4 circuits');
  });
});

describe('reconfiguration schedule parameter', () => {
  it('missing bits are 0; bits past the last phase are ignored and the run says so', () => {
    const short = runOf('retri', { nodes: 27, reconfigure: '0,1' });
    expect(short.schedule.stepCount).toBe(3);
    expect(short.formulas.find((f) => f.id === 'time')?.label).toContain('(0,1,0)');
    const long = runOf('retri', { nodes: 9, reconfigure: '0,1,1,1' });
    expect(long.variant).toContain('lists 4 bits but this run has 2 phases; bits 2…3 are ignored');
    expect(long.report.ok).toBe(true);
  });

  it('x₀ = 1 costs one δ and changes no circuit', () => {
    const base = runOf('retri', { nodes: 27, reconfigure: '0,1,0', 'reconfiguration-delay': 7 });
    const x0 = runOf('retri', { nodes: 27, reconfigure: '1,1,0', 'reconfiguration-delay': 7 });
    expect(x0.summary.seconds - base.summary.seconds).toBeCloseTo(7e-6, 15);
    expect(Array.from(x0.schedule.activeLinks!.links)).toEqual(Array.from(base.schedule.activeLinks!.links));
  });
});
