import { CIRCUIT_JOBS } from './families/circuit/jobs';
import { NOC_JOBS } from './families/noc/jobs';

/**
 * The worker's half of the families: the jobs each family adds to the simulation worker (a family's
 * `app/families/<f>/jobs.ts` exports them as `{ type: job }`). The worker's registry
 * (app/worker/jobs/registry.ts) joins these to the shared jobs; a new family job is an entry in its
 * family's list, and a family with jobs adds one line here.
 */
export const FAMILY_JOBS = [CIRCUIT_JOBS, NOC_JOBS] as const;
