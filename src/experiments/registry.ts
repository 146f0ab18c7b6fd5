import { retriClaims } from '../families/circuit/retri-claims';
import { OPTREE_REPRODUCTIONS } from '../families/ring/optree/optree-repro';
import { starTables } from '../families/star/star-tables';
import { otisLatency, otisSteps } from '../families/mesh/otis-repro';
import { nocFig3, nocTable2 } from '../families/noc/noc-repro';
import type { Reproduction } from './../kernel/experiment';

/**
 * Every paper check with its computation, for `npm run cli -- reproduce` and the worker; the page
 * lists them from `catalogue.ts` (same order, same cards).
 */
export const REPRODUCTIONS: readonly Reproduction[] = [
  ...OPTREE_REPRODUCTIONS,
  starTables,
  retriClaims,
  otisSteps,
  otisLatency,
  nocTable2,
  nocFig3,
];

export const findReproduction = (id: string) => REPRODUCTIONS.find((r) => r.id === id);
