/**
 * Speed-up heatmaps (ReTri paper, Figs. 2–5): ReTri at its natural size against static all-to-all
 * and against mirrored Bruck at theirs, over message size m and reconfiguration delay δ. Every
 * schedule x of both reconfigurable algorithms is built and verified once; its measured hops and
 * busiest-circuit load per phase do not depend on m or δ, so each cell is then a sum over phases.
 * In each cell both reconfigurable algorithms use their cheapest schedule (the paper's choice of R).
 * This registry is separate from the line-chart sweeps: a heatmap has two axes and a chosen count.
 */
import { findAlgorithm } from '../../registry';
import { PAPERS, type PaperRef } from '../../kernel/spec';
import { phaseSeconds, type CircuitModel } from './circuit-time';
import { bitsText, ceilLog } from './reconfig-formulas';
import { defaultsOf, num, type ParamValues } from '../../kernel/params/schema';
import { InputError, run, type Limits } from '../../run';

export interface HeatmapDef {
  id: string;
  title: string;
  paper: PaperRef;
  where: string;
  retriNodes: number;
  baseline: 'direct-alltoall' | 'bruck';
  baselineNodes: number;
  /** Divide each completion time by its node count (the paper's Fig. 5). */
  perNode: boolean;
  messageBytes: number[];
  /** Reconfiguration delays in µs. */
  delays: number[];
}

const KB = 1024;
/** 1 KB to 256 MB in steps of four, as in the paper's heatmaps. */
export const HEATMAP_MESSAGES = Array.from({ length: 10 }, (_, i) => KB * 4 ** i);
/** 1 µs to 50 ms. */
export const HEATMAP_DELAYS = [1, 10, 100, 1000, 10_000, 50_000];

const def = (
  id: string,
  retriNodes: number,
  baseline: HeatmapDef['baseline'],
  baselineNodes: number,
  where: string,
  perNode = false,
): HeatmapDef => ({
  id,
  title: `ReTri (n = ${retriNodes}) over ${baseline === 'bruck' ? 'mirrored Bruck' : 'static all-to-all'} (n = ${baselineNodes})`,
  paper: PAPERS.retri,
  where,
  retriNodes,
  baseline,
  baselineNodes,
  perNode,
  messageBytes: HEATMAP_MESSAGES,
  delays: HEATMAP_DELAYS,
});

export const HEATMAPS: readonly HeatmapDef[] = [
  def('retri-vs-static-81', 81, 'direct-alltoall', 64, 'Fig. 2'),
  def('retri-vs-bruck-81', 81, 'bruck', 64, 'Fig. 3'),
  def('retri-vs-static-9', 9, 'direct-alltoall', 8, 'Fig. 4 (S)'),
  def('retri-vs-bruck-9', 9, 'bruck', 8, 'Fig. 4 (B)'),
  def('retri-vs-static-243', 243, 'direct-alltoall', 256, 'Fig. 5 (S), per node', true),
  def('retri-vs-bruck-243', 243, 'bruck', 256, 'Fig. 5 (B), per node', true),
];

export const findHeatmap = (id: string) => HEATMAPS.find((h) => h.id === id);

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

export function measurePhaseTable(algorithm: string, nodes: number, limits: Limits): PhaseTable {
  const spec = findAlgorithm(algorithm);
  if (!spec) throw new InputError(`unknown algorithm "${algorithm}"`);
  const defaults = defaultsOf(spec.params);
  const reconfigurable = 'reconfigure' in defaults;
  const s = algorithm === 'retri' ? ceilLog(nodes, 3) : algorithm === 'bruck' ? ceilLog(nodes, 2) : 1;
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
    const r = run(algorithm, params, limits);
    verified &&= r.report.ok;
    for (let k = j; k < s; k++) {
      hops[k][j] = r.report.usage.stepLongestRoute[k];
      linkBlocks[k][j] = r.report.usage.stepMaxLinkBlocks[k];
    }
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

export interface HeatmapCell {
  messageBytes: number;
  delayUs: number;
  retriSeconds: number;
  baselineSeconds: number;
  /** Baseline time over ReTri time (per node when the heatmap normalises). */
  speedup: number;
  /** ReTri's cheapest schedule in this cell and its number of reconfigurations. */
  retriX: string;
  reconfigurations: number;
  baselineX?: string;
}

export interface HeatmapResult {
  def: HeatmapDef;
  cells: HeatmapCell[];
  verified: boolean;
}

/** The cost model of a cell: the paper's defaults with this m and δ. */
export function cellModel(base: ParamValues, messageBytes: number, delayUs: number): CircuitModel {
  return {
    messageBytes,
    beta: 8 / (num(base, 'bandwidth') * 1e9),
    hop: num(base, 'hop-delay') * 1e-6,
    phase: num(base, 'phase-delay') * 1e-6,
    reconfiguration: delayUs * 1e-6,
  };
}

export function computeHeatmap(d: HeatmapDef, limits: Limits): HeatmapResult {
  const retri = measurePhaseTable('retri', d.retriNodes, limits);
  const base = measurePhaseTable(d.baseline, d.baselineNodes, limits);
  const spec = findAlgorithm('retri');
  const defaults = spec ? defaultsOf(spec.params) : {};
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

/** The configuration a heatmap cell stands for (what clicking it opens). */
export function cellConfig(
  d: HeatmapDef,
  c: HeatmapCell,
): { algorithm: string; params: Record<string, string | number> } {
  return {
    algorithm: 'retri',
    params: {
      nodes: d.retriNodes,
      reconfigure: c.retriX,
      'message-bytes': c.messageBytes,
      'reconfiguration-delay': c.delayUs,
    },
  };
}

/** CSV of a heatmap: one row per cell. */
export function heatmapCsv(r: HeatmapResult): string {
  const rows = r.cells.map((c) =>
    [
      c.messageBytes,
      c.delayUs,
      c.retriSeconds,
      c.baselineSeconds,
      c.speedup,
      `"${c.retriX}"`,
      c.reconfigurations,
      c.baselineX ? `"${c.baselineX}"` : '',
    ].join(','),
  );
  return `message_bytes,delay_us,retri_seconds,baseline_seconds,speedup,retri_x,reconfigurations,baseline_x\n${rows.join('\n')}\n`;
}
