import { HEATMAPS } from '../../../src/families/circuit/heatmaps';
import type { FamilySlice } from '../../store/familySlice';

/** The circuit family's own state in a pane. */
export interface CircuitState {
  /** The speed-up heatmap chosen (its id in HEATMAPS). */
  heatmap: string;
}

/** The circuit's slice of each pane's store, declared in its registry entry (index.tsx). */
export const CIRCUIT_SLICE: FamilySlice<CircuitState> = {
  key: 'circuit',
  initial: { heatmap: HEATMAPS[0].id },
};
