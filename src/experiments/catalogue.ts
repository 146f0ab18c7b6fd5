import type { ExplorerPageCard } from '../family';
import { FAMILIES } from '../family-list';
import type { ReproductionCard, SweepDef } from '../kernel/experiment';

/**
 * What the page lists of the experiments, family by family in the order of FAMILIES: every sweep (a
 * sweep only lists configurations, so it is its own card), every paper check's card and the
 * explorer's pages that are not sweeps. `registry.ts` adds the checks' computations, for the worker
 * and the command line. No schedule builder is reachable from here.
 */
export const SWEEPS: readonly SweepDef[] = FAMILIES.flatMap((f) => f.sweeps);

/** Every paper check, in the order of `REPRODUCTIONS`. */
export const REPRODUCTION_CARDS: readonly ReproductionCard[] = FAMILIES.flatMap((f) => f.checks);

/** The explorer's pages of the families' own (the circuit switch's speed-up heatmaps), addressed like a sweep. */
export const EXPLORER_PAGE_CARDS: readonly ExplorerPageCard[] = FAMILIES.flatMap(
  (f) => f.explorerPages ?? [],
);

export const findSweep = (id: string) => SWEEPS.find((s) => s.id === id);
export const findReproductionCard = (id: string) => REPRODUCTION_CARDS.find((r) => r.id === id);
export const findExplorerPageCard = (id: string) => EXPLORER_PAGE_CARDS.find((p) => p.id === id);
