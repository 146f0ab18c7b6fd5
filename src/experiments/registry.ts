import { FAMILY_ENGINES } from '../family-engines';
import { FAMILIES } from '../family-list';
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
 * lists them from `catalogue.ts` (same order, same cards): each family engine's, in the order of
 * FAMILIES.
 */
export const REPRODUCTIONS: readonly RunnableReproduction[] = FAMILIES.flatMap(
  (f) => FAMILY_ENGINES[f.kind].checks,
).map(withRunner);

export const findReproduction = (id: string) => REPRODUCTIONS.find((r) => r.id === id);
