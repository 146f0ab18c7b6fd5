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
