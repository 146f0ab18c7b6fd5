import type { FamilyKind } from '../src/family-list';
import { CIRCUIT_UI } from './families/circuit';
import { MESH_UI } from './families/mesh';
import { NOC_UI } from './families/noc';
import { RING_UI } from './families/ring';
import { STAR_UI } from './families/star';
import type { InterconnectUi } from './familyUi';

/**
 * Each family's part of the page, by kind (`app/families/<family>/index.ts(x)`: its view, panels,
 * tree, node facts, legend, explorer pages, what picking a node marks): the app's half of FAMILIES
 * (src/family-list.ts). A family in FAMILIES without an entry here does not compile.
 */
export const APP_FAMILIES: Readonly<Record<FamilyKind, InterconnectUi>> = {
  'wdm-ring': RING_UI,
  star: STAR_UI,
  circuit: CIRCUIT_UI,
  mesh: MESH_UI,
  noc: NOC_UI,
};
