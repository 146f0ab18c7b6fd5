import type { InterconnectUi } from '../../familyUi';
import { RingView } from './RingView';
import { ringLegend } from './ringPicture';
import { StagePanel } from './StagePanel';

/** The WDM ring on the page: its view, its stage panel and its legend. */
export const RING_UI: InterconnectUi = { View: RingView, Panels: StagePanel, Tree: null, legend: ringLegend };
