import { GENERIC_INTERCONNECT, type Interconnect } from './kernel/model/interconnect';
import { FAMILIES, type TopologyKind } from './family-list';

/**
 * Every interconnect model: each family's (`families/<family>/interconnect.ts`, brought by its
 * entry in FAMILIES) and the generic one. Code that would otherwise switch on a topology kind reads
 * this; the app's half is `app/interconnects.tsx`. Holds no schedule builder, so the app's main
 * thread may import it.
 */
export const INTERCONNECTS = {
  ...Object.fromEntries(FAMILIES.map((f) => [f.kind, f.interconnect])),
  generic: GENERIC_INTERCONNECT,
} as Readonly<Record<TopologyKind, Interconnect>>;

/** Whether the core knows `kind`. */
export function isKnownInterconnect(kind: string): kind is TopologyKind {
  return Object.hasOwn(INTERCONNECTS, kind);
}

/** The entry for `kind`; the generic one for a kind the core does not know. */
export function interconnectOf(kind: string): Interconnect {
  return isKnownInterconnect(kind) ? INTERCONNECTS[kind] : INTERCONNECTS.generic;
}
