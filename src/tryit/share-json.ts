import { toScheduleJson } from '../kernel/format/schedule-export';
import { fromScheduleJson, ScheduleFormatError } from '../kernel/format/schedule-import';
import type { ScheduleJson } from '../kernel/format/schedule-json';
import { sameLinks } from '../kernel/model/same-links';
import { verify } from '../kernel/verify/verifier';
import { summaryOf } from '../result';
import { BROWSER_LIMITS, fileNodeLimit } from '../limits';
import { validAttempt, type Attempt } from './attempt';
import { attemptOfSchedule } from './attempt-of-schedule';
import { attemptColumns, BY_HAND } from './attempt-schedule';
import { attemptTime } from './attempt-time';
import type { Exercise } from './exercise';
import { decodeTryLink, encodeTryLink, type TryLink } from './share-link';
import { TryInputError } from './try-limits';

/** The parameter of a schedule file that names its exercise (a Try it link without the attempt). */
export const EXERCISE_PARAM = 'try-exercise';

/**
 * The attempt as a schedule document (docs/schedule-format.md): the exercise's network, blocks and
 * ports, the attempt's counted steps, `algorithm: "by-hand"`; its parameters are the exercise's, plus
 * `try-exercise`, the exercise as a Try it link (without the attempt), so the file can reopen the
 * exercise. "Open schedule…" and `npm run cli -- check` read it as any schedule.
 */
export function attemptDocument(ex: Exercise, a: Attempt, challenge = false): ScheduleJson {
  const cols = attemptColumns(ex, a);
  const { report } = verify(cols.schedule, ex.topology);
  const time = attemptTime(
    { kind: ex.kind, params: ex.params, topology: ex.topology, offsets: cols.offsets },
    cols.schedule,
    report.usage,
  );
  const summary = summaryOf(cols.schedule, report.usage, time.unit === 's' ? time.total : NaN);
  return toScheduleJson({
    algorithm: BY_HAND,
    params: { ...ex.params, [EXERCISE_PARAM]: encodeTryLink({ exercise: ex.key, challenge }) },
    topology: ex.topology,
    schedule: cols.schedule,
    summary,
    report,
  });
}

/** The exercise a schedule document names in `params["try-exercise"]`, or null when it names none. */
export function exerciseOfDocument(doc: unknown): TryLink | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const params = (doc as Record<string, unknown>).params;
  if (typeof params !== 'object' || params === null) return null;
  const text = (params as Record<string, unknown>)[EXERCISE_PARAM];
  return text === undefined ? null : decodeTryLink(text);
}

/**
 * A schedule document read back as an attempt at `ex`: read by the format's own reader, then its
 * network must be the exercise's, link for link, and its blocks and collective the same; else a
 * TryInputError says what differs.
 */
export function attemptFromDocument(ex: Exercise, doc: unknown): Attempt {
  let read: ReturnType<typeof fromScheduleJson>;
  try {
    read = fromScheduleJson(doc, fileNodeLimit(BROWSER_LIMITS));
  } catch (e) {
    if (e instanceof ScheduleFormatError) throw new TryInputError(e.message);
    throw e;
  }
  const { topology, schedule } = read;
  if (!sameLinks(topology, ex.topology))
    throw new TryInputError(
      `the file's network is not this exercise's (${ex.name}, ${ex.topology.nodeCount} processors)`,
    );
  if (schedule.collective !== ex.collective)
    throw new TryInputError(`the file is a ${schedule.collective}; this exercise is a ${ex.collective}`);
  if (schedule.blocks.count !== ex.blocks.count)
    throw new TryInputError(
      `the file has ${schedule.blocks.count} blocks; this exercise has ${ex.blocks.count}`,
    );
  return validAttempt(ex, attemptOfSchedule(schedule, ex.topology, ex.circuits));
}
