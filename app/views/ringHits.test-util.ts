import { expect } from 'vitest';
import { hitTest } from '../scene/hitTest';
import type { Primitive } from '../scene/primitives';
import { nodeAt, type RingLayout } from './ringGeometry';

/**
 * Expects the scene's hit test to name, at every 7th pixel of an 800 × 600 picture, the node that the
 * ring geometry finds there (or none where it finds none); returns how many of those pixels hit a node.
 */
export function expectHitsAsRingGeometry(scene: readonly Primitive[], layout: RingLayout, n: number): number {
  let found = 0;
  for (let x = 0; x < 800; x += 7)
    for (let y = 0; y < 600; y += 7) {
      const node = nodeAt(layout, n, x, y);
      expect(hitTest(scene, x, y)?.id ?? null).toBe(node);
      if (node !== null) found++;
    }
  return found;
}
