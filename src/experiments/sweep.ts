/**
 * Sweeps: series of configurations whose closed-form and constructed values are plotted against one
 * parameter (the explorer's charts, `npm run cli -- sweep`). A sweep only lists configurations; each
 * point is evaluated by building and verifying its schedule, so the same code serves the CLI, the
 * worker (which evaluates point by point and reports progress) and the tests.
 *
 * The types of sweeps and paper checks are in kernel/experiment.ts; this file evaluates sweeps.
 */
import type { SweepConfig, SweepDef, SweepPoint, SweepValue } from '../kernel/experiment';
import { runToEnd, SILENT, type Job, type JobContext } from '../kernel/jobs';
import type { Measured } from '../kernel/spec';
import { InputError, type Limits } from '../limits';
import { findAlgorithm } from '../registry';
import { run } from '../run';

const NOT_MEASURED: Measured = { steps: NaN, phases: NaN, transfers: NaN, channelsUsed: NaN, seconds: NaN };

/** The metric of one configuration: closed form and constructed value, or why it was not built. */
interface Measure {
  formula: number | null;
  constructed: number | null;
  verified: boolean;
  note?: string;
}

/** Builds, verifies and measures one configuration; one over the limits keeps only its formula. */
function measureConfig(def: SweepDef, config: SweepConfig, limits: Limits): Measure {
  const spec = findAlgorithm(config.algorithm);
  if (!spec) throw new InputError(`sweep ${def.id}: unknown algorithm "${config.algorithm}"`);
  try {
    const r = run(config.algorithm, config.params, limits);
    const row = r.formulas.find((f) => f.id === def.metric);
    return {
      formula: row && Number.isFinite(row.formula) ? row.formula : null,
      constructed: row ? row.constructed : null,
      verified: r.report.ok,
      ...(row ? {} : { note: `${spec.name} has no "${def.metric}" row` }),
    };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    // Too big to build here (or refused): the closed form still has a value when the parameters are
    // valid on their own; the constructed side stays empty and the note says why.
    let formula: number | null = null;
    try {
      const row = spec.formulas(config.params, NOT_MEASURED).find((f) => f.id === def.metric);
      formula = row && Number.isFinite(row.formula) ? row.formula : null;
    } catch {
      formula = null;
    }
    return { formula, constructed: null, verified: false, note: e.message };
  }
}

/**
 * Builds, verifies and measures one point. A point with a baseline is the ratio of the two
 * configurations' values (both built and verified), closed form over closed form and constructed
 * over constructed.
 */
export function evaluatePoint(
  def: SweepDef,
  pt: SweepPoint,
  limits: Limits,
  baselines = new Map<string, Measure>(),
): SweepValue {
  const m = measureConfig(def, pt.config, limits);
  if (!pt.baseline) return { ...pt, ...m };
  // Several series share a baseline (every system against the same EDN schedule): built once.
  const key = JSON.stringify(pt.baseline);
  const base = baselines.get(key) ?? measureConfig(def, pt.baseline, limits);
  baselines.set(key, base);
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
  const note = [m.note, base.note && `baseline: ${base.note}`].filter(Boolean).join(' ');
  return {
    ...pt,
    formula: ratio(m.formula, base.formula),
    constructed: ratio(m.constructed, base.constructed),
    verified: m.verified && base.verified,
    ...(note ? { note } : {}),
  };
}

/** What a sweep job ends with: the points evaluated, and whether it was stopped before the last. */
export interface SweepOutcome {
  values: SweepValue[];
  total: number;
  stopped: boolean;
}

/**
 * A sweep as a job: one point per piece of work, each handed out as it is evaluated (`partial`), so a
 * chart fills in; a stop ends it after the point in hand, keeping every point so far.
 */
export function* sweepJob(def: SweepDef, limits: Limits, ctx: JobContext<SweepValue>): Job<SweepOutcome> {
  const points = def.points();
  const values: SweepValue[] = [];
  const baselines = new Map<string, Measure>();
  for (const pt of points) {
    if (ctx.stopping) return { values, total: points.length, stopped: true };
    const v = evaluatePoint(def, pt, limits, baselines);
    values.push(v);
    ctx.partial(v);
    ctx.progress(values.length, points.length);
    yield;
  }
  return { values, total: points.length, stopped: false };
}

/** Every point of a sweep, evaluated in order (the command line; the worker runs `sweepJob` in slices). */
export function evaluateSweep(def: SweepDef, limits: Limits): SweepValue[] {
  return runToEnd(sweepJob(def, limits, SILENT)).values;
}
