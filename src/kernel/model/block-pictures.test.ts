import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { withBlockLists } from './schedule';
import { defaultsOf } from '../params/schema';
import { blockPictures, pictureInput, STATE_SHARES } from './block-pictures';

const rgbAt = (p: Uint8ClampedArray, size: number, r: number, d: number) =>
  Array.from(p.subarray((r * size + d) * 4, (r * size + d) * 4 + 3));

describe('block-matrix pictures', () => {
  it('ReTri on 9 nodes: each cell shows where its block is after each phase', () => {
    const spec = findAlgorithm('retri')!;
    const b = spec.build({ ...defaultsOf(spec.params), nodes: 9, reconfigure: '0,1' });
    const pic = blockPictures(pictureInput(b.schedule, b.topology), 9);
    expect(pic.size).toBe(9);
    expect(pic.steps).toHaveLength(3);
    const [start, one, end] = pic.steps;
    // Start: own block delivered (r = d), every other at its source.
    expect(rgbAt(start, 9, 2, 2)).toEqual([...STATE_SHARES.home]);
    expect(rgbAt(start, 9, 0, 4)).toEqual([...STATE_SHARES.source]);
    // After phase 0: Δ = 1 = (+1, 0) is home, Δ = 4 = (+1, +1) is on its way, Δ = 3 = (0, +1) has not moved.
    expect(rgbAt(one, 9, 0, 1)).toEqual([...STATE_SHARES.home]);
    expect(rgbAt(one, 9, 0, 4)).toEqual([...STATE_SHARES.transit]);
    expect(rgbAt(one, 9, 0, 3)).toEqual([...STATE_SHARES.source]);
    // The end: everything delivered.
    for (let r = 0; r < 9; r++)
      for (let d = 0; d < 9; d++) expect(rgbAt(end, 9, r, d)).toEqual([...STATE_SHARES.home]);
  });

  it('pools large matrices to at most maxSide pixels a side, mixing the states', () => {
    const spec = findAlgorithm('bruck')!;
    const b = spec.build({ ...defaultsOf(spec.params), nodes: 16, reconfigure: '' });
    const pic = blockPictures(pictureInput(b.schedule, b.topology), 16, 5);
    expect(pic.pool).toBe(4);
    expect(pic.size).toBe(4);
    // Pixel (0, 0) pools sources 0–3 × destinations 0–3: 4 of its 16 pairs are r = d, home from the start.
    const px = rgbAt(pic.steps[0], 4, 0, 0);
    expect(px).toEqual([Math.round(255 * 0.25), 0, 0]);
  });
});

describe('block pictures of pair rectangles', () => {
  it('equal the pictures of the same multi-scatter with its blocks written out as lists', () => {
    for (const [nodes, k] of [
      [16, 3],
      [10, 2],
      [27, 2],
    ]) {
      const spec = findAlgorithm('star-multiscatter')!;
      const b = spec.build({ ...defaultsOf(spec.params), nodes, 'wavelengths-per-node': k });
      const fromRects = blockPictures(pictureInput(b.schedule, b.topology), nodes, 8);
      const fromLists = blockPictures(pictureInput(withBlockLists(b.schedule), b.topology), nodes, 8);
      expect(fromRects.steps.length).toBe(b.schedule.stepCount + 1);
      expect(fromRects).toEqual(fromLists);
      // Every message is delivered at the end: only the empty diagonal keeps the source colour.
      expect(rgbAt(fromRects.steps.at(-1)!, fromRects.size, 0, 1)).toEqual([...STATE_SHARES.home]);
      expect(rgbAt(fromRects.steps[0], fromRects.size, 0, 1)).toEqual([...STATE_SHARES.source]);
    }
  });
});
