import { starTunings, type StarTunings } from '../../../src/families/star/star-cost';
import type { RunResult } from '../../../src/result';

/**
 * A star result's tunings: the ones the worker counted for the cost formulas and sent in the result
 * (`RunResult.extras`, from the star's interconnect), so the page does not count them again when the
 * result arrives (70–100 ms for gossip on 4096 processors); counted here only for a result without
 * them.
 */
export function tuningsOf(r: Pick<RunResult, 'schedule' | 'extras'>, k: number): StarTunings {
  return (r.extras?.tunings as StarTunings | undefined) ?? starTunings(r.schedule, k);
}

/** Tunings (transmitters and receivers) in step `step` and in steps 1 … `step` (0 before the first). */
export function tuningCounts(t: StarTunings, step: number): { here: number; soFar: number } {
  let soFar = 0;
  for (let i = 0; i < step; i++) soFar += t.rx[i] + t.tx[i];
  return { here: step >= 1 ? t.rx[step - 1] + t.tx[step - 1] : 0, soFar };
}
