import { describe, expect, it } from 'vitest';
import { pathData } from './primitiveSvg';
import type { PathOp } from './primitives';

// Path operations as SVG path data: canvas arc semantics kept (what the recorder's tests asserted).

const arc = (cx: number, cy: number, r: number, a0: number, a1: number, ccw = false): PathOp => [
  'A',
  cx,
  cy,
  r,
  a0,
  a1,
  ccw,
];

describe('path data', () => {
  it('writes arcs as SVG arcs in the canvas direction, a whole circle in two halves', () => {
    expect(pathData([arc(50, 50, 10, 0, 2 * Math.PI)])).toBe('M60 50A10 10 0 0 1 40 50A10 10 0 0 1 60 50');
    // Counter-clockwise from 0 to π/2 is three quarters of a turn, the other way round (sweep 0).
    expect(pathData([arc(50, 50, 10, 0, Math.PI / 2, true)])).toBe(
      'M60 50A10 10 0 0 0 42.93 42.93A10 10 0 0 0 50 60',
    );
  });

  it('a whole turn counter-clockwise from 0 to 2π is a whole circle (a hole in a ring band)', () => {
    expect(pathData([arc(50, 50, 20, 0, 2 * Math.PI), arc(50, 50, 10, 0, 2 * Math.PI, true)])).toBe(
      'M70 50A20 20 0 0 1 30 50A20 20 0 0 1 70 50L60 50A10 10 0 0 0 40 50A10 10 0 0 0 60 50',
    );
  });

  it('a clockwise arc whose end is below its start goes on round (the short way is not taken)', () => {
    // Three quarters of a turn, clockwise, in two pieces.
    expect(pathData([arc(0, 0, 10, Math.PI / 2, 0)])).toBe('M0 10A10 10 0 0 1 -7.07 -7.07A10 10 0 0 1 10 0');
  });

  it('moves and scales arcs and rectangles under a transform', () => {
    expect(pathData([['R', 1, 2, 3, 4], arc(0, 0, 1, 0, Math.PI)], [2, 0, 0, 2, 10, 20])).toBe(
      'M12 24L18 24L18 32L12 32ZL12 20A2 2 0 0 1 8 20',
    );
  });
});
