import type { NetworkKind } from '../kernel/model/topology';
import type { FamilyEngine } from '../family';
import { FAMILY_ENGINES } from '../family-engines';
import type { FamilyTryIt, SwitchChoices } from './family-try';

/** A family's part of "Try it" (its engine's `tryIt`), by the kind of its network; undefined if it has none. */
export function tryModelOf(kind: NetworkKind): FamilyTryIt | undefined {
  return (FAMILY_ENGINES as Readonly<Partial<Record<string, FamilyEngine>>>)[kind]?.tryIt;
}

/** The choices of a switched network (the circuit switch's offsets); an error if the family has none. */
export function choicesOf(kind: NetworkKind): SwitchChoices {
  const choices = tryModelOf(kind)?.choices;
  if (!choices) throw new Error(`a ${kind} network has no choices to set per step`);
  return choices;
}
