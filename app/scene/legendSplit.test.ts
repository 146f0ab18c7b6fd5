import { describe, expect, it } from 'vitest';
import type { LegendEntry } from './framePicture';
import { splitLegends } from './legendSplit';

const e = (label: string, colours: string[] = ['#000']): LegendEntry => ({ label, mark: 'line', colours });
const words = (label: string): LegendEntry => ({ label, mark: 'none', colours: [] });

describe('compare panes’ legends', () => {
  it('marks that mean the same wherever drawn go in one row, even one pane’s own; words only when all say them', () => {
    const { shared, own } = splitLegends([
      [e('root'), e('electronic'), words('right outside')],
      [e('root'), e('electronic'), e('corner mark'), words('right outside')],
      null,
      [e('electronic'), e('root'), words('zoomed out'), words('right outside')],
    ]);
    expect(shared.map((x) => x.label)).toEqual(['root', 'electronic', 'right outside', 'corner mark']);
    expect(own.map((l) => l.map((x) => x.label))).toEqual([[], [], [], ['zoomed out']]);
  });

  it('a mark drawn in other colours by another pane stays with each pane; one legend shares nothing', () => {
    const { shared, own } = splitLegends([
      [e('λ0', ['#111']), e('root')],
      [e('λ0', ['#222']), e('root')],
    ]);
    expect(shared.map((x) => x.label)).toEqual(['root']);
    expect(own.map((l) => l.map((x) => x.colours[0]))).toEqual([['#111'], ['#222']]);
    expect(splitLegends([[e('root')], null]).shared).toEqual([]);
    // A strip is a scale: the same words mean the same, whatever colours each pane's numbers give it.
    const strip = (colours: string[]): LegendEntry => ({
      label: 'circuits by subring',
      mark: 'strip',
      colours,
    });
    expect(splitLegends([[strip(['#1', '#2'])], [strip(['#3'])]]).shared).toHaveLength(1);
  });
});
