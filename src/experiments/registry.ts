import { OPTREE_REPRODUCTIONS } from '../families/ring/optree/optree-repro';
import { OPTREE_SWEEPS } from '../families/ring/optree/optree-sweeps';
import type { Reproduction } from './reproduce';
import { alltoallTimeSweep } from '../families/circuit/alltoall-sweeps';
import { retriClaims } from '../families/circuit/retri-claims';
import { starSplitSweep, starTables } from '../families/star/experiments';
import type { SweepDef } from './sweep';

/** Every sweep of the explorer and of `npm run cli -- sweep`; one line per module that adds some. */
export const SWEEPS: readonly SweepDef[] = [...OPTREE_SWEEPS, starSplitSweep, alltoallTimeSweep];

/** Every paper check of `npm run cli -- reproduce` and of the app's tables. */
export const REPRODUCTIONS: readonly Reproduction[] = [...OPTREE_REPRODUCTIONS, starTables, retriClaims];

export const findSweep = (id: string) => SWEEPS.find((s) => s.id === id);
export const findReproduction = (id: string) => REPRODUCTIONS.find((r) => r.id === id);

/** The explorer's page of speed-up heatmaps (src/families/circuit/speedup.ts), addressed like a sweep. */
export const HEATMAPS_PAGE = 'speedup-heatmaps';
