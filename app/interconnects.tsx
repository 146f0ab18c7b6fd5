import type { ComponentType } from 'react';
import { isKnownInterconnect } from '../src/interconnects';
import type { TopologyKind } from '../src/family-list';
import type { RunResult } from '../src/result';
import { CircuitPanels } from './families/circuit/CircuitPanels';
import { CircuitView } from './families/circuit/CircuitView';
import { circuitFacts } from './families/circuit/circuitFacts';
import { meshProcessorFacts } from './families/mesh/MeshTooltip';
import { RingView } from './families/ring/RingView';
import { StagePanel } from './families/ring/StagePanel';
import { StarPanels } from './families/star/StarPanels';
import { StarTree } from './families/star/StarTree';
import { StarView } from './families/star/StarView';
import { graphPicture, GraphView } from './views/GraphView';
import type { LegendEntry } from './scene/framePicture';
import { circuitLegend } from './families/circuit/circuitPicture';
import { meshLegend } from './families/mesh/meshPicture';
import { nocLegend } from './families/noc/nocPicture';
import { ringLegend } from './families/ring/ringPicture';
import { starLegend } from './families/star/starPicture';
import { MeshView } from './families/mesh/MeshView';
import { NocView } from './families/noc/NocView';
import { NocPanels } from './families/noc/NocPanels';
import { useStarHover } from './families/star/starHover';
import { SpeedupExplorer } from './families/circuit/SpeedupExplorer';
import { HEATMAPS_PAGE } from '../src/families/circuit';

/** What a network view is given. */
export interface NetworkViewProps {
  result: RunResult;
  step: number;
  /** Compare mode: smaller panes, no legends. */
  compact?: boolean;
  /** The legend under the picture (by default, when not compact; compare mode's lecture panes). */
  legend?: boolean;
}

/**
 * The app's half of an interconnect model (the core's is `src/kernel/model/interconnect.ts`): its network
 * picture and the panels it adds under the formulas. A new family adds one entry here.
 */
export interface InterconnectUi {
  View: ComponentType<NetworkViewProps>;
  /** Panels of the model's own, or null. */
  Panels: ComponentType | null;
  /**
   * The family's own tree picture, for the tree tab, shown for algorithms whose card lists the
   * `tree` panel and has no generic tree (the star's TCP1 tree); null where the family has none.
   */
  Tree: ComponentType<NetworkViewProps> | null;
  /**
   * What a node holds and sends at a step, in words (the node field under the view, the text
   * alternative of hovering it); absent: the general `nodeFacts`.
   */
  facts?: (result: RunResult, step: number, node: number) => { title: string; lines: string[] };
  /** The view's legend at a step: the entries its exported picture draws (compare panes show it on demand). */
  legend: (result: RunResult, step: number) => readonly LegendEntry[];
  /**
   * What else picking a node in the node field marks, beyond the views' shared highlight (the star
   * marks the processor in its own hover, which its tree also reads); absent: nothing else.
   */
  pick?: (node: number | null) => void;
  /** Pages of the family's own in the explorer's list, after the sweeps (the circuit's heatmaps). */
  explorerPages?: readonly ExplorerPage[];
}

/** A page of the explorer that is not a sweep: its id (in the link), its entry in the list, its body. */
export interface ExplorerPage {
  id: string;
  title: string;
  where: string;
  Page: ComponentType;
}

export const INTERCONNECT_UI: Readonly<Record<TopologyKind, InterconnectUi>> = {
  'wdm-ring': { View: RingView, Panels: StagePanel, Tree: null, legend: ringLegend },
  star: {
    View: StarView,
    Panels: StarPanels,
    Tree: StarTree,
    legend: starLegend,
    pick: (node) => useStarHover.getState().set(node),
  },
  circuit: {
    View: CircuitView,
    Panels: CircuitPanels,
    Tree: null,
    facts: circuitFacts,
    legend: circuitLegend,
    explorerPages: [
      {
        id: HEATMAPS_PAGE,
        title: 'Speed-up heatmaps: ReTri over static all-to-all and over Bruck',
        where: 'Figs. 2–5 of the ReTri paper',
        Page: () => <SpeedupExplorer startOpen fill />,
      },
    ],
  },
  mesh: {
    View: MeshView,
    Panels: null,
    Tree: null,
    facts: meshProcessorFacts,
    legend: (r) => meshLegend(r, false),
  },
  noc: { View: NocView, Panels: NocPanels, Tree: null, legend: (r, step) => nocLegend(r, step, false) },
  generic: { View: GraphView, Panels: null, Tree: null, legend: (r, step) => graphPicture(r, step).legend() },
};

/** Every family's own explorer pages, in the registry's order. */
export const EXPLORER_PAGES: readonly ExplorerPage[] = Object.values(INTERCONNECT_UI).flatMap(
  (u) => u.explorerPages ?? [],
);

/** The views of `kind`; the generic graph view (which says it knows no better) for an unknown kind. */
export function interconnectUi(kind: string): InterconnectUi {
  return isKnownInterconnect(kind) ? INTERCONNECT_UI[kind] : INTERCONNECT_UI.generic;
}
