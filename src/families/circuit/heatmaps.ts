import { defaultsOf } from '../../kernel/params/schema';
import { csvTable } from '../../kernel/format/csv';
import { type PaperRef } from '../../kernel/spec';
import type { CircuitModel } from './circuit-time';
import { retriCard } from './retri.card';
import { RETRI_PAPER } from './paper';

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
  paper: RETRI_PAPER,
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

/** ReTri's cost model at its default parameters, as its card parses them: what every cell varies. */
export const defaultCellModel = (): CircuitModel => retriCard.parse(defaultsOf(retriCard.params)).model;

/** The cost model of a cell: `base` (the paper's defaults, defaultCellModel) with this m and δ. */
export function cellModel(base: CircuitModel, messageBytes: number, delayUs: number): CircuitModel {
  return { ...base, messageBytes, reconfiguration: delayUs * 1e-6 };
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

export const HEATMAP_CSV_HEADER = [
  'message_bytes',
  'delay_us',
  'retri_seconds',
  'baseline_seconds',
  'speedup',
  'retri_x',
  'reconfigurations',
  'baseline_x',
] as const;

/**
 * A heatmap as CSV, one row per cell (message size, reconfiguration delay): both completion times,
 * the speed-up (of the times per node when the heatmap normalises), ReTri's cheapest
 * reconfiguration schedule and its number of reconfigurations, and the baseline's schedule (Bruck
 * only). Written by the page's download button and by
 * `npm run cli -- heatmap <id> --format csv`.
 */
export function heatmapCsv(r: HeatmapResult): string {
  return csvTable(
    HEATMAP_CSV_HEADER,
    r.cells.map((c) => [
      c.messageBytes,
      c.delayUs,
      c.retriSeconds,
      c.baselineSeconds,
      c.speedup,
      c.retriX,
      c.reconfigurations,
      c.baselineX,
    ]),
  );
}
