/** Number formatting for panels: the core's one way of writing numbers (kernel/util/units.ts), and units of a model's own. */

import {
  formatBytes,
  formatCount,
  formatSeconds,
  fourDigits,
  noun,
  plural,
} from '../../src/kernel/util/units';

export { formatBytes, formatCount, formatSeconds, noun, plural };

/** Formats a value of a formula row in its unit. */
export function formatValue(v: number, unit: string): string {
  return unit === 's' ? formatSeconds(v) : formatCount(Math.round(v * 1000) / 1000);
}

/** A time of the run's time model: seconds, or the model's own unit (the star's message times). */
export function formatTime(v: number, units?: { time: string }): string {
  return units ? `${fourDigits(v)} ${units.time}` : formatSeconds(v);
}

/** An amount of data: bytes, or the model's own unit (messages). */
export function formatData(v: number, units?: { data: string }): string {
  return units ? `${formatCount(v)} ${units.data}` : formatBytes(v);
}
