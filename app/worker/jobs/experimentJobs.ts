import { findSweep } from '../../../src/experiments/catalogue';
import { findReproduction } from '../../../src/experiments/registry';
import { sweepJob } from '../../../src/experiments/sweep';
import type { ReproRow } from '../../../src/kernel/experiment';
import { lpSolver } from '../../../src/kernel/lp';
import { InputError } from '../../../src/limits';
import { defineJob } from './envelope';

/** A sweep, point by point: its points go to the page as progress; `stopped`: asked to stop before its last. */
export const sweepJobSpec = defineJob<{ sweep: string }, { stopped: boolean }>({
  start({ sweep }, ctx) {
    const def = findSweep(sweep);
    if (!def) throw new InputError(`unknown sweep "${sweep}"`);
    const { ctx: job, finish } = ctx.sliced();
    ctx.drive(sweepJob(def, ctx.limits, job), (out) => {
      finish();
      ctx.done({ stopped: out.stopped });
    });
  },
});

/** A paper check's rows; one whose rows use the exact method loads the solver first (once per worker). */
export const reproduceJob = defineJob<{ reproduction: string }, ReproRow[]>({
  start({ reproduction }, ctx) {
    const rep = findReproduction(reproduction);
    if (!rep) throw new InputError(`unknown paper check "${reproduction}"`);
    const rows = () => ctx.done(rep.run(ctx.limits));
    const { loadLp } = ctx.host;
    if (rep.solver && !lpSolver() && loadLp)
      loadLp()
        .then(rows)
        .catch((err: unknown) => ctx.fail(err));
    else rows();
  },
});

/** The experiments: sweeps and paper checks (a family adds its own, as the circuit its heatmaps). */
export const EXPERIMENT_JOBS = { sweep: sweepJobSpec, reproduce: reproduceJob };
