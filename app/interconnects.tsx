import type { ComponentType } from 'react';
import { isKnownInterconnect } from '../src/model/interconnects';
import type { TopologyKind } from '../src/model/topology';
import type { RunResult } from '../src/run';
import { Fig1Scenes } from './panels/circuit/Fig1Scenes';
import { PaperClaims } from './panels/circuit/PaperClaims';
import { ReconfigEditor } from './panels/circuit/ReconfigEditor';
import { SpeedupExplorer } from './panels/circuit/SpeedupExplorer';
import { StagePanel } from './panels/StagePanel';
import { StarPanels } from './panels/star/StarPanels';
import { CircuitView } from './views/CircuitView';
import { GraphView } from './views/GraphView';
import { RingView } from './views/RingView';
import { StarView } from './views/StarView';

/** What a network view is given. */
export interface NetworkViewProps {
  result: RunResult;
  step: number;
  /** Compare mode: smaller panes, no legends. */
  compact?: boolean;
}

/**
 * The app's half of an interconnect model (the core's is `src/model/interconnects.ts`): its network
 * picture and the panels it adds under the formulas. A new family adds one entry here.
 */
export interface InterconnectUi {
  View: ComponentType<NetworkViewProps>;
  /** Panels of the model's own, or null. */
  Panels: ComponentType | null;
}

function CircuitPanels() {
  return (
    <>
      <ReconfigEditor />
      <SpeedupExplorer />
      <PaperClaims />
      <Fig1Scenes />
    </>
  );
}

export const INTERCONNECT_UI: Readonly<Record<TopologyKind, InterconnectUi>> = {
  'wdm-ring': { View: RingView, Panels: StagePanel },
  star: { View: StarView, Panels: StarPanels },
  circuit: { View: CircuitView, Panels: CircuitPanels },
  generic: { View: GraphView, Panels: null },
};

/** The views of `kind`; the generic graph view (which says it knows no better) for an unknown kind. */
export function interconnectUi(kind: string): InterconnectUi {
  return isKnownInterconnect(kind) ? INTERCONNECT_UI[kind] : INTERCONNECT_UI.generic;
}
