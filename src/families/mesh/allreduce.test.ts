import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldCounts } from '../../kernel/replay/holding-queries';
import type { Schedule } from '../../kernel/model/schedule';
import { verify } from '../../kernel/verify/verifier';
import { buildAllReduce, type AllReducePlan } from './allreduce-builder';
import { meshTopology, xyRoute, type MeshShape } from './geometry';
import { opticalSteps } from './mesh-time';
import { allReduceRows, placement } from './mesh-formulas';
import { readMesh } from './mesh-params';
import { OTIS_PARAMS } from './otis-allreduce.card';
import { defaultsOf } from '../../kernel/params/schema';

const otis = (P: number): MeshShape => ({ side: Math.sqrt(P), groups: P });
const plan = (shape: MeshShape, over: Partial<AllReducePlan>): AllReducePlan => ({
  algorithm: 'test',
  shape,
  root: 0,
  control: 0,
  method: 'edn',
  ports: 'all',
  ...over,
});
const electronic = (s: Schedule) => s.stepCount - opticalSteps(s);

describe('OTIS-Mesh all-reduce: step counts derived by hand', () => {
  it('single-port, direct: the target takes one message per step, P − 1 per part, 4(P − 1) in all', () => {
    const s = buildAllReduce(plan(otis(16), { method: 'direct', ports: 'single', root: 5, control: 5 }));
    expect(electronic(s)).toBe(60);
    expect(opticalSteps(s)).toBe(2);
  });

  it('all-port, direct: root and gateways at (2, 2) of a 4 × 4 group take 8 per part; at the corner 12', () => {
    // Into (2, 2) with XY routes: the 8 nodes of rows 0–1 enter from the north (one per step), 4 from
    // the south, 2 and 1 from the sides: 8 steps. Out of it: columns 0–1 leave westwards (8), 2 is its
    // own column. At (0, 0) the 12 nodes of rows 1–3 all enter from the south.
    const mid = buildAllReduce(plan(otis(16), { method: 'direct', root: 10, control: 10 }));
    expect(electronic(mid)).toBe(4 * 8);
    const corner = buildAllReduce(plan(otis(16), { method: 'direct', root: 0, control: 0 }));
    expect(electronic(corner)).toBe(4 * 12);
  });

  it('EDN at (2, 2): one level step, then the four level-1 nodes in two steps, per part; at (0, 0) in three', () => {
    // Level-1 nodes 1 = (0,1), 7 = (1,3), 8 = (2,0), 14 = (3,2). Into (2, 2): 1 and 7 both come down
    // column 2 from the north (2 steps), 8 from the west, 14 from the south. Out of (2, 2): 1 and 8
    // both leave westwards. Into (0, 0): 7, 8 and 14 all arrive up column 0 (3 steps).
    expect(electronic(buildAllReduce(plan(otis(16), { root: 10, control: 10 })))).toBe(4 * (1 + 2));
    expect(electronic(buildAllReduce(plan(otis(16), { root: 0, control: 0 })))).toBe(4 * (1 + 3));
  });

  it('binomial: log₂ P halvings per part', () => {
    const s = buildAllReduce(plan(otis(64), { method: 'binomial', ports: 'single', root: 9, control: 27 }));
    expect(electronic(s)).toBe(4 * 6);
  });

  it('a plain mesh reduces and distributes once', () => {
    const s = buildAllReduce(plan({ side: 4, groups: 1 }, { method: 'direct', ports: 'single', root: 3 }));
    expect(s.stepCount).toBe(2 * 15);
    expect(opticalSteps(s)).toBe(0);
  });
});

