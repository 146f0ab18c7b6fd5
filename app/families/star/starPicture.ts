import type { StarTunings } from '../../../src/families/star/star-cost';
import { kOf } from '../../../src/families/star/star-params';
import { heldCounts } from '../../../src/kernel/replay/holding-queries';
import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import { typePx } from '../../views/canvasText';
import { channelsInStep, describeChannels } from '../../views/wavelengthList';
import type { LaidOutPicture, LegendEntry } from '../../scene/framePicture';
import { starSceneParts } from './starScene';
import { starGeometry, starLayout } from './starLayout';
import { tuningCounts, tuningsOf } from './starTunings';
import { LEGEND_SHOWN, stepColours } from './stepColours';

/** The star's legend: tunings so far, the marks, the dummies, the step's wavelengths. */
export function starLegend(r: RunResult, step: number): LegendEntry[] {
  const n = r.topology.nodeCount;
  const tunings = tuningsOf(r, kOf(r.params));
  const { here, soFar } = tuningCounts(tunings, step);
  const colours = stepColours(r, step);
  const entries: LegendEntry[] = [
    { label: `tunings this step: ${here}, so far: ${soFar}`, mark: 'none', colours: [] },
    { label: 'retuned this step', mark: 'ring', colours: [COLORS.highlight] },
    { label: 'received', mark: 'ring', colours: [COLORS.arrived] },
  ];
  if (n > r.realNodes)
    entries.push({ label: `dummy (${n - r.realNodes})`, mark: 'dashed-ring', colours: ['#94a3b8'] });
  if (colours.count > LEGEND_SHOWN)
    entries.push({
      label: `${colours.count.toLocaleString('en-US')} wavelengths in this step: ${describeChannels(channelsInStep(r.schedule, step))}`,
      mark: 'strip',
      colours: colours.strip,
    });
  else
    for (const [w, colour] of colours.legend)
      entries.push({ label: `λ${w}`, mark: 'line', colours: [colour] });
  return entries;
}

/** The star at `step` as a picture of any size (the layout of the view on screen). */
export function starPicture(
  r: RunResult,
  step: number,
  o: {
    hovered?: number | null;
    /** What the view has already worked out for this result (else worked out here). */
    finalCounts?: Uint32Array;
    tunings?: StarTunings;
    marked?: readonly number[];
  } = {},
): LaidOutPicture {
  const n = r.topology.nodeCount;
  return {
    name: 'star',
    title: `Passive star of ${n} processors, ${r.algorithm}, step ${step} of ${r.schedule.stepCount}`,
    layout: (width, height, type) => {
      // Room for the numbers at the picture's type size, as on screen.
      const layout = starLayout(width, height, n, typePx(type, 16));
      return starSceneParts({
        result: r,
        step,
        layout,
        counts: stepCounts(r.holdings, step).counts,
        finalCounts: o.finalCounts ?? heldCounts(r.holdings, r.schedule.stepCount),
        colours: stepColours(r, step),
        tunings: o.tunings ?? tuningsOf(r, kOf(r.params)),
        real: r.realNodes,
        hovered: o.hovered ?? null,
        geometry: starGeometry(layout, n),
        marked: o.marked,
        type,
      });
    },
    legend: () => starLegend(r, step),
  };
}
