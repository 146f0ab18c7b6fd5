import { findAlgorithm } from './registry';
import type {
  AlgorithmSpec,
  Estimate,
  FormulaOptions,
  FormulaRow,
  StageReport,
  StepFacts,
} from './kernel/spec';
import { evaluateOptics, treeShapeOf, type OpticsRow } from './families/ring/optical-constraints';
import { interconnectOf } from './interconnects';
import { buffersOf } from './kernel/model/columns';
import { pathLength, receiversOf } from './kernel/model/paths';
import {
  blockCountOf,
  blockIdsOf,
  blockTableColumns,
  stepRange,
  transferBlockColumns,
  type Schedule,
} from './kernel/model/schedule';
import type { Topology } from './kernel/model/topology';
import { checkParam, readParams, type ParamIssue, type ParamValues } from './kernel/params/schema';
import { heldCounts } from './kernel/replay/holding-queries';
import { holdingsBuffers, type Holdings } from './kernel/replay/holdings';
import { verify } from './kernel/verify/verifier';
import { type Usage, type VerifyReport } from './kernel/verify/rules';

/** Sizes a run may reach. The browser's are stated to users when a configuration is refused. */
export interface Limits {
  name: string;
  transfers: number;
  holdingCells: number;
}

export const BROWSER_LIMITS: Limits = {
  name: 'the browser',
  transfers: 20_000_000,
  // 96 M: every configuration the parameter ranges allow below the transfer limit fits. The largest
  // are Bruck on 2048 nodes (54.5 M visit slots) and ReTri on 2187 (27 M; the page peaks near 1.3 GB
  // summed over Chromium's processes); multi-scatter on 4096 keeps 16.8 M route words.
  holdingCells: 96_000_000,
};
export const CLI_LIMITS: Limits = {
  name: 'the command line',
  transfers: 200_000_000,
  holdingCells: 200_000_000,
};

export interface Summary {
  steps: number;
  phases: number;
  transfers: number;
  channelsUsed: number;
  /** Most lightpaths sharing one directed link in one step. */
  maxLinkLoad: number;
  longestRoute: number;
  seconds: number;
  bytesMoved: number;
  /** Model-specific measured costs (AlgorithmSpec.modelCosts), when the model has any. */
  costs?: Record<string, number>;
}

export interface RunResult {
  algorithm: string;
  params: ParamValues;
  variant?: string;
  topology: Topology;
  schedule: Schedule;
  /**
   * The processors the configuration asked for: 0 … realNodes−1. Any above are ghosts (dummies) a
   * construction added to pad the network — drawn hollow, left out of the block matrix.
   */
  realNodes: number;
  holdings: Holdings;
  report: VerifyReport;
  summary: Summary;
  /** Seconds of each step under the time model (index s−1 for step s). */
  stepSeconds: Float64Array;
  formulas: FormulaRow[];
  /** Optical constraints (OpTree eqs. 4–9) of the longest lightpath; WDM-ring results only. */
  optics?: OpticsRow[];
  /** Per-stage reports of staged algorithms (one-stage, OpTree, WRHT), from Built.stages. */
  stages?: StageReport[];
  timing: { buildMs: number; verifyMs: number };
}

export class InputError extends Error {
  constructor(
    message: string,
    readonly issues: ParamIssue[] = [],
  ) {
    super(message);
  }
}

/** Processors asked for (the `nodes` parameter), at most the network's: the rest are ghosts. */
export function realNodesOf(params: ParamValues, topology: Pick<Topology, 'nodeCount'>): number {
  const n = params.nodes;
  return typeof n === 'number' ? Math.min(n, topology.nodeCount) : topology.nodeCount;
}

/** Checks parameters (each one and across them) and the size limit, before any work starts. */
export function checkRun(spec: AlgorithmSpec, params: ParamValues, limits: Limits): ParamIssue[] {
  const bad: ParamIssue[] = [];
  for (const def of spec.params) {
    const r =
      def.key in params
        ? checkParam(def, params[def.key])
        : { ok: false as const, error: `${def.key} is missing` };
    if (!r.ok) bad.push({ key: def.key, message: r.error });
  }
  if (bad.length) return bad;
  const issues = spec.validate(params);
  if (issues.length) return issues;
  const e = spec.estimate(params);
  const over = overLimit(e, limits);
  return over ? [{ key: 'nodes', message: `${spec.name}: ${over}` }] : [];
}

function overLimit(e: Estimate, l: Limits): string | null {
  const f = (x: number) => x.toLocaleString('en-US');
  if (e.transfers > l.transfers)
    return `this configuration needs ${f(e.transfers)} transfers; ${l.name} allows at most ${f(l.transfers)}.`;
  if (e.holdingCells > l.holdingCells)
    return `tracking who holds which block needs ${f(e.holdingCells)} entries; ${l.name} allows at most ${f(l.holdingCells)}.`;
  return null;
}