describe('every variant verifies: nothing counted twice, every processor complete', () => {
  it('over sizes, methods, ports, roots and control groups', () => {
    const cases = fc.record({
      k: fc.integer({ min: 1, max: 3 }),
      method: fc.constantFrom('edn', 'direct', 'binomial' as const),
      single: fc.boolean(),
      root: fc.nat(),
      control: fc.nat(),
      groups: fc.boolean(),
    });
    fc.assert(
      fc.property(cases, (c) => {
        const P = 4 ** Math.min(c.k + 1, 3);
        const side = Math.sqrt(P);
        const shape: MeshShape = { side, groups: c.groups ? P : 1 };
        const ports = c.method === 'edn' || !c.single ? 'all' : 'single';
        const s = buildAllReduce(
          plan(shape, { method: c.method as 'edn', ports, root: c.root % P, control: c.control % P }),
        );
        const { report, holdings } = verify(s, meshTopology(shape));
        expect(report.violations).toEqual([]);
        const n = shape.groups * P;
        expect([...heldCounts(holdings, s.stepCount)].every((x) => x === n)).toBe(true);
        expect([...heldCounts(holdings, 0)].every((x) => x === 1)).toBe(true);
      }),
      { seed: 20261125, numRuns: 40 },
    );
  });
});

/**
 * A hand-made all-reduce on a 2 × 2 mesh (0 1 / 2 3): steps of [from, to, contributions], XY routes.
 */
function tiny(steps: [number, number, number[]][][], ports?: { tx: number; rx: number }): Schedule {
  const shape: MeshShape = { side: 2, groups: 1 };
  const links: number[] = [];
  const offsets = [0];
  const rangeOffsets = [0];
  const bounds: number[] = [];
  const src: number[] = [];
  const stepStart = [0];
  const route = new Uint32Array(4);
  for (const step of steps) {
    for (const [from, to, ids] of step) {
      src.push(from);
      const len = xyRoute(shape, 0, from, to, route);
      links.push(...route.subarray(0, len));
      offsets.push(links.length);
      for (const id of [...ids].sort((a, b) => a - b)) bounds.push(id, id + 1);
      rangeOffsets.push(bounds.length / 2);
    }
    stepStart.push(src.length);
  }
  return {
    algorithm: 'tiny',
    collective: 'allreduce',
    nodeCount: 4,
    stepCount: steps.length,
    transferCount: src.length,
    phases: ['reduce'],
    stepPhase: new Uint16Array(steps.length),
    stepStart: Uint32Array.from(stepStart),
    src: Uint16Array.from(src),
    channel: new Uint16Array(src.length),
    path: { kind: 'link-list', offsets: Uint32Array.from(offsets), links: Uint32Array.from(links) },
    receivers: { kind: 'path-end' },
    transferBlocks: {
      kind: 'ranges',
      offsets: Uint32Array.from(rangeOffsets),
      bounds: Uint32Array.from(bounds),
    },
    blocks: { count: 4, origin: Uint16Array.from([0, 1, 2, 3]), destinations: { kind: 'all' }, bytes: 0 },
    ...(ports ? { ports } : {}),
  };
}

const ALL = [0, 1, 2, 3];
/** A correct schedule: 1 → 0 and 3 → 2, then 2 → 0, then 0 sends the result to 1 and 2, 2 to 3. */
const GOOD: [number, number, number[]][][] = [
  [
    [1, 0, [1]],
    [3, 2, [3]],
  ],
  [[2, 0, [2, 3]]],
  [
    [0, 1, ALL],
    [0, 2, ALL],
  ],
  [[2, 3, ALL]],
];

