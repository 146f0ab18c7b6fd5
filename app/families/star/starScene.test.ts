import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { heldCounts } from '../../../src/kernel/replay/holding-queries';
import { CLI_LIMITS } from '../../../src/limits';
import { findAlgorithm } from '../../../src/registry';
import { run } from '../../../src/run';
import { COLORS } from '../../lib/colors';
import { hitTest } from '../../scene/hitTest';
import type { PathOp, PathPrimitive, Primitive } from '../../scene/primitives';
import { starGeometry, starLayout } from './starLayout';
import { starScene } from './starScene';
import { starTunings } from '../../../src/families/star/star-cost';
import { stepColours } from './stepColours';

const params = (id: string, extra: Record<string, number | string>) => ({
  ...defaultsOf(findAlgorithm(id)!.params),
  ...extra,
});
// Split broadcast on 16 processors, k = 3: in step 1 node 0 sends on λ0, λ1, λ2 to nodes 1, 2, 3.
const r = run(
  'star-broadcast',
  params('star-broadcast', { nodes: 16, 'wavelengths-per-node': 3 }),
  CLI_LIMITS,
);
const layout = starLayout(800, 600, 16);
const geometry = starGeometry(layout, 16);
const frame = (step: number, hovered: number | null = null) =>
  starScene({
    result: r,
    step,
    layout,
    geometry,
    counts: heldCounts(r.holdings, step),
    finalCounts: heldCounts(r.holdings, r.schedule.stepCount),
    colours: stepColours(r, step),
    tunings: starTunings(r.schedule, 3),
    real: 16,
    hovered,
  });

const paths = (scene: Primitive[]) => scene.filter((p): p is PathPrimitive => p.kind === 'path');
const at = (i: number): [number, number] => [geometry.xy[2 * i], geometry.xy[2 * i + 1]];
const rim = (i: number): [number, number] => [geometry.rimEnds[2 * i], geometry.rimEnds[2 * i + 1]];
/** The line segments of a path (a move, then a line), as [x0, y0, x1, y1]. */
const segments = (ops: PathOp[]): number[][] =>
  ops.flatMap((op, j) => {
    const before = ops[j - 1];
    return op[0] === 'L' && before?.[0] === 'M' ? [[before[1], before[2], op[1], op[2]]] : [];
  });
/** Centres and radii of the arcs of a path, as [x, y, r]. */
const circles = (ops: PathOp[]): number[][] =>
  ops.flatMap((op) => (op[0] === 'A' ? [[op[1], op[2], op[3]]] : []));
const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]) < 1e-9);

describe('starScene', () => {
  it("draws step 1's sender into the coupler and out to its three receivers, each on its wavelength's colour", () => {
    const colours = stepColours(r, 1);
    const strokes = paths(frame(1)).filter((p) => p.stroke !== undefined && p.lineCap === 'round');
    for (const [ch, receiver] of [
      [0, 1],
      [1, 2],
      [2, 3],
    ]) {
      const ofColour = strokes.filter((p) => p.stroke === colours.of.get(ch));
      const segs = ofColour.flatMap((p) => segments(p.ops));
      // Uplink: sender 0 to the coupler's rim; downlink: the rim to the receiver.
      expect(segs.some((s) => near(s, [...at(0), ...rim(0)]))).toBe(true);
      expect(segs.some((s) => near(s, [...rim(receiver), ...at(receiver)]))).toBe(true);
    }
    // Nothing else is sent in step 1: no line reaches nodes 4 and over.
    const ends = strokes.flatMap((p) => segments(p.ops)).map((s) => s.slice(2));
    for (let i = 4; i < 16; i++) expect(ends.some((e) => near(e, at(i)))).toBe(false);
  });

  it('rings the receivers in amber, fills the sender, and draws no transmission at step 0', () => {
    const received = paths(frame(1)).find((p) => p.stroke === COLORS.arrived)!;
    const ringed = circles(received.ops).map(([x, y]) => [x, y]);
    expect(ringed).toHaveLength(3);
    for (const i of [1, 2, 3]) expect(ringed.some((c) => near(c, at(i)))).toBe(true);
    // Node 0 holds everything from the start: its wedge is a whole disc.
    const wedges = paths(frame(1)).find((p) => p.fill === COLORS.held)!;
    expect(circles(wedges.ops).some(([x, y, rr]) => near([x, y], at(0)) && rr === layout.nodeRadius)).toBe(
      true,
    );
    expect(paths(frame(0)).filter((p) => p.lineCap === 'round' && p.stroke !== COLORS.line)).toEqual([]);
  });

  it('dims the transmissions that do not involve the hovered node, and rings the hovered node', () => {
    const dim = (hovered: number | null) =>
      paths(frame(2, hovered)).filter((p) => p.alpha === 0.15 && p.ops.length > 0);
    expect(dim(null)).toEqual([]);
    // Node 5 receives from node 1 in step 2: the other three senders' lines are dimmed.
    const dimmed = dim(5).flatMap((p) => segments(p.ops));
    expect(dimmed.some((s) => near(s, [...at(0), ...rim(0)]))).toBe(true);
    expect(dimmed.some((s) => near(s, [...at(1), ...rim(1)]))).toBe(false);
    const hoverRing = paths(frame(2, 5)).find((p) => p.stroke === COLORS.text)!;
    expect(circles(hoverRing.ops)).toEqual([[...at(5), layout.nodeRadius + 4]]);
  });

  it('finds processor k at its place, zoomed in or not, and nothing in the coupler', () => {
    const scene = frame(1);
    for (let k = 0; k < 16; k++) expect(hitTest(scene, ...at(k))?.id).toBe(k);
    expect(hitTest(scene, layout.cx, layout.cy)).toBeNull();
    // 8 px beyond the circle still counts, 30 px does not.
    const outward = (k: number, d: number): [number, number] => {
      const a = -Math.PI / 2 + (2 * Math.PI * k) / 16;
      return [layout.cx + (layout.r + d) * Math.cos(a), layout.cy + (layout.r + d) * Math.sin(a)];
    };
    expect(hitTest(scene, ...outward(6, 7))?.id).toBe(6);
    expect(hitTest(scene, ...outward(6, 30))).toBeNull();
    // At 3×, shifted: the view point over node 4's centre.
    const view = { k: 3, x: -900, y: -500 };
    const [wx, wy] = at(4);
    expect(hitTest(scene, view.x + 3 * wx, view.y + 3 * wy, view)?.id).toBe(4);
  });
});
