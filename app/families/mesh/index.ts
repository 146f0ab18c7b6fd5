import type { InterconnectUi } from '../../familyUi';
import { meshLegend } from './meshPicture';
import { meshProcessorFacts } from './MeshTooltip';
import { MeshView } from './MeshView';

/** Meshes and the OTIS-Mesh on the page: the view, a processor's facts and the legend. */
export const MESH_UI: InterconnectUi = {
  View: MeshView,
  Panels: null,
  Tree: null,
  facts: meshProcessorFacts,
  legend: (r) => meshLegend(r, false),
};
