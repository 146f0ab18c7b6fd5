import type { Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import { choicesOf } from './try-models';

/**
 * The circuits a student sets on the optical circuit switch, one offset a step, as the circuit
 * family contributes them (its engine's `tryIt.choices`, src/families/circuit/try-choices.ts).
 */
const circuit = () => choicesOf('circuit');

/** The offset the switch starts with (a ring: every node joined to its neighbours). */
export const START_OFFSET = 1;

/** The switch with every configuration a student may set. */
export const circuitChoices = (n: number): Topology => circuit().topology(n);

/** The links of offset `o` (the circuits in force while it stands). */
export const offsetLinks = (n: number, o: number): Uint32Array => circuit().links(n, o);

/** Offset o in words. */
export const offsetWords = (n: number, o: number): string => circuit().words(n, o);

/** An algorithm's circuit schedule with its links renamed to the exercise's switch. */
export const onChoices = (ref: Topology, s: Schedule): Schedule => circuit().onChoices(ref, s);

/** The offset whose circuits a step's active links are; null if none. */
export const offsetOfLinks = (n: number, links: ArrayLike<number>): number | null =>
  circuit().ofLinks(n, links);
