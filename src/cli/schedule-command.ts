import { scheduleCsvChunks, scheduleJsonChunks } from '../kernel/format/schedule-export';
import type { AlgorithmSpec } from '../kernel/spec';
import type { Rule, Violation } from '../kernel/verify/rules';
import type { RunResult } from '../result';
import { CliError, notes, runWith, timeLimitNote, type CliIo, type CommandOutput } from './command-kit';
import { OUTPUT_LIMIT_BYTES, outputBytes } from './output-size';

// ---------------------------------------------------------------------------------------------------
// schedule

/**
 * `schedule`: builds, verifies and exports. The export's size is counted first: over
 * OUTPUT_LIMIT_BYTES it is refused unless `force`. A run the time limit ended says so on standard
 * error and writes the best schedule found.
 */
export function scheduleCommand(
  spec: AlgorithmSpec,
  raw: Record<string, string>,
  format: 'json' | 'csv',
  io?: CliIo,
  force = false,
): CommandOutput {
  const run = runWith(spec, raw, io);
  const bytes = outputBytes(run.result, format);
  if (bytes > OUTPUT_LIMIT_BYTES && !force) throw new CliError(tooBig(run.result, format, bytes));
  const r = exportResult(run.result, format);
  const err = notes(r.err, timeLimitNote(run, 'the schedule written'));
  return { ...r, err, bytes, watch: run.watch };
}

/** Bytes in words: 812 MB, 2.1 GB, 7.6 TB. */
function size(bytes: number): string {
  const [unit, value] =
    bytes >= 1e12 ? ['TB', bytes / 1e12] : bytes >= 1e9 ? ['GB', bytes / 1e9] : ['MB', bytes / 1e6];
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;
}

function tooBig(r: RunResult, format: 'json' | 'csv', bytes: number): string {
  const f = (x: number) => x.toLocaleString('en-US');
  return (
    `${r.algorithm}: this schedule would be about ${size(bytes)} of ${format.toUpperCase()} ` +
    `(${f(r.schedule.transferCount)} transfers, ${f(r.summary.steps)} steps); schedule writes at most ` +
    `${f(OUTPUT_LIMIT_BYTES)} bytes (the most check reads back) unless --force is given`
  );
}

/** Exports a result; a schedule that fails verification is still exported, with exit code 1. */
export function exportResult(r: RunResult, format: 'json' | 'csv'): CommandOutput {
  const out = format === 'json' ? scheduleJsonChunks(r) : scheduleCsvChunks(r);
  return r.report.ok
    ? { code: 0, out }
    : {
        code: 1,
        out,
        err: `${r.algorithm}: the schedule fails verification (${verdict(r.report)}); exported anyway`,
      };
}

export function verdict(rep: {
  total: number;
  counts: Partial<Record<Rule, number>>;
  violations: Violation[];
}): string {
  const counts = Object.entries(rep.counts)
    .map(([rule, k]) => `${rule} ${k}`)
    .join(', ');
  const first = rep.violations[0] ? `; first: ${rep.violations[0].message}` : '';
  return `${rep.total} violation${rep.total === 1 ? '' : 's'}: ${counts}${first}`;
}
