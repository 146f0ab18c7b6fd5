import type { Collective, ListedBlocks } from '../kernel/model/schedule';
import type { Topology, NetworkKind } from '../kernel/model/topology';
import type { ParamValues } from '../kernel/params/schema';
import { genericBounds, type TryBound } from './bounds-generic';
import type { ExerciseModel } from './exercise-model';
import { tryModelOf } from './try-models';

export type { TryBound, BoundArgument } from './bounds-generic';

/** What the bounds of an exercise are computed from. */
export interface BoundInput {
  kind: NetworkKind;
  algorithm: string;
  collective: Collective;
  params: ParamValues;
  topology: Topology;
  blocks: ListedBlocks;
  model: ExerciseModel;
  reduction: boolean;
}

/**
 * Every lower bound of an exercise: the generic ones of bounds-generic.ts (ports, one block per
 * transfer, spread) with the family's own (its engine's `tryIt.bounds`: the NoC paper's Table 1 and
 * ours, which replace the generic ones; the star paper's Table 1; Lemma 1's cut on the ring, for
 * schedules that relay nothing; the circuit switch's time).
 */
export function exerciseBounds(x: BoundInput): TryBound[] {
  const generic = () => genericBounds(x.topology, x.blocks, x.model, x.reduction);
  const own = tryModelOf(x.kind)?.bounds;
  return own ? own(x, generic) : generic();
}

/** The bound that binds: the largest in steps that every schedule obeys (1 when something must move). */
export function bindingBound(bounds: readonly TryBound[]): TryBound {
  let best: TryBound = {
    id: 'move',
    label: 'something must move',
    value: 1,
    unit: 'steps',
    why: 'some block is not yet where it must be, so one step at least',
    source: 'ours',
    scope: 'any',
    argument: {},
  };
  for (const b of bounds) if (b.unit === 'steps' && b.scope === 'any' && b.value > best.value) best = b;
  return best;
}
