import { GENERIC_INTERCONNECT, type Interconnect } from './kernel/model/interconnect';
import type { TopologyKind } from './kernel/model/topology';
import { CIRCUIT_SWITCH } from './families/circuit/interconnect';
import { WDM_RING } from './families/ring/interconnect';
import { PASSIVE_STAR } from './families/star/interconnect';
import { MESH } from './families/mesh/interconnect';
import { NOC } from './families/noc/interconnect';

/**
 * Every interconnect model, one line per family (its object is `families/<family>/interconnect.ts`).
 * Code that would otherwise switch on a topology kind reads this; the app's half is
 * `app/interconnects.tsx`. Holds no schedule builder, so the app's main thread may import it.
 */
export const INTERCONNECTS: Readonly<Record<TopologyKind, Interconnect>> = {
  'wdm-ring': WDM_RING,
  star: PASSIVE_STAR,
  circuit: CIRCUIT_SWITCH,
  mesh: MESH,
  noc: NOC,
  generic: GENERIC_INTERCONNECT,
};

/** Whether the core knows `kind`. */
export function isKnownInterconnect(kind: string): kind is TopologyKind {
  return Object.hasOwn(INTERCONNECTS, kind);
}

/** The entry for `kind`; the generic one for a kind the core does not know. */
export function interconnectOf(kind: string): Interconnect {
  return isKnownInterconnect(kind) ? INTERCONNECTS[kind] : INTERCONNECTS.generic;
}
