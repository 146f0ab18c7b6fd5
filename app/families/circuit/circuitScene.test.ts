import { describe, expect, it } from 'vitest';
import { loadsOf } from '../../../src/families/circuit/circuit-bands';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../../src/limits';
import { findAlgorithm } from '../../../src/registry';
import type { RunResult } from '../../../src/result';
import { run } from '../../../src/run';
import { COLORS } from '../../lib/colors';
import { hitTest } from '../../scene/hitTest';
import type { PathOp, PathPrimitive, Primitive } from '../../scene/primitives';
import { DESK_TYPE } from '../../views/canvasText';
import { expectHitsAsRingGeometry } from '../../views/ringHits.test-util';
import { DIRECTION_COLORS, laneSegment, laneSizes } from './circuitLanes';
import { circuitLayout, circuitScene, circuitXY, subringColor } from './circuitScene';

const result = (id: string, extra: Record<string, number | string>) =>
  run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...extra }, CLI_LIMITS);
// Bruck on 8 nodes: in phase 0 (step 1) each node sends one block right to i + 1 and one left to i − 1.
const bruck = result('bruck', { nodes: 8, reconfigure: '0,1,1' });

function scene(r: RunResult, step: number, o: { hover?: number; onlyNode0?: boolean; bands?: boolean } = {}) {
  const n = r.topology.nodeCount;
  const layout = circuitLayout(800, 600, n);
  const xy = circuitXY(layout, n);
  const prims = circuitScene({
    result: r,
    step,
    layout,
    xy,
    hover: o.hover ?? null,
    onlyNode0: o.onlyNode0 ?? false,
    type: DESK_TYPE,
    loads: o.bands ? loadsOf(r.extras, step) : null,
  });
  return { prims, layout, xy, at: (i: number) => [xy[2 * i], xy[2 * i + 1]] as [number, number] };
}

const paths = (p: Primitive[]) => p.filter((x): x is PathPrimitive => x.kind === 'path');
/** The line segments of a path (a move, then a line), as [x0, y0, x1, y1]. */
const segments = (ops: PathOp[]): number[][] =>
  ops.flatMap((op, j) => {
    const before = ops[j - 1];
    return op[0] === 'L' && before?.[0] === 'M' ? [[before[1], before[2], op[1], op[2]]] : [];
  });
const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]) < 1e-9);

describe('circuitScene', () => {
  it('draws the circuits in force: a chord from every node to its right peer, in the subring colour', () => {
    const { prims, at } = scene(bruck, 1);
    const chords = paths(prims).filter((p) => p.stroke === subringColor(0, 1) && p.alpha === 0.45);
    expect(chords).toHaveLength(1);
    const segs = segments(chords[0].ops);
    expect(segs).toHaveLength(8);
    for (let i = 0; i < 8; i++) expect(segs.some((s) => near(s, [...at(i), ...at((i + 1) % 8)]))).toBe(true);
  });

  it("draws each block on its direction's lane, with an arrow head; only node 0's when asked", () => {
    const lines = (onlyNode0: boolean, dir: 'right' | 'left') =>
      paths(scene(bruck, 1, { onlyNode0 }).prims).filter(
        (p) => p.stroke === DIRECTION_COLORS[dir] && p.alpha === undefined,
      );
    const { layout, at } = scene(bruck, 1);
    const { offset } = laneSizes(8, layout.r, Math.max(2, layout.nodeRadius));
    const trim = Math.min(Math.max(2, layout.nodeRadius) + 2, 12);
    // Node 0's block to node 1 on the right lane, and to node 7 on the left lane.
    const right = laneSegment(...at(0), ...at(1), offset, trim).slice(0, 4);
    const left = laneSegment(...at(0), ...at(7), offset, trim).slice(0, 4);
    expect(segments(lines(false, 'right')[0].ops).some((s) => near(s, right))).toBe(true);
    expect(segments(lines(false, 'left')[0].ops).some((s) => near(s, left))).toBe(true);
    expect(segments(lines(false, 'right')[0].ops)).toHaveLength(8);
    expect(segments(lines(true, 'right')[0].ops)).toEqual([right]);
    const heads = paths(scene(bruck, 1).prims).filter((p) => p.fill === DIRECTION_COLORS.right);
    expect(heads[0].ops.filter((op) => op[0] === 'Z')).toHaveLength(8);
  });

  it('fades the blocks the hovered node neither sends nor gets, and rings it', () => {
    const { prims, at, layout } = scene(bruck, 1, { hover: 3 });
    const faded = paths(prims).filter((p) => p.alpha === 0.15 && p.stroke === DIRECTION_COLORS.right);
    // Of the 8 blocks going right, node 3 sends one and gets one: 6 faded.
    expect(segments(faded[0].ops)).toHaveLength(6);
    const ring = paths(prims).find((p) => p.stroke === COLORS.highlight && p.lineWidth === 3)!;
    expect(ring.ops).toEqual([['A', ...at(3), Math.max(2, layout.nodeRadius) + 3, 0, 2 * Math.PI, false]]);
  });

  it('draws a dense phase as bands, one per circuit and direction', () => {
    const r = result('direct-alltoall', { nodes: 64 });
    expect(loadsOf(r.extras, 1)).not.toBeNull();
    const bands = paths(scene(r, 1, { bands: true }).prims).filter(
      (p) =>
        p.lineCap === 'butt' && (p.stroke === DIRECTION_COLORS.right || p.stroke === DIRECTION_COLORS.left),
    );
    const count = (dir: 'right' | 'left') =>
      bands.filter((p) => p.stroke === DIRECTION_COLORS[dir]).reduce((a, p) => a + segments(p.ops).length, 0);
    expect([count('right'), count('left')]).toEqual([64, 64]);
  });

  it('draws ghost nodes hollow and dashed', () => {
    const r = result('retri', { nodes: 25, layout: 'padded' });
    expect(r.topology.nodeCount).toBeGreaterThan(r.realNodes);
    const ghosts = paths(scene(r, 1).prims).find((p) => p.dash?.length)!;
    expect(ghosts.fill).toBe(COLORS.background);
    expect(ghosts.ops.filter((op) => op[0] === 'A')).toHaveLength(r.topology.nodeCount - r.realNodes);
  });

  it('finds the node under the pointer where the ring geometry does', () => {
    const { prims, layout, at } = scene(bruck, 1);
    for (let k = 0; k < 8; k++) expect(hitTest(prims, ...at(k))?.id).toBe(k);
    expect(expectHitsAsRingGeometry(prims, layout, 8)).toBeGreaterThan(50);
  });
});
