import type { AppConfig, ComparePane, ViewOptions } from '../../src/config/url-codec';
import type { InteropView } from '../../src/config/interop-link';
import type { FormulaRow } from '../../src/kernel/spec';
import type { ParamValue } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import type { RunOutcome } from '../worker/protocol';
import type { FamiliesActions, FamiliesState } from './familySlice';
import type { FilesActions, FilesState } from './fileSlice';
import type { JobsActions, JobsState } from './jobsSlice';
import type { SearchActions } from './searchSlice';
import type { MarkActions, MarkState } from './markSlice';
import type { SelectionActions, SelectionState } from './selectionSlice';

export type Status = 'idle' | 'running' | 'ready' | 'error';

export interface Notice {
  id: number;
  title: string;
  items: string[];
  tone: 'warning' | 'error' | 'info';
  /** A button beside the notice (e.g. "Restore"); using it also dismisses the notice. */
  action?: { label: string; run(): void };
}

/**
 * The app's state, in slices: configuration (synced with the URL), playback, view options (inside
 * the configuration, since links carry them) and results. The result shown is always the last good
 * one; a failed or refused run leaves it in place and says why.
 */
export interface AppState
  extends
    SearchActions,
    MarkState,
    MarkActions,
    SelectionState,
    SelectionActions,
    JobsState,
    JobsActions,
    FamiliesState,
    FamiliesActions,
    FilesState,
    FilesActions {
  config: AppConfig;
  playing: boolean;
  status: Status;
  result: RunResult | null;
  /** Worker time of the result shown (ms). */
  resultMs: number;
  /**
   * The shown result's formula rows once the worker has finished those it left pending (OpTree's
   * best-tree search); kept beside the result so views that depend on the result are not redone.
   */
  lateFormulas: { result: RunResult; rows: FormulaRow[] } | null;
  /** Message of the last failed run (input errors, size limit, worker crash). */
  runError: string | null;
  notices: Notice[];
  /**
   * Compare mode: one outcome per pane of `config.compare`, in order (null until computed); the job
   * that computes them, like the explorer's sweeps and the paper checks, is in `jobs` (labSync.ts).
   */
  compared: RunOutcome[] | null;
  /**
   * The step came from a link (or a scene, or Back) and has not been checked against its schedule
   * yet: the first check says when it is out of range; later ones (a search's shorter schedule)
   * bring the step in without a word about a step the user never had.
   */
  stepUnchecked: boolean;
  /** How far the build in flight is (a long build reports it), null while it has said nothing. */
  building: { done: number; total: number; unit: string } | null;
  /** When the run in flight started (performance.now()). */
  runStartedAt: number;

  setAlgorithm(id: string): void;
  /** Every parameter of the current algorithm back to its default (the paper's configuration). */
  resetParams(): void;
  setParam(key: string, value: ParamValue): void;
  setStep(step: number): void;
  stepBy(delta: number): void;
  setPlaying(playing: boolean): void;
  setOptions(patch: Partial<ViewOptions>): void;
  loadConfig(c: AppConfig): void;
  addNotice(n: Omit<Notice, 'id'>): void;
  dismissNotice(id: number): void;
  runStarted(): void;
  /** Completed formula rows for `result`; ignored unless it is still the result shown. */
  formulasArrived(result: RunResult, rows: FormulaRow[]): void;
  /** A result arrived: shown if it is of the configuration's algorithm (or file), else dropped. */
  runSucceeded(result: RunResult, ms: number): void;
  /** The build in flight says how far it is. */
  buildProgress(done: number, total: number, unit: string): void;
  /**
   * Brings a step read from a link inside the timeline once the schedules that make it are known (the
   * result, or in compare mode the compared schedules), with a notice: only then is it known to be
   * out of range.
   */
  clampStep(): void;
  runFailed(message: string): void;
  setCompare(panes: ComparePane[]): void;
  /** Shows one configuration in the visualizer (a chart point, a table row, a scene). */
  openConfig(algorithm: string, params: Record<string, ParamValue>, patch?: Partial<AppConfig>): void;
  /**
   * Shows the schedule file kept under `hash` ('' closes it: the algorithm's schedule again), with
   * the network and stretch it was read with (`interop`; a Lab file: none, so `net=` goes).
   */
  setFile(hash: string, interop?: InteropView): void;
}

/**
 * Whether `result` is a schedule of the configuration's algorithm (or of its file). Another
 * algorithm's result is never shown under this one's name: it is dropped from the screen when the
 * algorithm changes, and one still on its way is not shown when it arrives.
 */
export function belongsTo(config: Pick<AppConfig, 'algorithm' | 'file'>, result: RunResult): boolean {
  if (config.file || result.source) return result.source?.hash === config.file;
  return result.algorithm === config.algorithm;
}

/** Whether `result` was computed for exactly this configuration (file, or algorithm and parameters). */
export function computedFor(config: Pick<AppConfig, 'algorithm' | 'file' | 'params'>, result: RunResult) {
  if (config.file || result.source) return result.source?.hash === config.file;
  return (
    result.algorithm === config.algorithm && JSON.stringify(result.params) === JSON.stringify(config.params)
  );
}

/**
 * The last step the timeline can reach: the schedule's step count, or in compare mode the longest of
 * the compared schedules (shorter ones stay on their last step).
 */
export function maxStep(s: Pick<AppState, 'config' | 'result' | 'compared'>): number {
  if (s.config.options.mode === 'compare')
    return Math.max(0, ...(s.compared ?? []).map((o) => (o.ok ? o.result.schedule.stepCount : 0)));
  return s.result?.schedule.stepCount ?? 0;
}
