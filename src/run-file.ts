import { stepStats } from './kernel/model/step-stats';
import { ScheduleFormatError, fromScheduleJson } from './kernel/format/schedule-import';
import type { Schedule } from './kernel/model/schedule';
import type { Topology } from './kernel/model/topology';
import type { ParamValues } from './kernel/params/schema';
import { verifyAsDeclared } from './declared-model';
import { INTERCONNECTS } from './interconnects';
import { InputError, fileNodeLimit, type Limits } from './limits';
import { FILE_ALGORITHM, summaryOf, type FileSource, type RunResult } from './result';

/**
 * Reads a parsed schedule document (docs/schedule-format.md), verifies it with the one verifier and
 * measures what needs no time model. Bad documents throw InputError with the message `npm run cli --
 * check` prints (more processors than `limits.fileNodes` among them, before anything is sized by
 * them); a schedule that breaks the rules is a result like any other, its violations in `report` (the
 * page lists them and takes you to their steps). Files reach it through src/file-formats.ts.
 */
export function runScheduleDocument(
  doc: unknown,
  source: Omit<FileSource, 'madeBy'>,
  limits: Limits,
): RunResult {
  let imported: ReturnType<typeof fromScheduleJson>;
  try {
    imported = fromScheduleJson(doc, fileNodeLimit(limits));
  } catch (e) {
    if (e instanceof ScheduleFormatError) throw new InputError(`${source.name}: ${e.message}`);
    throw e;
  }
  return runImported(imported, source, limits);
}

/**
 * A schedule read from a file of any format, as a run: the transfer limit, the one verifier (with the
 * rules of the model the file names, when it names one: `params` with its algorithm), and the model
 * that recognises its network (a reader of another format ends here too).
 */
export function runImported(
  imported: { schedule: Schedule; topology: Topology; params?: Readonly<Record<string, unknown>> | null },
  source: Omit<FileSource, 'madeBy'>,
  limits: Limits,
): RunResult {
  let { topology } = imported;
  if (imported.schedule.transferCount > limits.transfers)
    throw new InputError(
      `${source.name} has ${imported.schedule.transferCount.toLocaleString('en-US')} transfers; ${limits.name} shows at most ${limits.transfers.toLocaleString('en-US')}`,
    );
  const t0 = Date.now();
  // The generic rules, and those of the model the file names (its network, routing, combining, ports).
  const {
    report,
    holdings,
    schedule: checked,
  } = verifyAsDeclared({ ...imported, params: imported.params ?? null });
  let schedule = checked;
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
