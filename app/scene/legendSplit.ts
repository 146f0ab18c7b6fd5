import type { LegendEntry } from './framePicture';

/**
 * Two panes' entries say the same: same words and mark, and the same colours — but for a strip, a
 * scale whose colours follow the pane's own numbers (circuits coloured by subring), where the
 * words are the meaning and the first pane's strip stands for all.
 */
const same = (a: LegendEntry, b: LegendEntry) =>
  a.label === b.label && a.mark === b.mark && (a.mark === 'strip' || a.colours.join() === b.colours.join());

/**
 * Compare panes' legends, said once where they can be: one row under the panes holds every mark
 * (a colour, a line, a ring) that means the same in every pane that draws it — a mark only one
 * pane uses included — and the words without a mark that every pane says. Each pane keeps the
 * rest: its own facts in words ("wavelengths: 2 of 4 used"), and a mark another pane draws
 * otherwise. With a single legend nothing is shared. `null`: a pane without a picture.
 */
export function splitLegends(lists: readonly (readonly LegendEntry[] | null)[]): {
  shared: LegendEntry[];
  own: LegendEntry[][];
} {
  const present = lists.filter((l): l is readonly LegendEntry[] => l !== null);
  const sharable = (e: LegendEntry) =>
    e.mark === 'none'
      ? present.every((l) => l.some((x) => same(x, e)))
      : present.every((l) => l.every((x) => x.label !== e.label || same(x, e)));
  const shared: LegendEntry[] = [];
  if (present.length >= 2)
    for (const l of present)
      for (const e of l) if (sharable(e) && !shared.some((x) => same(x, e))) shared.push(e);
  return {
    shared,
    own: lists.map((l) => (l ?? []).filter((e) => !shared.some((x) => same(x, e)))),
  };
}
