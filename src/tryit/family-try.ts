import type { Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import type { Usage } from '../kernel/verify/rules';
import type { TimeInput } from './attempt-time';
import type { BoundInput, TryBound } from './bounds';

/**
 * The configurations a student sets step by step on a switched network (the circuit switch's
 * offsets): the exercise's network holds every choice, and a step uses the links of the one in force.
 */
export interface SwitchChoices {
  /** The choices on n nodes, in the order the page lists them. */
  offsets(n: number): number[];
  /** The network with every choice's links. */
  topology(n: number): Topology;
  /** The links of choice `o`. */
  links(n: number, o: number): Uint32Array;
  /** Choice `o` in words. */
  words(n: number, o: number): string;
  /** An algorithm's own schedule with its links renamed to the exercise's network. */
  onChoices(ref: Topology, s: Schedule): Schedule;
  /** The choice whose links a step's active links are; null if none. */
  ofLinks(n: number, links: ArrayLike<number>): number | null;
}

/**
 * What "Try it" asks of a family's model, contributed through its engine (`FamilyEngine.tryIt`,
 * src/family.ts): the time of a checked attempt, the family's own lower bounds and, on a switch,
 * the choices a student makes per step. The sizes a person may click through are on the page's
 * side of the family (`Family.trySize`), which the main thread reads.
 */
export interface FamilyTryIt {
  /** Seconds (or the model's own unit) of each step of an attempt, and model costs where it has them. */
  time(
    x: TimeInput,
    s: Schedule,
    usage: Usage,
  ): { perStep: Float64Array; unit?: string; costs?: Record<string, number> };
  /** The family's lower bounds, given the generic ones (bounds-generic.ts) to add to or replace. */
  bounds?(x: BoundInput, generic: () => TryBound[]): TryBound[];
  choices?: SwitchChoices;
}
