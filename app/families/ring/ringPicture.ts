import { stepCounts } from '../../../src/kernel/replay/step-counts';
import type { RunResult } from '../../../src/result';
import { COLORS, wavelengthColor } from '../../lib/colors';
import type { LaidOutPicture, LegendEntry } from '../../scene/framePicture';
import { ringLayout } from '../../views/ringGeometry';
import { channelsInStep, describeChannels } from '../../views/wavelengthList';
import { groupColor, phaseGroups, phaseOf, ringSceneParts } from './ringScene';

/** Wavelengths the exported legend names; the rest are counted. */
const LEGEND_WAVELENGTHS = 10;

/** The ring's legend: the two fibres, the wavelengths in use (this step's, else the schedule's), the marks. */
export function ringLegend(r: RunResult, step: number): LegendEntry[] {
  const w = r.topology.linkChannels[0] ?? 1;
  const used = r.summary.channelsUsed;
  const inStep = channelsInStep(r.schedule, step);
  const all = inStep.length ? inStep : Array.from({ length: used }, (_, i) => i);
  const groups = phaseGroups(r, phaseOf(r, step))?.length ?? 0;
  return [
    {
      label: 'outer lanes: clockwise fibre, inner lanes: counter-clockwise fibre',
      mark: 'none',
      colours: [],
    },
    {
      label: `wavelengths: ${used} of ${w} used${inStep.length ? `, ${inStep.length} in this step` : ''}`,
      mark: 'none',
      colours: [],
    },
    ...all
      .slice(0, LEGEND_WAVELENGTHS)
      .map((ch): LegendEntry => ({ label: `λ${ch}`, mark: 'line', colours: [wavelengthColor(ch, w)] })),
    ...(all.length > LEGEND_WAVELENGTHS
      ? [{ label: `… in all: ${describeChannels(all)}`, mark: 'none', colours: [] } as LegendEntry]
      : []),
    { label: 'received this step', mark: 'ring', colours: [COLORS.arrived] },
    ...(groups
      ? [
          {
            label: `${groups} subsets exchanging in this stage`,
            mark: 'strip',
            colours: [0, 1, 2].map(groupColor),
          } as LegendEntry,
        ]
      : []),
  ];
}

/** The ring at `step` as a picture of any size (the layout of the view on screen). */
export function ringPicture(
  r: RunResult,
  step: number,
  marks: {
    marked?: number | null;
    highlight?: number[] | null;
    markedLinks?: readonly number[];
    laneNumbers?: readonly number[] | null;
  } = {},
): LaidOutPicture {
  const n = r.topology.nodeCount;
  const w = r.topology.linkChannels[0] ?? 1;
  return {
    name: 'ring',
    title: `Ring of ${n} nodes, ${r.algorithm}, step ${step} of ${r.schedule.stepCount}`,
    layout: (width, height, type) =>
      ringSceneParts({
        result: r,
        step,
        layout: ringLayout(width, height, n, w),
        counts: stepCounts(r.holdings, step).counts,
        hovered: marks.marked ?? null,
        groups: phaseGroups(r, phaseOf(r, step)),
        highlight: marks.highlight ?? null,
        type,
        laneNumbers: marks.laneNumbers ?? null,
        markedLinks: marks.markedLinks ?? [],
      }),
    legend: () => ringLegend(r, step),
  };
}
