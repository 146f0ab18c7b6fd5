import { retriClaims } from '../families/circuit/retri-claims';
import { OPTREE_REPRODUCTIONS } from '../families/ring/optree/optree-repro';
import { starTables } from '../families/star/star-tables';
import { otisLatency, otisSteps } from '../families/mesh/otis-repro';
import { nocFig3, nocTable2 } from '../families/noc/noc-repro';
import { heatmapJob as circuitHeatmapJob } from '../families/circuit/speedup';
import type { HeatmapDef } from '../families/circuit/heatmaps';
import type { JobContext } from '../kernel/jobs';
import type { ReproductionCard, ReproRow, Reproduction } from './../kernel/experiment';
import type { Limits } from '../limits';
import { RUNNER } from '../run';
import type { Runner } from '../runner';

/** A paper check ready to run: the families' runner (src/run.ts) handed in. */
export interface RunnableReproduction extends ReproductionCard {
  run(limits: Limits): ReproRow[];
}

const withRunner = (r: Reproduction<Runner>): RunnableReproduction => ({
  ...r,
  run: (limits) => r.run(limits, RUNNER),
});

/**
 * Every paper check with its computation, for `npm run cli -- reproduce` and the worker; the page
 * lists them from `catalogue.ts` (same order, same cards).
 */
export const REPRODUCTIONS: readonly RunnableReproduction[] = [
  ...OPTREE_REPRODUCTIONS,
  starTables,
  retriClaims,
  otisSteps,
  otisLatency,
  nocTable2,
  nocFig3,
].map(withRunner);

/** The heatmaps (the circuit switch's speed-up maps), for the worker: found by id, run as a job. */
export { findHeatmap, type HeatmapResult } from '../families/circuit/heatmaps';
export const heatmapJob = (d: HeatmapDef, limits: Limits, ctx: JobContext<never>) =>
  circuitHeatmapJob(d, limits, ctx, RUNNER);

export const findReproduction = (id: string) => REPRODUCTIONS.find((r) => r.id === id);
