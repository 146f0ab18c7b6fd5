import { useShallow } from 'zustand/react/shallow';
import type { AppConfig, Speed } from '../../src/config/url-codec';
import type { FormulaRow } from '../../src/kernel/spec';
import { maxStep, type AppState } from './appState';
import { createPaneStore } from './paneStore';

export { belongsTo, computedFor, maxStep, type AppState, type Notice, type Status } from './appState';
export { createPaneStore, type PaneStore } from './paneStore';
export { selectAttempt, type SearchState } from './searchSlice';

/**
 * The explorer's main pane: the page's configuration (synced with the URL), its schedule and
 * everything the page around the panes reads. Components inside a pane read their pane's store
 * through `usePane` (paneContext.tsx), which is this one outside a compare pane.
 */
export const useApp = createPaneStore();

export const SPEED_STEPS_PER_SECOND: Record<Speed, number> = {
  '0.5': 0.5,
  '1': 1,
  '2': 2,
  '4': 4,
  '8': 8,
  '16': 16,
  max: Infinity,
};

// Selectors at module level, so components subscribe to exactly what they read.
export const selectConfig = (s: AppState) => s.config;
/**
 * The step shown: the configuration's, but never past the schedules on screen. A link's step waits in
 * the configuration until its schedule arrives (see clampStep); meanwhile the views, still showing the
 * previous result, must not be asked for step 999,999,999 of it.
 */
export const selectStep = (s: AppState) => Math.min(s.config.step, maxStep(s));
export const selectResult = (s: AppState) => s.result;
const NO_ROWS: FormulaRow[] = [];
/** The shown result's formula rows, completed ones when they have arrived (one array per state). */
export const selectFormulas = (s: AppState) =>
  s.lateFormulas && s.lateFormulas.result === s.result
    ? s.lateFormulas.rows
    : (s.result?.formulas ?? NO_ROWS);
export const selectPlaying = (s: AppState) => s.playing;
export const selectOptions = (s: AppState) => s.config.options;

/**
 * The algorithm and its parameters, without the step: panels that read only these do not re-render
 * on every frame while playing (the configuration object changes with each step).
 */
export function useRunConfig(): Pick<AppConfig, 'algorithm' | 'params'> {
  return useApp(useShallow((s) => ({ algorithm: s.config.algorithm, params: s.config.params })));
}
