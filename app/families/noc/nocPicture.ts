import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import type { SearchAttempt } from '../../../src/kernel/spec';
import type { RunResult } from '../../../src/result';
import { COLORS } from '../../lib/colors';
import type { LaidOutPicture, LegendEntry } from '../../scene/framePicture';
import { attemptShown } from './nocAttempt';
import { nocLayout } from './nocLayout';
import { nocSceneParts, nocTop } from './nocScene';
import { ROLE_COLOURS } from './nocRoles';
import { plural } from '../../lib/format';

/** The NoC view's legend (as under the view, without the hint to click). */
export function nocLegend(r: RunResult, step: number, attempt: boolean): LegendEntry[] {
  const x = nocExtrasOf(r.extras);
  const bound = x?.bound;
  return [
    { label: 'router', mark: 'swatch', colours: [COLORS.node] },
    { label: 'sender (T)', mark: 'ring', colours: [ROLE_COLOURS.sender] },
    { label: 'receiver (R)', mark: 'ring', colours: [ROLE_COLOURS.receiver] },
    { label: 'both', mark: 'ring', colours: [ROLE_COLOURS.both] },
    ...(attempt
      ? []
      : [
          {
            label: 'filled: has all its messages (pale: some)',
            mark: 'swatch',
            colours: [ROLE_COLOURS.receiver],
          } as LegendEntry,
        ]),
    { label: 'coloured paths: this step’s messages, one colour per sender', mark: 'none', colours: [] },
    ...(attempt
      ? [
          {
            label: 'red dashes: a channel two messages want in this step',
            mark: 'line',
            colours: [COLORS.conflict],
          } as LegendEntry,
        ]
      : []),
    ...(bound && !attempt && step === 0
      ? [
          {
            label: `in red: why no schedule has fewer than ${plural(bound.value, 'step')}`,
            mark: 'line',
            colours: [COLORS.conflict],
          } as LegendEntry,
        ]
      : []),
  ];
}

/**
 * The network-on-chip at `step` as a picture of any size (the layout of the view on screen); a
 * search's attempt, when one is drawn on screen, is drawn in the picture too.
 */
export function nocPicture(
  r: RunResult,
  step: number,
  o: {
    attempt?: SearchAttempt | null;
    picked?: number | null;
    marked?: number | null;
    markedLinks?: readonly number[];
  } = {},
): LaidOutPicture {
  const x = nocExtrasOf(r.extras)!;
  const attempt = o.attempt ?? null;
  return {
    name: 'noc',
    title: `${x.name} with ${x.procRouter.length} processors, ${r.algorithm}, step ${step} of ${r.schedule.stepCount}`,
    layout: (width, height, type) => {
      const layout = nocLayout(x, width, height, nocTop(type));
      return nocSceneParts({
        result: r,
        step,
        width,
        layout,
        ...attemptShown(attempt, r.topology, layout, step, o.picked ?? null),
        compact: false,
        type,
        marked: o.marked ?? null,
        markedLinks: o.markedLinks,
      });
    },
    legend: () => nocLegend(r, step, attempt !== null),
  };
}
