/**
 * Sweeps: series of configurations whose closed-form and constructed values are plotted against one
 * parameter (the explorer's charts, `npm run cli -- sweep`). A sweep only lists configurations; each
 * point is evaluated by building and verifying its schedule, so the same code serves the CLI, the
 * worker (which evaluates point by point and reports progress) and the tests.
 */
import { findAlgorithm } from '../registry';
import type { Measured, PaperRef } from '../kernel/spec';
import type { ParamValues } from '../kernel/params/schema';
import { InputError, type Limits } from '../limits';
import { run } from '../run';

export interface Axis {
  label: string;
  unit: string;
  log: boolean;
}

/** A configuration the visualizer can open. */
export interface SweepConfig {
  algorithm: string;
  params: ParamValues;
}

export interface SweepPoint {
  /** Series name in the legend, e.g. "N = 1024" or "OpTree". */
  series: string;
  x: number;
  config: SweepConfig;
}

export interface SweepDef {
  id: string;
  title: string;
  paper: PaperRef;
  /** Figure or table of the paper the sweep corresponds to, e.g. "Fig. 4". */
  where: string;
  x: Axis;
  y: Axis;
  /** Id of the formula row whose closed-form and constructed values are plotted. */
  metric: string;
  points(): SweepPoint[];
}

export interface SweepValue extends SweepPoint {
  /** The paper's closed form for this configuration (null when it gives none). */
  formula: number | null;
  /** What the constructed, verified schedule measures (null when it could not be built, see note). */
  constructed: number | null;
  verified: boolean;
  note?: string;
}

const NOT_MEASURED: Measured = { steps: NaN, phases: NaN, transfers: NaN, channelsUsed: NaN, seconds: NaN };

/** Builds, verifies and measures one point; a configuration over the limits keeps only its formula. */
export function evaluatePoint(def: SweepDef, pt: SweepPoint, limits: Limits): SweepValue {
  const spec = findAlgorithm(pt.config.algorithm);
  if (!spec) throw new InputError(`sweep ${def.id}: unknown algorithm "${pt.config.algorithm}"`);
  try {
    const r = run(pt.config.algorithm, pt.config.params, limits);
    const row = r.formulas.find((f) => f.id === def.metric);
    return {
      ...pt,
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
      const row = spec.formulas(pt.config.params, NOT_MEASURED).find((f) => f.id === def.metric);
      formula = row && Number.isFinite(row.formula) ? row.formula : null;
    } catch {
      formula = null;
    }
    return { ...pt, formula, constructed: null, verified: false, note: e.message };
  }
}

/** Every point of a sweep, evaluated in order (the CLI; the worker goes point by point). */
export function evaluateSweep(def: SweepDef, limits: Limits): SweepValue[] {
  return def.points().map((pt) => evaluatePoint(def, pt, limits));
}

/** CSV of evaluated points: one row per point, parameters as JSON in the last column. */
export function sweepCsv(values: readonly SweepValue[]): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const rows = values.map((v) =>
    [
      q(v.series),
      v.x,
      v.formula ?? '',
      v.constructed ?? '',
      v.verified,
      v.config.algorithm,
      q(JSON.stringify(v.config.params)),
      q(v.note ?? ''),
    ].join(','),
  );
  return `series,x,formula,constructed,verified,algorithm,params,note\n${rows.join('\n')}\n`;
}
