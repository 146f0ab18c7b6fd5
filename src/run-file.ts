import { stepStats } from './kernel/model/step-stats';
import { ScheduleFormatError, fromScheduleJson } from './kernel/format/schedule-import';
import type { ParamValues } from './kernel/params/schema';
import { verify } from './kernel/verify/verifier';
import { INTERCONNECTS } from './interconnects';
import { InputError, type Limits } from './limits';
import { FILE_ALGORITHM, summaryOf, type FileSource, type RunResult } from './result';

/** Longest file text read (in characters): 256 MB of JSON is far past what a page can draw. */
export const MAX_FILE_CHARS = 256 * 2 ** 20;

/**
 * Reads a schedule file (docs/schedule-format.md), verifies it with the one verifier and measures
 * what needs no time model. Bad files throw InputError with the message `npm run cli -- check`
 * prints; a file whose schedule breaks the rules is a result like any other, its violations in
 * `report` (the page lists them and takes you to their steps).
 */
export function runFile(text: string, source: Omit<FileSource, 'madeBy'>, limits: Limits): RunResult {
  if (text.length > MAX_FILE_CHARS)
    throw new InputError(
      `${source.name} is longer than ${MAX_FILE_CHARS / 2 ** 20} MB; the page reads no more`,
    );
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${source.name} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  let imported: ReturnType<typeof fromScheduleJson>;
  try {
    imported = fromScheduleJson(doc);
  } catch (e) {
    if (e instanceof ScheduleFormatError) throw new InputError(`${source.name}: ${e.message}`);
    throw e;
  }
  let { schedule, topology } = imported;
  if (schedule.transferCount > limits.transfers)
    throw new InputError(
      `${source.name} has ${schedule.transferCount.toLocaleString('en-US')} transfers; ${limits.name} shows at most ${limits.transfers.toLocaleString('en-US')}`,
    );
  const t0 = Date.now();
  const { report, holdings } = verify(schedule, topology);
  const verifyMs = Date.now() - t0;
  // Drawn by its model's own view when the network is one the app knows, else as a graph; the model
  // names the parameters its views need (the star's k) and computes its extras (the star's tunings).
  let params: ParamValues = {};
  let extras: Readonly<Record<string, unknown>> | undefined;
  for (const model of Object.values(INTERCONNECTS)) {
    const seen = model.recognise?.(topology, schedule);
    if (seen) {
      ({ topology, schedule } = seen);
      params = seen.params ?? {};
      extras = model.extras?.(schedule, params, topology);
      break;
    }
  }
  const madeBy = schedule.algorithm === 'imported' ? undefined : schedule.algorithm;
  return {
    algorithm: FILE_ALGORITHM,
    params,
    ...(extras ? { extras } : {}),
    source: { ...source, ...(madeBy ? { madeBy } : {}) },
    topology,
    schedule,
    realNodes: topology.nodeCount,
    holdings,
    report,
    // A file brings no cost parameters: its time is not measured.
    summary: summaryOf(schedule, report.usage, NaN),
    stepSeconds: new Float64Array(schedule.stepCount),
    stepStats: stepStats(schedule, topology),
    formulas: [],
    timing: { buildMs: 0, verifyMs },
  };
}
