import type { Schedule } from '../kernel/model/schedule';
import type { Topology, NetworkKind } from '../kernel/model/topology';
import type { ParamValues } from '../kernel/params/schema';
import type { Usage } from '../kernel/verify/rules';
import type { FamilyTryIt } from './family-try';
import { tryModelOf } from './try-models';

/** What an attempt's time is computed from. */
export interface TimeInput {
  kind: NetworkKind;
  params: ParamValues;
  topology: Topology;
  /** Circuit switch: the offset in force in each step (index s − 1), to count reconfigurations. */
  offsets?: readonly number[];
}

/** Seconds (or the model's own unit) of each step, their sum, and model costs where the model has them. */
export interface AttemptTime {
  perStep: Float64Array;
  total: number;
  /** What the unit is: seconds, or the star's message units. */
  unit: string;
  /** The star's communication time (Σ largest message per step, message units) and tunings. */
  costs?: Record<string, number>;
}

/**
 * The time of a checked attempt under its model's cost, as the family's algorithms are timed: each
 * family gives its own (its engine's `tryIt.time`: the ring by eq. 3 of the OpTree paper, the star in
 * message units with its tunings, the circuit switch by the ReTri paper's phases, the NoC by its
 * eq. (1), the mesh per link of each route). NaN steps for a network whose family gives none.
 */
export function attemptTime(x: TimeInput, s: Schedule, usage: Usage): AttemptTime {
  const model = tryModelOf(x.kind);
  const got: ReturnType<FamilyTryIt['time']> = model
    ? model.time(x, s, usage)
    : { perStep: new Float64Array(s.stepCount).fill(NaN) };
  const { perStep, unit = 's', costs } = got;
  return { perStep, total: perStep.reduce((a, b) => a + b, 0), unit, ...(costs ? { costs } : {}) };
}
