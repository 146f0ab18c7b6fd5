import { chakraJob, chakraStem } from '../interop/chakra/chakra-export';
import { mscclJob, mscclXmlText } from '../interop/msccl-export/msccl-export';
import { checkTrace, traceJsonChunks } from '../interop/trace/trace-export';
import { runToEnd } from '../kernel/jobs';
import { scheduleCsvChunks, scheduleJsonChunks } from '../kernel/format/schedule-export';
import type { AlgorithmSpec } from '../kernel/spec';
import type { Rule, Violation } from '../kernel/verify/rules';
import type { RunResult } from '../result';
import { CliError, runWith, type CommandOutput } from './command-kit';

// ---------------------------------------------------------------------------------------------------
// schedule

/**
 * What `schedule` writes: the exchange format (JSON, CSV) or, for other tools (docs/interop.md),
 * an MSCCL algorithm (XML), Chakra execution traces (one `.et` file per rank, into the --out folder)
 * or the step timeline as Trace Event JSON (Perfetto, chrome://tracing).
 */
export const SCHEDULE_FORMATS = ['json', 'csv', 'msccl', 'chakra', 'trace'] as const;
export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

export function scheduleCommand(
  spec: AlgorithmSpec,
  raw: Record<string, string>,
  format: ScheduleFormat,
  out?: string,
): CommandOutput {
  if (format === 'chakra' && out === undefined)
    throw new CliError('--format chakra writes one file per rank: give --out FOLDER');
  const r = runWith(spec, raw);
  switch (format) {
    case 'json':
    case 'csv':
      return exportResult(r, format);
    case 'msccl':
      // Built before anything is written, so a refusal (a runtime limit) leaves no file behind.
      return { code: 0, out: mscclXmlText(runToEnd(mscclJob(r))) };
    case 'chakra': {
      const traces = runToEnd(chakraJob(r, chakraStem(r)));
      const last = traces.files.length - 1;
      return withVerdict(r, {
        out: [
          `wrote ${traces.files.length} Chakra traces to ${out}: ${traces.stem}.0.et … ${traces.stem}.${last}.et (ASTRA-sim's workload path: ${out}/${traces.stem})\n`,
        ],
        files: traces.files.map((f) => ({ name: f.name, bytes: f.bytes })),
      });
    }
    case 'trace':
      checkTrace(r);
      return withVerdict(r, { out: traceJsonChunks(r) });
  }
}

/** Exports a result; a schedule that fails verification is still exported, with exit code 1. */
export function exportResult(r: RunResult, format: 'json' | 'csv'): CommandOutput {
  return withVerdict(r, { out: format === 'json' ? scheduleJsonChunks(r) : scheduleCsvChunks(r) });
}

function withVerdict(r: RunResult, output: Omit<CommandOutput, 'code'>): CommandOutput {
  return r.report.ok
    ? { code: 0, ...output }
    : {
        code: 1,
        ...output,
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
