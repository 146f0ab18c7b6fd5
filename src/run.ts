import { stepStats } from './kernel/model/step-stats';
import { interconnectOf } from './interconnects';
import type { Schedule } from './kernel/model/schedule';
import type { ParamValues } from './kernel/params/schema';
import type { AlgorithmSpec, Built, FormulaOptions, FormulaRow, StageReport } from './kernel/spec';
import type { Usage } from './kernel/verify/rules';
import { verify } from './kernel/verify/verifier';
import { InputError, checkRun, type Limits } from './limits';
import { runToEnd } from './kernel/jobs';
import { UNWATCHED, type RunWatch } from './kernel/run-watch';
import { findAlgorithm } from './registry';
import { realNodesOf, summaryOf, type RunResult, type Summary } from './result';
import type { Runner } from './runner';

/**
 * Builds, verifies and measures one configuration. Throws InputError for bad or oversized input.
 * `quickFormulas` leaves slow formula rows pending (see FormulaOptions); `completeFormulas` fills them.
 * An algorithm that searches (`AlgorithmEngine.search`) searches to its end here, unless
 * `quickSearch`: the worker shows the first schedule and searches afterwards (`searchJob`).
 * `watch` (the command line's) hears each phase and its progress, and its deadline ends the build
 * (TimeLimitReached when no schedule is ready yet) or the search (the best found stays).
 */
export function run(
  algorithm: string,
  params: ParamValues,
  limits: Limits,
  options: { quickFormulas?: boolean; quickSearch?: boolean; watch?: RunWatch } = {},
): RunResult {
  const spec = findAlgorithm(algorithm);
  if (!spec) throw new InputError(`unknown algorithm "${algorithm}"`);
  const issues = checkRun(spec, params, limits);
  if (issues.length) throw new InputError(issues[0].message, issues);

  const watch = options.watch ?? UNWATCHED;
  const t0 = Date.now();
  watch.phase('building the schedule');
  let built = spec.build(params, watch);
  if (spec.search && !options.quickSearch) {
    watch.phase('searching for fewer steps', 'moves');
    runToEnd(
      spec.search(params, watch, {
        found: (b) => (built = b),
        progress: (s) =>
          watch.status(`best ${s.best} steps, lower bound ${s.lowerBound}${s.note ? `; ${s.note}` : ''}`),
      }),
    );
  }
  return resultOf(spec, params, built, t0, options);
}

/**
 * Verifies and measures a built schedule of `spec` (from its build or a search), `t0` when the work
 * on it started.
 */
export function resultOf(
  spec: AlgorithmSpec,
  params: ParamValues,
  built: Built,
  t0: number,
  options: { quickFormulas?: boolean; watch?: RunWatch } = {},
): RunResult {
  const algorithm = spec.id;
  const t1 = Date.now();
  options.watch?.phase('verifying the schedule');
  const { report, holdings } = verify(built.schedule, built.topology);
  const t2 = Date.now();
  options.watch?.phase('measuring it and computing the formulas');

  const { summary, perStep } = measure(spec, built.schedule, report.usage, params);
  return {
    algorithm,
    params,
    variant: built.variant,
    topology: built.topology,
    schedule: built.schedule,
    realNodes: realNodesOf(params, built.topology),
    holdings,
    report,
    summary,
    stepSeconds: perStep,
    stepStats: stepStats(built.schedule, built.topology),
    formulas: formulasOf(spec, params, summary, built.stages, { quick: options.quickFormulas }),
    ...(built.stages ? { stages: built.stages } : {}),
    optics: interconnectOf(spec.topology).optics?.(params, {
      longestRoute: summary.longestRoute,
      nodes: built.topology.nodeCount,
    }),
    extras: extrasOf(built, interconnectOf(spec.topology).extras?.(built.schedule, params, built.topology)),
    timing: { buildMs: t1 - t0, verifyMs: t2 - t1 },
  };
}

function formulasOf(
  spec: AlgorithmSpec,
  params: ParamValues,
  summary: Summary,
  stages: StageReport[] | undefined,
  options: FormulaOptions,
): FormulaRow[] {
  return spec.formulas(params, stages ? { ...summary, stages } : summary, options);
}

/**
 * A result's formula rows with nothing left pending. Reads only the result's parameters, summary and
 * stages, so it works after the schedule's arrays have been transferred away.
 */
export function completeFormulas(
  r: Pick<RunResult, 'algorithm' | 'params' | 'summary' | 'stages'>,
): FormulaRow[] {
  const spec = findAlgorithm(r.algorithm);
  if (!spec) throw new InputError(`unknown algorithm "${r.algorithm}"`);
  return formulasOf(spec, r.params, r.summary, r.stages, {});
}

/**
 * Step count, channels, loads and time of a verified schedule under the algorithm's time model, else
 * its interconnect's. Neither: an error (no model is silently timed as a ring).
 */
export function measure(
  spec: Pick<AlgorithmSpec, 'stepSeconds' | 'modelCosts' | 'topology'>,
  s: Schedule,
  usage: Usage,
  params: ParamValues,
): { summary: Summary; perStep: Float64Array } {
  const timing = spec.stepSeconds ?? interconnectOf(spec.topology).stepSeconds;
  if (!timing)
    throw new Error(
      `no time model: the algorithm brings none and the ${interconnectOf(spec.topology).name} has none`,
    );
  const perStep = timing(s, usage, params);
  let seconds = 0;
  for (let i = 0; i < perStep.length; i++) seconds += perStep[i];
  return {
    summary: summaryOf(s, usage, seconds, spec.modelCosts?.(s, usage, params)),
    perStep,
  };
}

/** The construction's extras and the model's, in one object; none when neither has any. */
function extrasOf(
  built: Built,
  model: Readonly<Record<string, unknown>> | undefined,
): Readonly<Record<string, unknown>> | undefined {
  const all = { ...built.extras, ...model };
  return Object.keys(all).length ? all : undefined;
}

/** The runner handed to a family's paper checks and heatmaps (src/runner.ts says why they get one). */
export const RUNNER: Runner = { run, resultOf, measure, findAlgorithm };
