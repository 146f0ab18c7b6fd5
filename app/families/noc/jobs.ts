import { findAlgorithm } from '../../../src/registry';
import type { ChainOutcome, ChainTask } from '../../../src/kernel/spec';
import type { ParamValues } from '../../../src/kernel/params/schema';
import { InputError } from '../../../src/limits';
import { chainBuffers } from '../../worker/chainBuffers';
import { defineJob } from '../../worker/jobs/envelope';

/** One round of some chains of a search whose master is in another worker (a job of the pool). */
const chainsJob = defineJob<{ algorithm: string; params: ParamValues; tasks: ChainTask[] }, ChainOutcome[]>({
  start({ algorithm, params, tasks }, ctx) {
    const work = findAlgorithm(algorithm)?.chainWork;
    if (!work) throw new InputError(`"${algorithm}" has no search that runs in chains`);
    const all = function* () {
      const outcomes: ChainOutcome[] = [];
      for (const task of tasks) outcomes.push(yield* work(params, task));
      return outcomes;
    };
    ctx.drive(all(), (outcomes) => ctx.done(outcomes));
  },
  transfer: chainBuffers,
});

/**
 * The jobs the NoC family adds to the simulation worker (app/workerJobs.ts): its searches' chains,
 * run on the pool's workers.
 */
export const NOC_JOBS = { chains: chainsJob };