describe('the reduction rules catch each fault at its step and transfer', () => {
  const check = (steps: typeof GOOD, ports?: { tx: number; rx: number }) =>
    verify(tiny(steps, ports), meshTopology({ side: 2, groups: 1 })).report;

  it('accepts the correct schedule', () => {
    expect(check(GOOD).violations).toEqual([]);
  });

  it('double counting: 1 sends its contribution to 0 twice', () => {
    const r = check([GOOD[0], [[1, 0, [1]], ...GOOD[1]], GOOD[2], GOOD[3]]);
    expect(r.violations[0]).toMatchObject({ rule: 'double-count', step: 2, transfer: 2 });
    expect(r.counts['double-count']).toBe(1);
  });

  it('forwarding before combining: 2 passes on 3’s contribution in the step it arrives', () => {
    const r = check([
      [
        [1, 0, [1]],
        [3, 2, [3]],
        [2, 0, [2, 3]],
      ],
      GOOD[2],
      GOOD[3],
    ]);
    expect(r.violations[0]).toMatchObject({ rule: 'causality', step: 1, transfer: 2 });
  });

  it('splitting a combined partial: 2 holds 2 and 3 but sends only 3', () => {
    const r = check([GOOD[0], [[2, 0, [3]]], GOOD[2], GOOD[3]]);
    expect(r.violations[0]).toMatchObject({ rule: 'split-partial', step: 2, transfer: 2 });
  });

  it('a missing contribution: 3’s never reaches the root, so every other processor ends without it', () => {
    const r = check([
      [[1, 0, [1]]],
      [[2, 0, [2]]],
      [
        [0, 1, [0, 1, 2]],
        [0, 2, [0, 1, 2]],
      ],
      [[2, 3, [0, 1, 2]]],
    ]);
    expect(r.counts.postcondition).toBe(3);
    expect(r.violations.find((v) => v.rule === 'postcondition')?.message).toContain('contribution 3');
  });

  it('a channel clash: 1 → 2 and 0 → 2 … share no channel, but 1 → 2 and 1 → 3 do', () => {
    // 1 → 2 runs west to 0 … no: XY goes along row 0 to column 0, then south; 1 → 3 goes south at once.
    // 0 → 3 (east 0 → 1, then south 1 → 3) and 1 → 3 (south 1 → 3) share the channel 1 → 3.
    const r = check([
      [
        [0, 3, [0]],
        [1, 3, [1]],
      ],
      [[3, 2, [0, 1, 3]]],
      [[2, 0, ALL]],
      [
        [0, 1, ALL],
        [0, 2, ALL],
      ],
      [[2, 3, ALL]],
    ]);
    expect(r.violations[0]).toMatchObject({ rule: 'channel-clash', step: 1, transfer: 1 });
  });

  it('a port limit: single-port, 0 receives from 1 and 2 in one step', () => {
    const r = check(
      [
        [
          [1, 0, [1]],
          [2, 0, [2]],
        ],
        [[3, 0, [3]]],
        [[0, 1, ALL]],
        [[0, 2, ALL]],
        [[2, 3, ALL]],
      ],
      { tx: 1, rx: 1 },
    );
    expect(r.violations[0]).toMatchObject({ rule: 'rx-ports', step: 1, transfer: 1 });
  });

  it('a broken route: a link that does not start where the route is', () => {
    const s = tiny(GOOD);
    if (s.path.kind !== 'link-list') throw new Error('link lists expected');
    // Transfer 0 (1 → 0) is one westward link; make it the link 2 → 3 instead.
    const topo = meshTopology({ side: 2, groups: 1 });
    s.path.links[0] = [...Array(topo.linkCount).keys()].find(
      (l) => topo.linkFrom[l] === 2 && topo.linkTo[l] === 3,
    )!;
    const r = verify(s, topo).report;
    expect(r.violations[0]).toMatchObject({ rule: 'broken-route', step: 1, transfer: 0 });
  });
});

describe('which of the paper’s cases a configuration is', () => {
  it('middle, edge or in between', () => {
    expect(placement(4, 10)).toBe('middle'); // (2, 2)
    expect(placement(4, 5)).toBe('middle'); // (1, 1): the other middle row and column
    expect(placement(4, 4)).toBe('edge'); // (1, 0)
    expect(placement(8, 9)).toBe('between'); // (1, 1) of 8 × 8
  });

  it('shows the best case for a middle root, the worst for an edge one, both in between', () => {
    const c = readMesh({ ...defaultsOf(OTIS_PARAMS), 'group-size': 64, method: 'edn' });
    expect(c.shape).toEqual({ side: 8, groups: 64 });
    const m = { steps: 18, phases: 6, transfers: 0, channelsUsed: 1, seconds: 0 };
    const ids = (root: number, gateway: number) => allReduceRows(c, m, { root, gateway }, 2).map((r) => r.id);
    expect(ids(36, 36)).toContain('steps-best');
    expect(ids(36, 36)).not.toContain('steps-worst');
    expect(ids(36, 0)).toContain('steps-worst');
    expect(ids(36, 0)).not.toContain('steps-best');
    expect(ids(9, 9)).toEqual(expect.arrayContaining(['steps-best', 'steps-worst']));
  });
});
