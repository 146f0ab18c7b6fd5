/**
 * Numbers as the app, the command line and the model notes write them: seconds in a fitting unit
 * (s, ms, µs, ns) with four significant digits, bytes in binary units, counts with thousands
 * separators — one way everywhere, never "4.9072e-5 s" or "55,300 KiB".
 */

// One formatter each, made once: `toLocaleString` with a locale builds a new Intl.NumberFormat on
// every call (about 0.1 ms each, tens of ms for the first), and the step time is formatted on every
// frame while playing. Same output as `x.toLocaleString('en-US', options)`.
const COUNT = new Intl.NumberFormat('en-US');
const FOUR_DIGITS = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** x with at most four significant digits (thousands separated). */
export function fourDigits(x: number): string {
  return FOUR_DIGITS.format(x);
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  if (s === 0) return '0 s';
  const a = Math.abs(s);
  if (a >= 1) return `${fourDigits(s)} s`;
  if (a >= 1e-3) return `${fourDigits(s * 1e3)} ms`;
  if (a >= 1e-6) return `${fourDigits(s * 1e6)} µs`;
  return `${fourDigits(s * 1e9)} ns`;
}

/** Bytes in the largest binary unit that keeps the number at 1 or more: 1,000 B, 1.5 KiB, 54 MiB. */
export function formatBytes(b: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let x = b;
  let i = 0;
  while (Math.abs(x) >= 1024 && i < units.length - 1) {
    x /= 1024;
    i++;
  }
  return `${i === 0 ? COUNT.format(x) : fourDigits(x)} ${units[i]}`;
}

export function formatCount(n: number): string {
  return COUNT.format(n);
}

/**
 * A count and its noun, the noun singular for exactly one: "1 step", "0 steps", "1,024 steps". The
 * one way the app, the narrations and the command line count things in words.
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${COUNT.format(n)} ${noun(n, one, many)}`;
}

/** The noun alone, for where the count is written apart (in bold, signed): "step" for 1, else "steps". */
export function noun(n: number, one: string, many = `${one}s`): string {
  return Math.abs(n) === 1 ? one : many;
}
