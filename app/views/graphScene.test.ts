import { describe, expect, it } from 'vitest';
import { COLORS, wavelengthColor } from '../lib/colors';
import type { PathPrimitive, Primitive, TextPrimitive } from '../scene/primitives';
import { DESK_TYPE } from './canvasText';
import { EACH_VERTEX_UP_TO, graphScene } from './graphScene';
import { ringLayout } from './ringGeometry';
import { oneTransferFile } from './oneTransferFile.test-util';

const paths = (items: Primitive[]) => items.filter((i): i is PathPrimitive => i.kind === 'path');
const texts = (items: Primitive[]) => items.filter((i): i is TextPrimitive => i.kind === 'text');
const frame = { highlight: null, compact: false, type: DESK_TYPE };

describe('graphScene', () => {
  const r = oneTransferFile(8);
  const l = ringLayout(600, 600, 8, 1);

  it('lays out a step as plain data: the transfer in its channel’s colour, one dot per processor, numbers, caption', () => {
    const items = graphScene(r, 1, l, frame);
    expect(JSON.parse(JSON.stringify(items))).toEqual(items);
    const [transfer, dots] = paths(items);
    expect(transfer.stroke).toBe(wavelengthColor(0, 1));
    // The line and its arrowhead (three points) from processor 0 towards processor 1.
    expect(transfer.ops.map((op) => op[0]).join('')).toBe('MLMLL');
    expect(dots.fill).toBe(COLORS.node);
    expect(dots.ops.filter((op) => op[0] === 'A')).toHaveLength(8);
    const words = texts(items).map((t) => t.text);
    expect(words).toEqual(expect.arrayContaining(['0', '7', 'Step 1 / 1', 'spread']));
  });

  it('rings highlighted nodes and bands marked links; before the first step, no transfer', () => {
    const items = graphScene(r, 0, l, { ...frame, highlight: [3], marked: [0] });
    expect(paths(items).some((p) => p.stroke === wavelengthColor(0, 1))).toBe(false);
    const ring = paths(items).find((p) => p.stroke === COLORS.highlight && p.lineWidth === 3)!;
    expect(ring.ops.filter((op) => op[0] === 'A')).toHaveLength(1);
    expect(paths(items).some((p) => p.stroke === COLORS.highlight && p.alpha === 0.45)).toBe(true);
    expect(texts(items).map((t) => t.text)).toContain('Start');
  });

  it('draws more processors than a screen holds as one band, with the step’s ends marked on it', () => {
    const items = graphScene(oneTransferFile(EACH_VERTEX_UP_TO + 1), 1, ringLayout(600, 600, 1025, 1), frame);
    const band = paths(items).find((p) => p.stroke === COLORS.node && p.lineWidth === 3)!;
    expect(band.ops).toHaveLength(1);
    const touched = paths(items).filter((p) => p.fill === COLORS.node);
    expect(touched).toHaveLength(1);
    expect(touched[0].ops.filter((op) => op[0] === 'A')).toHaveLength(2);
  });
});
