import type { RunResult } from '../../../src/result';
import type { LaidOutPicture, LegendEntry } from '../../scene/framePicture';
import { circuitStep } from './circuitFacts';
import {
  drawsBands,
  loadsOf,
  transfersInStep,
  type CircuitLoads,
} from '../../../src/families/circuit/circuit-bands';
import { DIRECTION_COLORS } from './circuitLanes';
import { circuitLayout, circuitSceneParts, circuitXY, subringColor } from './circuitScene';

/** The circuit view's legend: the circuits by subring, the two directions, the ghosts. */
export function circuitLegend(r: RunResult, step: number): LegendEntry[] {
  const n = r.topology.nodeCount;
  const rings = Math.max(1, circuitStep(r, step).subrings);
  const bands = drawsBands(transfersInStep(r.schedule, step), n);
  return [
    {
      label: 'lines: circuits in force, coloured by subring',
      mark: 'strip',
      colours: Array.from({ length: Math.min(rings, 6) }, (_, i) => subringColor(i, rings)),
    },
    { label: 'blocks sent right (+)', mark: 'swatch', colours: [DIRECTION_COLORS.right] },
    { label: 'blocks sent left (−)', mark: 'swatch', colours: [DIRECTION_COLORS.left] },
    { label: 'right outside, left inside each circuit', mark: 'none', colours: [] },
    ...(bands
      ? [{ label: 'band width: blocks over the circuit', mark: 'none', colours: [] } as LegendEntry]
      : []),
    ...(r.realNodes < n
      ? [
          {
            label: `dashed: ghost nodes (padding to ${n})`,
            mark: 'dashed-ring',
            colours: ['#64748b'],
          } as LegendEntry,
        ]
      : []),
  ];
}

/** The circuit switch at `step` as a picture of any size (the layout of the view on screen). */
export function circuitPicture(
  r: RunResult,
  step: number,
  o: {
    hover?: number | null;
    onlyNode0?: boolean;
    loads?: CircuitLoads | null;
    marked?: readonly number[];
  } = {},
): LaidOutPicture {
  const n = r.topology.nodeCount;
  return {
    name: 'circuit',
    title: `Circuit switch with ${n} nodes, ${r.algorithm}, phase ${step} of ${r.schedule.stepCount}`,
    layout: (width, height, type) => {
      const layout = circuitLayout(width, height, n);
      // A dense phase's loads, counted in the worker.
      const loads = o.loads !== undefined ? o.loads : loadsOf(r.extras, step);
      return circuitSceneParts({
        result: r,
        step,
        layout,
        xy: circuitXY(layout, n),
        hover: o.hover ?? null,
        onlyNode0: o.onlyNode0 ?? false,
        type,
        loads,
        marked: o.marked,
      });
    },
    legend: () => circuitLegend(r, step),
  };
}
