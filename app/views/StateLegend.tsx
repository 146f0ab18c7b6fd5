import type { MarkKind, Rgb } from './matrixStates';
import { markColourOn } from './matrixStates';
import { cssRgb } from '../lib/colors';

export interface LegendEntry {
  /** One colour, or several for a blend (drawn as a gradient). */
  fill: Rgb | readonly Rgb[];
  mark?: MarkKind;
  words: string;
}

/** A legend swatch as the matrix draws the state: its colour (or blend) and its mark. */
function Swatch({ fill, mark }: Pick<LegendEntry, 'fill' | 'mark'>) {
  const list = (Array.isArray(fill[0]) ? fill : [fill]) as readonly Rgb[];
  const id = `blend-${list.map((c) => c.join('-')).join('_')}`;
  return (
    <svg viewBox="0 0 14 14" className="h-3.5 w-3.5 shrink-0" aria-hidden="true">
      {list.length > 1 && (
        <defs>
          <linearGradient id={id}>
            {list.map((c, i) => (
              <stop key={i} offset={i / (list.length - 1)} stopColor={cssRgb(c)} />
            ))}
          </linearGradient>
        </defs>
      )}
      <rect
        x="0.5"
        y="0.5"
        width="13"
        height="13"
        rx="2"
        fill={list.length > 1 ? `url(#${id})` : cssRgb(list[0])}
        className="stroke-line"
      />
      {mark === 'diagonal' && <path d="M3 11L11 3" stroke={markColourOn(list[0])} strokeWidth="1.75" />}
      {mark === 'dot' && <circle cx="7" cy="7" r="2.4" fill={markColourOn(list[0])} />}
    </svg>
  );
}

/** A matrix's legend: each state as drawn (colour, blend, mark) and its words. */
export function StateLegend({ entries, testId }: { entries: readonly LegendEntry[]; testId?: string }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 px-2 text-sm text-text" data-testid={testId}>
      {entries.map((e) => (
        <li key={e.words} className="inline-flex items-center gap-1">
          <Swatch fill={e.fill} mark={e.mark} />
          {e.words}
        </li>
      ))}
    </ul>
  );
}
