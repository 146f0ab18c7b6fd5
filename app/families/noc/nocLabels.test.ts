import { describe, expect, it } from 'vitest';
import type { NocLayout } from './nocLayout';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../../src/limits';
import { run } from '../../../src/run';
import { findCard } from '../../../src/cards';
import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import { DESK_TYPE, LECTURE_TYPE } from '../../views/canvasText';
import { nocLayout } from './nocLayout';
import { MIN_PROCESSOR_NUMBER, processorLabelSpots, processorNumberPx } from './nocLabels';

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

describe('NoC processor numbers at the desk', () => {
  it('are never under 11 px, however small the processors are drawn', () => {
    expect(processorNumberPx(DESK_TYPE, 2)).toBe(MIN_PROCESSOR_NUMBER);
    expect(processorNumberPx(DESK_TYPE, 8)).toBeGreaterThanOrEqual(11);
    expect(processorNumberPx(DESK_TYPE, 40)).toBe(14);
    expect(processorNumberPx(LECTURE_TYPE, 2)).toBeGreaterThanOrEqual(18);
  });

  it('the 8 × 8 mesh with two processors a router has them all, at 11 px, in the desk’s picture', () => {
    const defaults = defaultsOf(findCard('noc-scatter')!.params);
    const r = run(
      'noc-scatter',
      { ...defaults, network: 'mesh', rows: 8, cols: 8, pattern: 'oas', root: 0, method: 'constructive' },
      CLI_LIMITS,
    );
    const x = nocExtrasOf(r.extras)!;
    expect(x.procRouter).toHaveLength(128);
    // The picture's box at 1280 × 720 at the desk: about 600 × 420, the caption's 56 px band above.
    const layout = nocLayout(x, 600, 420, 56);
    const spots = processorLabelSpots(
      layout,
      x.procRouter,
      processorNumberPx(DESK_TYPE, layout.processorRadius),
    );
    expect(spots).not.toBeNull();
  });
});
