import { verify } from '../kernel/verify/verifier';
import type { Attempt } from './attempt';
import { attemptColumns } from './attempt-schedule';
import { oneBlockViolations } from './attempt-rules';
import { attemptTime, type AttemptTime } from './attempt-time';
import type { TryBound } from './bounds';
import type { Exercise } from './exercise';
import { explainAll, type TryViolation } from './explain';
import { progressOf, tryHoldings, type TryHoldings } from './try-holdings';

/** The paper's algorithm's numbers, beside the attempt's. */
export interface ReferenceNumbers {
  name: string;
  steps: number;
  time: AttemptTime;
  followsRules: boolean;
  note?: string;
}

/** What the live check says of an attempt: run after every change, in the worker. */
export interface TryCheck {
  /** Steps that count (trailing empty steps are the one being started) and their transfers. */
  steps: number;
  transfers: number;
  /** Every violation but the postcondition, in step order; at most the verifier's listed ones plus ours. */
  violations: TryViolation[];
  /** All violations, the ones not listed included (the goal's missing holdings not: see `missing`). */
  violationCount: number;
  /** (node, block) pairs the goal asks for, those held at the end, those still missing. */
  needed: number;
  delivered: number;
  missing: number;
  /** No violation and nothing missing. */
  complete: boolean;
  /** Who holds what after each step. */
  holdings: TryHoldings;
  /** The attempt's time under the model's cost (of what it does so far). */
  time: AttemptTime;
  /** The binding bound in steps, and whether a complete attempt meets it. */
  bound: TryBound;
  atBound: boolean;
  /** Bounds on other measures (the star's communication time, the switch's seconds). */
  otherBounds: TryBound[];
  /** The algorithm's numbers; null while a challenge hides them (until the attempt is complete). */
  reference: ReferenceNumbers | null;
  /** The state in a sentence or two. */
  verdict: string;
}

const plural = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

/**
 * Checks an attempt with the one verifier (src/kernel/verify) on its schedule columns, the model's
 * one-block rule, and the exercise's goal; times it; sets it beside the bound and, unless a
 * challenge hides it until the attempt is complete, the paper's algorithm.
 */
export function checkAttempt(ex: Exercise, a: Attempt, options: { challenge?: boolean } = {}): TryCheck {
  const cols = attemptColumns(ex, a);
  const s = cols.schedule;
  const { report, holdings } = verify(s, ex.topology);
  const held = tryHoldings(s, ex.topology, ex.blocks, holdings);
  const ours = ex.model.oneBlock ? oneBlockViolations(ex, a, s.stepCount) : [];
  const violations = [...explainAll(ex, a, cols, report.violations, held), ...ours].sort(
    (x, y) => x.step - y.step || (x.index ?? -1) - (y.index ?? -1),
  );
  const violationCount = report.total - (report.counts.postcondition ?? 0) + ours.length;
  const { needed, delivered } = progressOf(held, ex.target);
  const complete = violationCount === 0 && delivered === needed;
  const time = attemptTime(
    { kind: ex.kind, params: ex.params, topology: ex.topology, offsets: cols.offsets },
    s,
    report.usage,
  );
  const bound = ex.binding;
  const atBound = complete && s.stepCount <= bound.value;
  const reference = options.challenge && !complete ? null : referenceNumbers(ex);
  return {
    steps: s.stepCount,
    transfers: s.transferCount,
    violations,
    violationCount,
    needed,
    delivered,
    missing: needed - delivered,
    complete,
    holdings: held,
    time,
    bound,
    atBound,
    otherBounds: ex.bounds.filter((b) => b.unit !== 'steps'),
    reference,
    verdict: verdictOf(
      ex,
      s.stepCount,
      { violations, violationCount, needed, delivered, complete },
      reference,
    ),
  };
}

function referenceNumbers(ex: Exercise): ReferenceNumbers {
  const r = ex.reference;
  return {
    name: r.name,
    steps: r.steps,
    time: r.time,
    followsRules: r.followsRules,
    ...(r.note ? { note: r.note } : {}),
  };
}

function verdictOf(
  ex: Exercise,
  steps: number,
  c: Pick<TryCheck, 'violations' | 'violationCount' | 'needed' | 'delivered' | 'complete'>,
  reference: ReferenceNumbers | null,
): string {
  const b = ex.binding.value;
  if (c.violationCount > 0)
    return `${plural(c.violationCount, 'problem')} to fix. First: ${c.violations[0]?.sentence ?? 'see the list'}`;
  if (!c.complete)
    return `So far ${plural(steps, 'step')} and no rule broken; ${c.delivered} of the ${c.needed} holdings of the goal are in place. The bound is ${plural(b, 'step')}.`;
  const where =
    steps <= b
      ? `at the bound (${plural(b, 'step')})`
      : `${plural(steps - b, 'step')} above the bound (${plural(b, 'step')})`;
  const alg = reference
    ? ` ${reference.name} takes ${plural(reference.steps, 'step')}${reference.followsRules ? '' : ' under its own rules'}.`
    : '';
  return `Complete in ${plural(steps, 'step')}, ${where}.${alg}`;
}
