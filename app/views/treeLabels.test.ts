import { describe, expect, it } from 'vitest';
import { thinLabels } from './treeLabels';

describe('tree labels thinned per level', () => {
  it('keeps every label when they fit, and never lets two written labels touch when they do not', () => {
    const spaced = Array.from({ length: 8 }, (_, i) => ({ x: i * 40, label: String(i) }));
    expect(thinLabels(spaced, 7).every(Boolean)).toBe(true);
    // 64 leaves 9 px apart (a 600 px wide tree): two-digit labels (14 px) cannot all be written.
    const dense = Array.from({ length: 64 }, (_, i) => ({ x: i * 9, label: String(i) }));
    const shown = thinLabels(dense, 7);
    const written = dense.filter((_, i) => shown[i]);
    expect(shown[0]).toBe(true);
    expect(written.length).toBeGreaterThan(16);
    expect(written.length).toBeLessThan(64);
    for (let k = 1; k < written.length; k++) {
      const [a, b] = [written[k - 1], written[k]];
      expect(b.x - (b.label.length * 7) / 2).toBeGreaterThanOrEqual(a.x + (a.label.length * 7) / 2 + 4);
    }
  });
});
