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
 * An axis title in lines of at most `room` px at `size` px type, broken between words, so that the
 * whole title is shown (a lecture chart's titles are long for its size). A word longer than the room
 * keeps a line of its own. Never empty.
 */
export function wrapTitle(title: string, size: number, room: number): string[] {
  const fits = (t: string) => t.length * size * CHAR_EM <= room;
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [title];
}
