import { chakraJob, chakraStem } from '../interop/chakra/chakra-export';
import { mscclJob, mscclXmlText } from '../interop/msccl-export/msccl-export';
import { checkTrace, traceJsonChunks } from '../interop/trace/trace-export';
import { runToEnd } from '../kernel/jobs';
import { scheduleCsvChunks, scheduleJsonChunks } from '../kernel/format/schedule-export';
import type { AlgorithmSpec } from '../kernel/spec';
import type { Rule, Violation } from '../kernel/verify/rules';
import type { RunResult } from '../result';
import { CliError, notes, runWith, timeLimitNote, type CliIo, type CommandOutput } from './command-kit';
import { OUTPUT_LIMIT_BYTES, outputBytes } from './output-size';

// ---------------------------------------------------------------------------------------------------
// schedule

/**
 * What `schedule` writes: the exchange format (JSON, CSV) or, for other tools (docs/interop.md),
 * an MSCCL algorithm (XML), Chakra execution traces (one `.et` file per rank, into the --out folder)
 * or the step timeline as Trace Event JSON (Perfetto, chrome://tracing).
 */
export const SCHEDULE_FORMATS = ['json', 'csv', 'msccl', 'chakra', 'trace'] as const;
export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

/**
 * `schedule`: builds, verifies and exports. A JSON or CSV export's size is counted first: over
 * OUTPUT_LIMIT_BYTES it is refused unless `force`. A run the time limit ended says so on standard
 * error and writes the best schedule found.
 */
export function scheduleCommand(
  spec: AlgorithmSpec,
  raw: Record<string, string>,
  format: ScheduleFormat,
  io?: CliIo,
  force = false,
  out?: string,
): CommandOutput {
  if (format === 'chakra' && out === undefined)
    throw new CliError('--format chakra writes one file per rank: give --out FOLDER');
  const run = runWith(spec, raw, io);
  const r = run.result;
  const told = (o: CommandOutput): CommandOutput => ({
    ...o,
    err: notes(o.err, timeLimitNote(run, 'the schedule written')),
    watch: run.watch,
  });
  switch (format) {
    case 'json':
    case 'csv': {
      const bytes = outputBytes(r, format);
      if (bytes > OUTPUT_LIMIT_BYTES && !force) throw new CliError(tooBig(r, format, bytes));
      return { ...told(exportResult(r, format)), bytes };
    }
    case 'msccl':
      // Built before anything is written, so a refusal (a runtime limit) leaves no file behind.
      return told({ code: 0, out: mscclXmlText(runToEnd(mscclJob(r))) });
    case 'chakra': {
      const traces = runToEnd(chakraJob(r, chakraStem(r)));
      const last = traces.files.length - 1;
      return told(
        withVerdict(r, {
          out: [
            `wrote ${traces.files.length} Chakra traces to ${out}: ${traces.stem}.0.et … ${traces.stem}.${last}.et (ASTRA-sim's workload path: ${out}/${traces.stem})\n`,
          ],
          files: traces.files.map((f) => ({ name: f.name, bytes: f.bytes })),
        }),
      );
    }
    case 'trace':
      checkTrace(r);
      return told(withVerdict(r, { out: traceJsonChunks(r) }));
  }
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
