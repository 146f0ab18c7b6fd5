import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { InputError, type Limits } from '../../limits';
import type { Runner } from '../../runner';
import { phaseSeconds, type CircuitModel } from './circuit-time';
import {
  cellModel,
  defaultCellModel,
  type HeatmapCell,
  type HeatmapDef,
  type HeatmapResult,
} from './heatmaps';
import { bitsText, ceilLog } from './reconfig-formulas';
import { runToEnd, SILENT, type Job, type JobContext } from '../../kernel/jobs';

/**
 * Measured hops and busiest-circuit load of every phase k under the circuits of every earlier phase
 * j (the last reconfiguration). In digit routing the blocks a phase moves, and from where to where, do
 * not depend on the circuits, so phase k of any schedule x costs what phase k costs in the schedule
 * that reconfigures only before phase j = j_k(x). Building the s schedules "reconfigure before j
 * only" (j = 0: never) therefore measures every x: s verified builds instead of 2^(s−1).
 */
export interface PhaseTable {
  algorithm: string;
  nodes: number;
  phases: number;
  /** hops[k][j], linkBlocks[k][j] for j ≤ k. */
  hops: number[][];
  linkBlocks: number[][];
  /** Blocks each node's message is split into (block bytes = m / parts). */
  parts: number;
  verified: boolean;
}

export function measurePhaseTable(
  algorithm: string,
  nodes: number,
  limits: Limits,
  runner: Runner,
): PhaseTable {
  return runToEnd(phaseTableJob(algorithm, nodes, limits, runner));
}

/** Phases of a digit-routing all-to-all on `nodes` nodes (ReTri: base 3, Bruck: base 2; others: 1). */
const phasesOf = (algorithm: string, nodes: number) =>
  algorithm === 'retri' ? ceilLog(nodes, 3) : algorithm === 'bruck' ? ceilLog(nodes, 2) : 1;

/** How many verified builds a phase table takes (one per possible last reconfiguration). */
export function phaseTableBuilds(algorithm: string, nodes: number, runner: Runner): number {
  const spec = runner.findAlgorithm(algorithm);
  const reconfigurable = !!spec && 'reconfigure' in defaultsOf(spec.params);
  return reconfigurable ? phasesOf(algorithm, nodes) : 1;
}

/** The phase table as a job: it yields after each verified build (`phaseTableBuilds` of them). */
export function* phaseTableJob(
  algorithm: string,
  nodes: number,
  limits: Limits,
  runner: Runner,
): Job<PhaseTable> {
  const spec = runner.findAlgorithm(algorithm);
  if (!spec) throw new InputError(`unknown algorithm "${algorithm}"`);
  const defaults = defaultsOf(spec.params);
  const reconfigurable = 'reconfigure' in defaults;
  const s = phasesOf(algorithm, nodes);
  const hops: number[][] = Array.from({ length: s }, () => []);
  const linkBlocks: number[][] = Array.from({ length: s }, () => []);
  let verified = true;
  for (let j = 0; j < (reconfigurable ? s : 1); j++) {
    const x = Array.from({ length: s }, (_, k) => k === j && j > 0);
    const params: ParamValues = {
      ...defaults,
      nodes,
      ...(reconfigurable ? { reconfigure: bitsText(x) } : {}),
    };
    const r = runner.run(algorithm, params, limits);
    verified &&= r.report.ok;
    for (let k = j; k < s; k++) {
      hops[k][j] = r.report.usage.stepLongestRoute[k];
      linkBlocks[k][j] = r.report.usage.stepMaxLinkBlocks[k];
    }
    yield;
  }
  return {
    algorithm,
    nodes,
    phases: s,
    hops,
    linkBlocks,
    parts: algorithm === 'bruck' ? 2 * nodes : nodes,
    verified,
  };
}

/** Completion time of schedule x under a cost model (m and δ from the model), from the table. */
export function secondsOf(t: PhaseTable, x: readonly boolean[], model: CircuitModel): number {
  let total = 0;
  let last = 0;
  const blockBytes = model.messageBytes / t.parts;
  for (let k = 0; k < t.phases; k++) {
    if (x[k]) last = k;
    total += phaseSeconds(model, {
      hops: t.hops[k][last],
      linkBytes: t.linkBlocks[k][last] * blockBytes,
      reconfigured: x[k] ?? false,
    });
  }
  return total;
}

/** The cheapest schedule (x_0 = 0: rebuilding the starting ring only adds δ); ties: fewer reconfigurations. */
export function cheapest(t: PhaseTable, model: CircuitModel): { x: boolean[]; seconds: number } {
  let best: { x: boolean[]; seconds: number; R: number } | null = null;
  const free = Math.max(0, t.phases - 1);
  for (let mask = 0; mask < 2 ** free; mask++) {
    const x = Array.from({ length: t.phases }, (_, k) => k > 0 && ((mask >> (k - 1)) & 1) === 1);
    const seconds = secondsOf(t, x, model);
    const R = x.filter(Boolean).length;
    if (!best || seconds < best.seconds || (seconds === best.seconds && R < best.R)) best = { x, seconds, R };
  }
  return best ?? { x: [], seconds: 0 };
}

export function computeHeatmap(d: HeatmapDef, limits: Limits, runner: Runner): HeatmapResult {
  // Never asked to stop, the job always ends with its heatmap.
  return runToEnd(heatmapJob(d, limits, SILENT, runner))!;
}

/**
 * A heatmap as a job: its two phase tables are built one verified schedule at a time (progress in
 * builds); the cells are priced from them at the end. A heatmap has no useful part before that: asked
 * to stop, it ends with none.
 */
export function* heatmapJob(
  d: HeatmapDef,
  limits: Limits,
  ctx: JobContext<never>,
  runner: Runner,
): Job<HeatmapResult | null> {
  const total =
    phaseTableBuilds('retri', d.retriNodes, runner) + phaseTableBuilds(d.baseline, d.baselineNodes, runner);
  let done = 0;
  ctx.progress(0, total);
  const tables: PhaseTable[] = [];
  for (const [algorithm, nodes] of [
    ['retri', d.retriNodes],
    [d.baseline, d.baselineNodes],
  ] as const) {
    const job = phaseTableJob(algorithm, nodes, limits, runner);
    for (let step = job.next(); ; step = job.next()) {
      if (step.done) {
        tables.push(step.value);
        break;
      }
      ctx.progress(++done, total);
      if (ctx.stopping) return null;
      yield;
    }
  }
  const [retri, base] = tables;
  const defaults = defaultCellModel();
  const cells: HeatmapCell[] = [];
  for (const delayUs of d.delays)
    for (const messageBytes of d.messageBytes) {
      const model = cellModel(defaults, messageBytes, delayUs);
      const a = cheapest(retri, model);
      const b = cheapest(base, model);
      const ta = d.perNode ? a.seconds / d.retriNodes : a.seconds;
      const tb = d.perNode ? b.seconds / d.baselineNodes : b.seconds;
      cells.push({
        messageBytes,
        delayUs,
        retriSeconds: a.seconds,
        baselineSeconds: b.seconds,
        speedup: tb / ta,
        retriX: bitsText(a.x),
        reconfigurations: a.x.filter(Boolean).length,
        ...(d.baseline === 'bruck' ? { baselineX: bitsText(b.x) } : {}),
      });
    }
  return { def: d, cells, verified: retri.verified && base.verified };
}
