import type { InterconnectUi } from '../../familyUi';
import { NocPanels } from './NocPanels';
import { nocLegend } from './nocPicture';
import { NocView } from './NocView';

/** Networks-on-chip on the page: the view, the search's panels and the legend. */
export const NOC_UI: InterconnectUi = {
  View: NocView,
  Panels: NocPanels,
  Tree: null,
  legend: (r, step) => nocLegend(r, step, false),
};
