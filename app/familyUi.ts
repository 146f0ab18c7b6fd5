import type { ComponentType } from 'react';
import type { RunResult } from '../src/result';
import type { LegendEntry } from './scene/framePicture';
import type { FamilySlice } from './store/familySlice';

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
 * picture and the panels it adds under the formulas. Each family gives one, in its entry
 * (`app/families/<family>/index.tsx`, listed in app/family-list.tsx).
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
  /** Pages of the family's own in the explorer's list, after the sweeps (the circuit's heatmaps). */
  explorerPages?: readonly ExplorerPage[];
  /** The family's own state in each pane (app/store/familySlice.ts), if it keeps any. */
  slice?: FamilySlice<object>;
}

/** A page of the explorer that is not a sweep: its id (in the link), its entry in the list, its body. */
export interface ExplorerPage {
  id: string;
  title: string;
  where: string;
  Page: ComponentType;
}
