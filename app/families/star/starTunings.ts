import { starTunings, type StarTunings } from '../../../src/families/star/star-cost';
import type { Schedule } from '../../../src/kernel/model/schedule';

/**
 * A star result's tunings as the worker computed them (it needs them for the cost formulas), so the
 * page does not count them again when the result arrives: 70–100 ms for gossip on 4096 processors.
 */
const fromWorker = new WeakMap<Schedule, StarTunings>();

export function rememberTunings(s: Schedule, t: StarTunings): void {
  fromWorker.set(s, t);
}

/** The tunings of a star schedule: the worker's, or counted here (compare mode, tests). */
export function tuningsOf(s: Schedule, k: number): StarTunings {
  return fromWorker.get(s) ?? starTunings(s, k);
}
