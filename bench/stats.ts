/** Small statistics and report lines shared by the benchmark scripts. */
import { cpus, totalmem } from 'node:os';

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile (p from 0 to 100). */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** The Markdown lines naming the date, machine and load, printed before a results table. */
export function machineLines(load: readonly number[]): string[] {
  return [
    `- Date: ${new Date().toISOString()}`,
    `- CPU: ${cpus()[0]?.model.trim()} × ${cpus().length}; memory ${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node ${process.version}; load average before the runs ${load.map((x) => x.toFixed(2)).join(' ')}`,
  ];
}
