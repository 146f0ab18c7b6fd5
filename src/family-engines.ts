import type { FamilyEngine } from './family';
import type { FamilyKind } from './family-list';
import { CIRCUIT_ENGINE } from './families/circuit/engine';
import { MESH_ENGINE } from './families/mesh/engine';
import { NOC_ENGINE } from './families/noc/engine';
import { RING_ENGINE } from './families/ring/engine';
import { STAR_ENGINE } from './families/star/engine';

/**
 * Each family's engine (builders and paper checks' computations), by kind: the worker's, the
 * command line's and the tests' half of FAMILIES (src/family-list.ts), kept apart so that no builder
 * reaches the page's main thread. A family in FAMILIES without an engine here does not compile.
 */
export const FAMILY_ENGINES: Readonly<Record<FamilyKind, FamilyEngine>> = {
  'wdm-ring': RING_ENGINE,
  star: STAR_ENGINE,
  circuit: CIRCUIT_ENGINE,
  mesh: MESH_ENGINE,
  noc: NOC_ENGINE,
};
