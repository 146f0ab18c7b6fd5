import { formatBytes, formatSeconds } from '../lib/format';

/** A tick label: seconds and bytes carry their own scaled unit; other units are in the axis title. */
export function formatTick(v: number, unit: string): string {
  if (unit === 's') return formatSeconds(v);
  if (unit === 'B') return formatBytes(v);
  return v.toLocaleString('en-US', { maximumSignificantDigits: 4 });
}

/** A value with its unit, for tooltips. */
export function formatAxisValue(v: number, unit: string): string {
  const t = formatTick(v, unit);
  return unit && unit !== 's' && unit !== 'B' ? `${t} ${unit}` : t;
}

/** The axis title, with the unit when tick labels do not carry it. */
export function axisTitle(label: string, unit: string, log: boolean): string {
  const u = unit && unit !== 's' && unit !== 'B' && !label.includes(`(${unit})`) ? ` (${unit})` : '';
  return `${label}${u}${log ? ', log scale' : ''}`;
}

/** Width of a character of system-ui text, as a share of its size (a generous average). */
const CHAR_EM = 0.56;

/**
 * An axis title that fits in `room` px at `size` px type: whole when it does, else cut at a word
 * and ended with "…" (the whole title stays in the chart's tooltip). Never empty.
 */
export function fitTitle(title: string, size: number, room: number): string {
  const fits = (t: string) => t.length * size * CHAR_EM <= room;
  if (fits(title)) return title;
  const words = title.split(' ');
  while (words.length > 1 && !fits(`${words.join(' ')}…`)) words.pop();
  const cut = words.join(' ').replace(/[,;:]$/, '');
  if (fits(`${cut}…`)) return `${cut}…`;
  return `${title.slice(0, Math.max(1, Math.floor(room / (size * CHAR_EM)) - 1))}…`;
}
