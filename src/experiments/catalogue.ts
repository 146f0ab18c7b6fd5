import { alltoallTimeSweep } from '../families/circuit/alltoall-sweeps';
import { RETRI_CLAIMS } from '../families/circuit/retri-claims.card';
import {
  OPTREE_MOTIVATION,
  OPTREE_TABLE1,
  OPTREE_TABLE2,
  OPTREE_TABLE3,
} from '../families/ring/optree/optree-repro.card';
import { OPTREE_SWEEPS } from '../families/ring/optree/optree-sweeps';
import { starSplitSweep } from '../families/star/star-sweeps';
import { STAR_TABLES } from '../families/star/star-tables.card';
import { OTIS_LATENCY, OTIS_STEPS } from '../families/mesh/otis-repro.card';
import { OTIS_SWEEPS } from '../families/mesh/otis-sweeps';
import { NOC_FIG3, NOC_TABLE2 } from '../families/noc/noc-repro.card';
import type { ReproductionCard } from './../kernel/experiment';
import type { SweepDef } from '../kernel/experiment';

/**
 * What the page lists of the experiments: every sweep (a sweep only lists configurations, so it is
 * its own card) and every paper check's card. `registry.ts` adds the checks' computations, for the
 * worker and the command line. No schedule builder is reachable from here.
 */
export const SWEEPS: readonly SweepDef[] = [
  ...OPTREE_SWEEPS,
  starSplitSweep,
  alltoallTimeSweep,
  ...OTIS_SWEEPS,
];

/** Every paper check, in the order of `REPRODUCTIONS`. */
export const REPRODUCTION_CARDS: readonly ReproductionCard[] = [
  OPTREE_TABLE1,
  OPTREE_TABLE2,
  OPTREE_TABLE3,
  OPTREE_MOTIVATION,
  STAR_TABLES,
  RETRI_CLAIMS,
  OTIS_STEPS,
  OTIS_LATENCY,
  NOC_TABLE2,
  NOC_FIG3,
];

export const findSweep = (id: string) => SWEEPS.find((s) => s.id === id);
export const findReproductionCard = (id: string) => REPRODUCTION_CARDS.find((r) => r.id === id);

/** The explorer's page of speed-up heatmaps (src/families/circuit/speedup.ts), addressed like a sweep. */
export const HEATMAPS_PAGE = 'speedup-heatmaps';
