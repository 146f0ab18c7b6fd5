import { scheduleCsvChunks, scheduleJsonChunks } from '../kernel/format/schedule-export';
import type { AlgorithmSpec } from '../kernel/spec';
import type { Rule, Violation } from '../kernel/verify/rules';
import type { RunResult } from '../result';
import { runWith, type CommandOutput } from './command-kit';
import { plural } from '../kernel/util/units';

// ---------------------------------------------------------------------------------------------------
// schedule

export function scheduleCommand(
  spec: AlgorithmSpec,
  raw: Record<string, string>,
  format: 'json' | 'csv',
): CommandOutput {
  return exportResult(runWith(spec, raw), format);
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
  return `${plural(rep.total, 'violation')}: ${counts}${first}`;
}