/** Parses raw parameter text, refusing bad values (unlike permalinks, which fall back). */
export function paramsFromRaw(spec: AlgorithmSpec, raw: Record<string, string>): ParamValues {
  const { values, issues, unknown } = readParams(spec.params, raw);
  if (unknown.length)
    throw new InputError(
      `${spec.id} has no parameter ${unknown.map((k) => `--${k}`).join(', ')}; it takes ${spec.params.map((d) => `--${d.key}`).join(', ')}`,
    );
  if (issues.length) throw new InputError(issues[0].message, issues);
  return values;
}

/**
 * Builds, verifies and measures one configuration. Throws InputError for bad or oversized input.
 * `quickFormulas` leaves slow formula rows pending (see FormulaOptions); `completeFormulas` fills them.
 */
export function run(
  algorithm: string,
  params: ParamValues,
  limits: Limits,
  options: { quickFormulas?: boolean } = {},
): RunResult {
  const spec = findAlgorithm(algorithm);
  if (!spec) throw new InputError(`unknown algorithm "${algorithm}"`);
  const issues = checkRun(spec, params, limits);
  if (issues.length) throw new InputError(issues[0].message, issues);

  const t0 = Date.now();
  const built = spec.build(params);
  const t1 = Date.now();
  const { report, holdings } = verify(built.schedule, built.topology);
  const t2 = Date.now();

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
    formulas: formulasOf(spec, params, summary, built.stages, { quick: options.quickFormulas }),
    ...(built.stages ? { stages: built.stages } : {}),
    optics: interconnectOf(spec.topology).optics
      ? evaluateOptics(params, {
          longestRoute: summary.longestRoute,
          nodes: built.topology.nodeCount,
          ...treeShapeOf(params),
        })
      : undefined,
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

/** Whether some formula rows of a result were left pending (a run with `quickFormulas`). */
export const formulasPending = (r: Pick<RunResult, 'formulas'>) => r.formulas.some((f) => f.pending);

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
    summary: {
      steps: s.stepCount,
      phases: s.phases.length,
      transfers: s.transferCount,
      channelsUsed: usage.channelsUsed,
      maxLinkLoad: usage.maxLinkLoad,
      longestRoute: usage.longestRoute,
      seconds,
      bytesMoved: usage.blockDeliveries * s.blocks.bytes,
      ...(spec.modelCosts ? { costs: spec.modelCosts(s, usage, params) } : {}),
    },
    perStep,
  };
}

/** Facts about step `step` of a result, for narration and the step panel. */
export function stepFacts(
  r: Pick<RunResult, 'schedule' | 'topology' | 'holdings'>,
  step: number,
  maxExamples = 3,
): StepFacts {
  const s = r.schedule;
  const facts: StepFacts = {
    step,
    stepCount: s.stepCount,
    phase: step >= 1 ? s.phases[s.stepPhase[step - 1]] : 'start',
    transfers: 0,
    channelsUsed: 0,
    longestRoute: 0,
    blocksMoved: 0,
    examples: [],
    minHeld: 0,
    maxHeld: 0,
    blockCount: s.blocks.count,
  };
  if (step >= 1 && step <= s.stepCount) {
    const [a, b] = stepRange(s, step);
    const rx = new Uint32Array(Math.max(1, r.topology.nodeCount + r.topology.auxCount));
    const channels = new Set<number>();
    facts.transfers = b - a;
    for (let t = a; t < b; t++) {
      channels.add(s.channel[t]);
      facts.blocksMoved += blockCountOf(s, t);
      facts.longestRoute = Math.max(facts.longestRoute, pathLength(s, t));
      if (facts.examples.length < maxExamples) {
        const nr = receiversOf(s, r.topology, t, rx);
        facts.examples.push({
          from: s.src[t],
          to: Array.from(rx.subarray(0, nr)),
          channel: s.channel[t],
          blocks: Array.from(blockIdsOf(s, t)),
          hops: s.path.kind === 'ring-arc' ? s.path.hops[t] : pathLength(s, t),
        });
      }
    }
    facts.channelsUsed = channels.size;
  }
  const counts = heldCounts(r.holdings, Math.max(0, step));
  let min = Infinity;
  let max = 0;
  for (let i = 0; i < counts.length; i++) {
    min = Math.min(min, counts[i]);
    max = Math.max(max, counts[i]);
  }
  facts.minHeld = Number.isFinite(min) ? min : 0;
  facts.maxHeld = max;
  return facts;
}

/** Every ArrayBuffer of a result, for transferring it from the worker without copying. */
export function transferables(r: RunResult): ArrayBuffer[] {
  const s = r.schedule;
  const t = r.topology;
  const h = r.holdings;
  return buffersOf([
    s.stepPhase,
    s.stepStart,
    s.src,
    s.channel,
    s.path.kind === 'ring-arc' ? s.path.hops : s.path.offsets,
    s.path.kind === 'link-list' ? s.path.links : null,
    s.receivers.kind === 'list' ? s.receivers.offsets : null,
    s.receivers.kind === 'list' ? s.receivers.nodes : null,
    ...transferBlockColumns(s),
    ...blockTableColumns(s.blocks),
    s.activeLinks?.stepStart,
    s.activeLinks?.links,
    t.linkFrom,
    t.linkTo,
    t.linkChannels,
    t.linkKind,
    t.linkShared,
    ...holdingsBuffers(h),
    r.stepSeconds,
  ]);
}
