import { findHeatmap, type HeatmapResult } from '../../../src/families/circuit/heatmaps';
import { heatmapJob } from '../../../src/families/circuit/speedup';
import { InputError } from '../../../src/limits';
import { RUNNER } from '../../../src/run';
import { defineJob } from '../../worker/jobs/envelope';

/** A speed-up heatmap (two phase tables built and verified one schedule at a time); null when stopped early. */
const heatmapJobSpec = defineJob<{ heatmap: string }, HeatmapResult | null>({
  start({ heatmap }, ctx) {
    const def = findHeatmap(heatmap);
    if (!def) throw new InputError(`unknown heatmap "${heatmap}"`);
    const { ctx: job, finish } = ctx.sliced();
    ctx.drive(heatmapJob(def, ctx.limits, job, RUNNER), (result) => {
      finish();
      ctx.done(result);
    });
  },
});

/** The jobs the circuit family adds to the simulation worker (app/workerJobs.ts): its speed-up heatmaps. */
export const CIRCUIT_JOBS = { heatmap: heatmapJobSpec };
