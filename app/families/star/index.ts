import type { InterconnectUi } from '../../familyUi';
import { useStarHover } from './starHover';
import { StarPanels } from './StarPanels';
import { starLegend } from './starPicture';
import { StarTree } from './StarTree';
import { StarView } from './StarView';

/**
 * The passive star on the page: its view, panels, TCP1 tree and legend; picking a node marks it in
 * the star's own hover too (its tree reads it).
 */
export const STAR_UI: InterconnectUi = {
  View: StarView,
  Panels: StarPanels,
  Tree: StarTree,
  legend: starLegend,
  pick: (node) => useStarHover.getState().set(node),
};
