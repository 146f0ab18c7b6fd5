import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { findCard } from '../../src/cards';
import {
  defaultConfig,
  type AppConfig,
  type ComparePane,
  type Speed,
  type ViewOptions,
} from '../../src/config/url-codec';
import type { FormulaRow } from '../../src/kernel/spec';
import type { ReproRow } from '../../src/kernel/experiment';
import type { SweepValue } from '../../src/kernel/experiment';
import { defaultsOf, type ParamValue } from '../../src/kernel/params/schema';
import { switchParams } from '../../src/config/param-switch';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import type { RunResult } from '../../src/result';
import type { InteropView } from '../../src/config/interop-link';
import type { RunOutcome } from '../worker/protocol';
import { searchActions, type SearchActions } from './searchSlice';
import { markActions, markOnLoad, markOnResult, type MarkActions, type MarkState } from './markSlice';

export { selectAttempt, type SearchState } from './searchSlice';

export type Status = 'idle' | 'running' | 'ready' | 'error';

/** Values the user set, per algorithm, this session: switching back to an algorithm restores them. */
const setByUser = new Map<string, Record<string, ParamValue>>();

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
export interface AppState extends SearchActions, MarkState, MarkActions {
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
  /** Compare mode: one outcome per pane of `config.compare`, in order (null until computed). */
  compared: RunOutcome[] | null;
  compareStatus: Status;
  /** The explorer's evaluated points per sweep id, kept while the page is open. */
  sweeps: Record<string, SweepProgress>;
  /** Paper checks per id. */
  checks: Record<string, { rows: ReproRow[] | null; error: string | null; stopped?: boolean }>;
  /** Network nodes to highlight across views (hovering the tree, a subset, a legend). */
  highlight: number[] | null;
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

export interface SweepProgress {
  values: SweepValue[];
  done: number;
  total: number;
  finished: boolean;
  /** Finished because it was asked to stop: `values` are the points before that. */
  stopped?: boolean;
  error: string | null;
}

let noticeId = 0;

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

/** A new configuration, and the result on screen dropped with what followed it if it is not of it. */
function configured(
  s: Pick<AppState, 'result' | 'markedOn' | 'highlight'>,
  config: AppConfig,
): Partial<AppState> {
  const keep = s.result !== null && belongsTo(config, s.result);
  return keep
    ? { config, playing: false }
    : {
        config,
        playing: false,
        result: null,
        // A mark drawn on the schedule dropped goes with it (the configuration's own mark waits).
        markedOn: null,
        highlight: s.markedOn && s.highlight === s.markedOn.ends ? null : s.highlight,
        lateFormulas: null,
        search: null,
        building: null,
        status: 'idle',
      };
}

export const useApp = create<AppState>()((set, get) => ({
  config: defaultConfig(),
  playing: false,
  status: 'idle',
  result: null,
  resultMs: 0,
  lateFormulas: null,
  runError: null,
  notices: [],
  compared: null,
  compareStatus: 'idle',
  sweeps: {},
  checks: {},
  highlight: null,
  markedOn: null,
  stepUnchecked: false,
  building: null,
  runStartedAt: 0,
  ...searchActions(
    (patch) => set(patch),
    () => get(),
    (r) => belongsTo(get().config, r),
  ),
  ...markActions(
    (patch) => set(patch),
    () => get(),
  ),

  setAlgorithm(id) {
    const spec = findCard(id);
    if (!spec) return;
    const old = get().config;
    // Values both algorithms mean the same by carry over (the network's size, an identical time
    // model); the others start from the new algorithm's defaults, or what the user set in it before.
    const { params, dropped } = switchParams(
      findCard(old.algorithm)?.params ?? [],
      old.params,
      spec.params,
      setByUser.get(id),
      (p) => checkRun(spec, p, BROWSER_LIMITS),
    );
    set(configured(get(), { ...old, algorithm: id, params, step: 0, file: '', mark: [] }));
    if (dropped.length)
      get().addNotice({
        title: `${spec.name} starts from its own defaults where the last algorithm's values mean something else`,
        items: dropped,
        tone: 'info',
      });
  },
  setParam(key, value) {
    const c = get().config;
    setByUser.set(c.algorithm, { ...setByUser.get(c.algorithm), [key]: value });
    set({ config: { ...c, params: { ...c.params, [key]: value } } });
  },
  resetParams() {
    const c = get().config;
    const spec = findCard(c.algorithm);
    if (!spec) return;
    setByUser.delete(c.algorithm);
    set({ config: { ...c, params: defaultsOf(spec.params), step: 0 }, playing: false });
  },
  setStep(step) {
    const c = get().config;
    const max = maxStep(get());
    const s = Math.max(0, Math.min(max, Math.round(step)));
    if (s !== c.step) set({ config: { ...c, step: s } });
  },
  stepBy(delta) {
    get().setStep(get().config.step + delta);
  },
  setPlaying(playing) {
    if (playing && get().config.step >= maxStep(get())) get().setStep(0);
    set({ playing });
  },
  setOptions(patch) {
    const c = get().config;
    set({ config: { ...c, options: { ...c.options, ...patch } } });
  },
  loadConfig(config) {
    set({ ...markOnLoad(get(), config), ...configured(get(), config), stepUnchecked: config.step > 0 });
  },
  addNotice(n) {
    set({ notices: [...get().notices, { ...n, id: ++noticeId }] });
  },
  dismissNotice(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
  runStarted() {
    set({ status: 'running', building: null, runStartedAt: performance.now() });
  },
  formulasArrived(result, rows) {
    if (get().result === result) set({ lateFormulas: { result, rows } });
  },
  runSucceeded(result, ms) {
    const config = get().config;
    if (!belongsTo(config, result)) return;
    set({
      ...markOnResult(get(), result),
      result,
      resultMs: ms,
      status: 'ready',
      runError: null,
      search: null,
      building: null,
    });
    // Compare mode's timeline is the compared schedules': it is checked when they arrive. An earlier
    // configuration's result, shown while this one's is computed, says nothing about this step.
    if (config.options.mode !== 'compare' && computedFor(config, result)) get().clampStep();
  },
  buildProgress(done, total, unit) {
    if (get().status === 'running') set({ building: { done, total, unit } });
  },
  clampStep() {
    const c = get().config;
    const max = maxStep(get());
    const unchecked = get().stepUnchecked;
    if (c.step <= max) {
      if (unchecked) set({ stepUnchecked: false });
      return;
    }
    // Said once, for the step a link asked for; a shorter schedule found later clamps in silence.
    if (unchecked)
      get().addNotice({
        title: 'Step out of range',
        tone: 'warning',
        items: [`step ${c.step} is past the last step (${max}); showing step ${max}`],
      });
    set({ config: { ...c, step: max }, stepUnchecked: false });
  },
  runFailed(message) {
    set({ status: get().result ? 'ready' : 'error', runError: message, playing: false, building: null });
  },
  setCompare(panes) {
    const c = get().config;
    set({ config: { ...c, compare: panes } });
  },
  openConfig(algorithm, params, patch = {}) {
    const c = get().config;
    set(
      configured(get(), {
        ...c,
        algorithm,
        params: { ...params },
        step: 0,
        file: '',
        mark: [],
        ...patch,
        options: { ...c.options, mode: 'visualize', ...patch.options },
      }),
    );
  },
  setFile(hash, interop) {
    const c = get().config;
    const view = interop ? { interop } : {};
    set(
      configured(get(), {
        ...c,
        file: hash,
        step: 0,
        mark: [],
        ...view,
        options: { ...c.options, mode: 'visualize' },
      }),
    );
  },
}));

/**
 * The last step the timeline can reach: the schedule's step count, or in compare mode the longest of
 * the compared schedules (shorter ones stay on their last step).
 */
export function maxStep(s: Pick<AppState, 'config' | 'result' | 'compared'>): number {
  if (s.config.options.mode === 'compare')
    return Math.max(0, ...(s.compared ?? []).map((o) => (o.ok ? o.result.schedule.stepCount : 0)));
  return s.result?.schedule.stepCount ?? 0;
}

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
