import type { Family } from './family';
import { CIRCUIT_FAMILY } from './families/circuit';
import { MESH_FAMILY } from './families/mesh';
import { NOC_FAMILY } from './families/noc';
import { RING_FAMILY } from './families/ring';
import { STAR_FAMILY } from './families/star';

/**
 * Every family, in the order the page, the links and the command line list their algorithms,
 * sweeps, checks and scenes: the only place that lists them. A family is one module,
 * `src/families/<family>/index.ts` (its engine, `engine.ts`, goes in src/family-engines.ts, and its
 * views in app/family-list.tsx; docs/architecture.md, "How to add a family"). Holds no schedule
 * builder: the page's main thread reads it.
 */
const LISTED = [RING_FAMILY, STAR_FAMILY, CIRCUIT_FAMILY, MESH_FAMILY, NOC_FAMILY] as const;

/** The kinds of interconnect the families bring (a topology read from a file is 'generic'). */
export type FamilyKind = (typeof LISTED)[number]['kind'];

export const FAMILIES: readonly Family<FamilyKind>[] = LISTED;

/** Every kind of interconnect: the families' and `generic` (any network a schedule file gives). */
export type TopologyKind = FamilyKind | 'generic';
