import { isKnownInterconnect } from '../src/interconnects';
import { FAMILIES, type TopologyKind } from '../src/family-list';
import { APP_FAMILIES } from './family-list';
import type { ExplorerPage, InterconnectUi } from './familyUi';
import { graphPicture, GraphView } from './views/GraphView';

export type { ExplorerPage, InterconnectUi, NetworkViewProps } from './familyUi';

/**
 * The app's half of the interconnect models (the core's is src/interconnects.ts): each family's
 * entry in APP_FAMILIES, and the generic graph view for a network read from a file.
 */
export const INTERCONNECT_UI: Readonly<Record<TopologyKind, InterconnectUi>> = {
  ...APP_FAMILIES,
  generic: { View: GraphView, Panels: null, Tree: null, legend: (r, step) => graphPicture(r, step).legend() },
};

/** Every family's own explorer pages, in the order of FAMILIES. */
export const EXPLORER_PAGES: readonly ExplorerPage[] = FAMILIES.flatMap(
  (f) => APP_FAMILIES[f.kind].explorerPages ?? [],
);

/** Every family's own slice of a pane's state (InterconnectUi.slice), in the order of FAMILIES. */
export const FAMILY_SLICES = FAMILIES.flatMap((f) => APP_FAMILIES[f.kind].slice ?? []);

/** The views of `kind`; the generic graph view (which says it knows no better) for an unknown kind. */
export function interconnectUi(kind: string): InterconnectUi {
  return isKnownInterconnect(kind) ? INTERCONNECT_UI[kind] : INTERCONNECT_UI.generic;
}
