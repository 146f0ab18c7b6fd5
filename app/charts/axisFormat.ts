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
