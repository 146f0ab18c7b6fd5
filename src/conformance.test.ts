/**
 * What every registered algorithm promises, checked with random valid parameters drawn from its own
 * schema (seeded, so a failure replays): it builds a schedule the verifier accepts, its estimate
 * bounds the transfers it built, it narrates every step, its formula rows are numbers (or say why
 * not), and the schedule and the configuration survive a trip through the JSON format and the
 * permalink.
 *
 * A new algorithm is covered by registering it; nothing here names one.
 */
import { configIssues } from './kernel/config';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeConfig, defaultConfig, encodeConfig } from './config/url-codec';
import { fromScheduleJson } from './kernel/format/schedule-import';
import { writeScheduleJson } from './kernel/format/schedule-export';
import {
  applicable,
  checkParam,
  defaultsOf,
  type ParamDef,
  type ParamValue,
  type ParamValues,
  rangesText,
} from './kernel/params/schema';
import { CLI_LIMITS, checkRun } from './limits';
import { run } from './run';
import { stepFacts } from './result';
import { verify } from './kernel/verify/verifier';
import { ALGORITHMS } from './registry';
import type { AlgorithmSpec } from './kernel/spec';

/** The seed of every property here (fast-check prints the failing case's seed and path to replay it). */
const SEED = 20261125;
/**
 * Random configurations per algorithm. The test suite checks 12 for every algorithm (the first 12
 * of the seeded sequence); `npm run sweep:conformance` checks 200 (CONFORMANCE_RUNS=<n> any other
 * count), the exhaustive sweep, kept out of the suite for its time.
 */
const RUNS = Number(process.env.CONFORMANCE_RUNS ?? 12);
/** Networks small enough that a run, its narration and its JSON take milliseconds. */
const MAX_NODES = 40;
/** Schedules short enough to narrate step by step in milliseconds (a 64 × 64 mesh's direct all-reduce has 8,190). */
const MAX_STEPS = 2000;

/** Values for one parameter: its default half the time, else anything its bounds allow (kept small). */
function valueOf(def: ParamDef): fc.Arbitrary<ParamValue> {
  const small = (min: number, max: number, span: number) => Math.min(max, Math.max(min, min + span));
  let any: fc.Arbitrary<ParamValue>;
  switch (def.kind) {
    case 'int':
      any = fc.integer({ min: def.min, max: small(def.min, def.max, def.key === 'nodes' ? MAX_NODES : 64) });
      break;
    case 'number':
      any = fc
        .double({ min: def.min, max: def.max, noNaN: true, noDefaultInfinity: true })
        // −0 is written as "0" in a link: the same setting.
        .map((x) => x + 0)
        .filter((x) => checkParam(def, x).ok);
      break;
    case 'enum':
      any = fc.constantFrom(...def.options.map((o) => o.value));
      break;
    case 'int-list':
      any = fc
        .array(fc.integer({ min: def.min, max: small(def.min, def.max, 6) }), {
          minLength: def.minLength,
          maxLength: Math.min(def.maxLength, 5),
        })
        // A set of ids (ranges) is kept canonical: sorted, without repeats, as ranges.
        .map((xs) => (def.ranges ? rangesText([...new Set(xs)].sort((a, b) => a - b)) : xs.join(',')));
      break;
  }
  return fc.oneof(fc.constant(def.default), any);
}

/** Parameter sets of `spec` that its rules and the command line's limits accept. */
function validParams(spec: AlgorithmSpec): fc.Arbitrary<ParamValues> {
  const fields = Object.fromEntries(spec.params.map((d) => [d.key, valueOf(d)]));
  return fc
    .record(fields)
    .map((p) => ({ ...defaultsOf(spec.params), ...p }))
    .filter((p) => {
      const n = p.nodes;
      if (typeof n === 'number' && n > MAX_NODES) return false;
      return (
        configIssues(spec, p).length === 0 &&
        checkRun(spec, p, CLI_LIMITS).length === 0 &&
        spec.estimate(p).steps <= MAX_STEPS
      );
    });
}

function conforms(spec: AlgorithmSpec, p: ParamValues): void {
  const r = run(spec.id, p, CLI_LIMITS);
  const s = r.schedule;

  // The verifier accepts the schedule it built.
  expect(r.report.violations).toEqual([]);
  expect(r.report.ok).toBe(true);

  // The estimate that guards the limits bounds what was built (its step count is only a guide).
  expect(spec.estimate(p).transfers).toBeGreaterThanOrEqual(s.transferCount);

  // Every step is narrated in words, with no hole where a number should be.
  const texts = [spec.narrateStart?.(p, s.stepCount) ?? ''];
  for (let step = 1; step <= s.stepCount; step++) texts.push(spec.narrate(p, stepFacts(r, step)));
  for (const [i, t] of texts.entries()) {
    if (i > 0) expect(t.length, `step ${i}`).toBeGreaterThan(20);
    expect(t, `step ${i}`).not.toMatch(/undefined|NaN|\[object /);
  }

  // Formula rows: unique ids, and numbers wherever they are not still pending — or a note saying
  // why a value is missing (a closed form that does not cover these parameters).
  const ids = r.formulas.map((f) => f.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const f of r.formulas)
    if (!f.pending)
      for (const [what, value] of [
        ['formula', f.formula],
        ['constructed', f.constructed],
      ] as const)
        if (!Number.isFinite(value)) expect(f.note, `${f.id}: ${what} is ${value} with no note`).toBeTruthy();

  // The JSON format: written, read back and verified again, the same schedule.
  let text = '';
  writeScheduleJson(r, (chunk) => (text += chunk));
  const back = fromScheduleJson(JSON.parse(text));
  const again = verify(back.schedule, back.topology).report;
  expect(again.ok).toBe(true);
  expect(back.schedule.stepCount).toBe(s.stepCount);
  expect(back.schedule.transferCount).toBe(s.transferCount);

  // Random choices come from the seed alone: the same parameters (seed included) build the same
  // schedule again (algorithms with no seed are deterministic anyway).
  if (spec.params.some((q) => 'seed' in q && q.seed)) {
    let twice = '';
    writeScheduleJson(run(spec.id, p, CLI_LIMITS), (chunk) => (twice += chunk));
    expect(twice).toBe(text);
  }

  // The permalink: encoded and decoded, the same parameters (those that apply: a link leaves out the
  // others), nothing ignored.
  const config = { ...defaultConfig(spec.id), params: p };
  const decoded = decodeConfig(encodeConfig(config));
  expect(decoded.ignored).toEqual([]);
  expect(decoded.config.algorithm).toBe(spec.id);
  const shown = (values: ParamValues) =>
    Object.fromEntries(applicable(spec.params, values).map((d) => [d.key, values[d.key]]));
  expect(shown(decoded.config.params)).toEqual(shown(p));
}

/**
 * Each algorithm builds, verifies, exports and re-reads RUNS random configurations (40 took the NoC's
 * searches tens of seconds on a quiet machine), so the limit is generous (it bounds a hang, not
 * speed) and grows with RUNS.
 */
const CONFORMS_WITHIN_MS = 240_000 * Math.max(1, RUNS / 40);

describe(`every registered algorithm conforms (seed ${SEED})`, () => {
  for (const spec of ALGORITHMS)
    it(
      spec.id,
      () => {
        fc.assert(
          fc.property(validParams(spec), (p) => conforms(spec, p)),
          { seed: SEED, numRuns: RUNS },
        );
      },
      CONFORMS_WITHIN_MS,
    );
});
