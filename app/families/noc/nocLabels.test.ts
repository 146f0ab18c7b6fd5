import { describe, expect, it } from 'vitest';
import type { NocLayout } from './nocLayout';
import { processorLabelSpots } from './nocLabels';

/** `n` routers on a circle of radius `r`, one processor each just outside its router. */
function ring(n: number, r: number): { layout: NocLayout; procRouter: number[] } {
  const xy = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    xy[2 * (n + i)] = 300 + r * Math.cos(a);
    xy[2 * (n + i) + 1] = 300 + r * Math.sin(a);
    xy[2 * i] = 300 + (r + 20) * Math.cos(a);
    xy[2 * i + 1] = 300 + (r + 20) * Math.sin(a);
  }
  return {
    layout: { xy, processors: n, routerRadius: 10, processorRadius: 5 },
    procRouter: Array.from({ length: n }, (_, i) => i),
  };
}

describe('NoC processor numbers', () => {
  it('are placed outside each processor, away from its router, when they have room', () => {
    const { layout, procRouter } = ring(8, 150);
    const at = processorLabelSpots(layout, procRouter, 18)!;
    expect(at).not.toBeNull();
    // Processor 0 is at (475, 300), its router at (450, 300): the number further right.
    expect(at[0]).toBeGreaterThan(475);
    expect(at[1]).toBeCloseTo(300);
  });
  it('are left out when two would run into each other, and come back at a smaller size', () => {
    const { layout, procRouter } = ring(64, 150);
    expect(processorLabelSpots(layout, procRouter, 18)).toBeNull();
    expect(processorLabelSpots(ring(16, 150).layout, ring(16, 150).procRouter, 11)).not.toBeNull();
  });
});
