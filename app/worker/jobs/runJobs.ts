import { findAlgorithm } from '../../../src/registry';
import { InputError } from '../../../src/limits';
import { completeFormulas, run } from '../../../src/run';
import { progressWatch } from '../../../src/kernel/run-watch';
import { formulasPending, transferables, type RunResult } from '../../../src/result';
import type { RunConfig, RunOutcome } from '../protocol';
import { runInSlices } from '../slices';
import { defineJob } from './envelope';
import type { JobPart } from './parts';

/** How often a long build reports how far it is (ms). */
const PROGRESS_EVERY_MS = 150;

/**
 * One configuration built, verified and measured. Slow formula rows (OpTree's best-tree search) and
 * searches for better schedules (the NoC scatter's annealing) follow the result; `poolChains`: the
 * page runs the search's chains on its pool (otherwise this worker runs them itself).
 */
export const runJob = defineJob<RunConfig & { poolChains?: boolean }, RunResult, JobPart>({
  start(input, ctx) {
    // A long build says how far it is (the page shows it with a Stop, which ends the worker).
    const watch = progressWatch((done, total, unit) => ctx.progress(done, total, unit), PROGRESS_EVERY_MS);
    const result = run(input.algorithm, input.params, ctx.limits, {
      quickFormulas: true,
      quickSearch: true,
      watch,
    });
    ctx.host.searches.drop();
    ctx.deliver(result, result, () => {
      ctx.host.searches.after(ctx.id, input.algorithm, input.params, input.poolChains);
      if (!formulasPending(result)) return;
      // The slow work runs in slices; a newer request or an abort makes it stale and stops it.
      const work = findAlgorithm(result.algorithm)?.formulaWork?.(result.params);
      const done = () => ctx.part({ type: 'formulas', formulas: completeFormulas(result) });
      if (work) runInSlices(work, () => ctx.stale(), done);
      else done();
    });
    ctx.host.warmUp();
  },
  transfer: transferables,
});

/** Several configurations in one request (compare mode); each fails on its own. */
export const runsJob = defineJob<RunConfig[], RunOutcome[]>({
  start(configs, ctx) {
    const outcomes: RunOutcome[] = configs.map((c) => {
      try {
        // Compare mode shows no formula panel: slow rows stay pending.
        return { ok: true, result: run(c.algorithm, c.params, ctx.limits, { quickFormulas: true }) };
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        return { ok: false, message: err.message };
      }
    });
    ctx.done(outcomes);
    ctx.host.warmUp();
  },
  transfer: (outcomes) => outcomes.flatMap((o) => (o.ok ? transferables(o.result) : [])),
});

/** The builds: one configuration, or a compare batch. */
export const RUN_JOBS = { run: runJob, runs: runsJob };
