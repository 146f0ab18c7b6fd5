/** Number formatting for panels: seconds with a fitting unit, bytes in binary units. */

// One formatter each, made once: `toLocaleString` with a locale builds a new Intl.NumberFormat on
// every call (about 0.1 ms each, tens of ms for the first), and the step time is formatted on every
// frame while playing. Same output as `x.toLocaleString('en-US', options)`.
const COUNT = new Intl.NumberFormat('en-US');
const FOUR_DIGITS = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  if (s === 0) return '0 s';
  const a = Math.abs(s);
  if (a >= 1) return `${round(s)} s`;
  if (a >= 1e-3) return `${round(s * 1e3)} ms`;
  if (a >= 1e-6) return `${round(s * 1e6)} µs`;
  return `${round(s * 1e9)} ns`;
}

export function formatBytes(b: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let x = b;
  let i = 0;
  while (x >= 1024 && i < units.length - 1 && Number.isInteger(x / 1024)) {
    x /= 1024;
    i++;
  }
  if (i === 0 && b >= 1024) return `${round(b / 1024)} KiB`;
  return `${COUNT.format(x)} ${units[i]}`;
}

export function formatCount(n: number): string {
  return COUNT.format(n);
}

function round(x: number): string {
  return FOUR_DIGITS.format(x);
}

/** Formats a value of a formula row in its unit. */
export function formatValue(v: number, unit: string): string {
  return unit === 's' ? formatSeconds(v) : formatCount(Math.round(v * 1000) / 1000);
}

/** A time of the run's time model: seconds, or the model's own unit (the star's message times). */
export function formatTime(v: number, units?: { time: string }): string {
  return units ? `${round(v)} ${units.time}` : formatSeconds(v);
}

/** An amount of data: bytes, or the model's own unit (messages). */
export function formatData(v: number, units?: { data: string }): string {
  return units ? `${formatCount(v)} ${units.data}` : formatBytes(v);
}
