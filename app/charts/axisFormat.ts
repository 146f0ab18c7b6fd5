import { formatBytes, formatSeconds } from '../lib/format';

/** A value in an axis' unit, short enough for a tick label. */
export function formatAxisValue(v: number, unit: string): string {
  if (unit === 's') return formatSeconds(v);
  if (unit === 'B') return formatBytes(v);
  const n = v.toLocaleString('en-US', { maximumSignificantDigits: 4 });
  return unit ? `${n} ${unit}` : n;
}
