import { HEATMAPS_PAGE } from '../../../src/families/circuit';
import type { InterconnectUi } from '../../familyUi';
import { CircuitPanels } from './CircuitPanels';
import { CircuitView } from './CircuitView';
import { circuitFacts } from './circuitFacts';
import { circuitLegend } from './circuitPicture';
import { CIRCUIT_SLICE } from './circuitSlice';
import { SpeedupExplorer } from './SpeedupExplorer';

/** The circuit switch on the page: its view, panels, node facts, legend, heatmaps page and state. */
export const CIRCUIT_UI: InterconnectUi = {
  View: CircuitView,
  Panels: CircuitPanels,
  Tree: null,
  facts: circuitFacts,
  legend: circuitLegend,
  slice: CIRCUIT_SLICE,
  explorerPages: [
    {
      id: HEATMAPS_PAGE,
      title: 'Speed-up heatmaps: ReTri over static all-to-all and over Bruck',
      where: 'Figs. 2–5 of the ReTri paper',
      Page: () => <SpeedupExplorer startOpen fill />,
    },
  ],
};
