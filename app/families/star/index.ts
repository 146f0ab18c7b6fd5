import type { InterconnectUi } from '../../familyUi';
import { StarPanels } from './StarPanels';
import { starLegend } from './starPicture';
import { StarTree } from './StarTree';
import { StarView } from './StarView';

/** The passive star on the page: its view, panels, TCP1 tree and legend. */
export const STAR_UI: InterconnectUi = {
  View: StarView,
  Panels: StarPanels,
  Tree: StarTree,
  legend: starLegend,
};
