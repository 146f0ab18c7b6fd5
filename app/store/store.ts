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
import type { FormulaRow, SearchAttempt, SearchProgress } from '../../src/kernel/spec';
import type { ReproRow } from '../../src/kernel/experiment';
import type { SweepValue } from '../../src/kernel/experiment';
import { defaultsOf, type ParamValue } from '../../src/kernel/params/schema';
import { switchParams } from '../../src/config/param-switch';
import type { RunResult } from '../../src/result';
import type { RunOutcome } from '../worker/protocol';

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
export interface AppState {
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
  /** The search that follows the shown result (the NoC scatter's annealing), while and after it runs. */
  search: SearchState | null;

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
  runSucceeded(result: RunResult, ms: number): void;
  /** A better schedule from the search that follows the shown result: shown in its place. */
  resultImproved(result: RunResult): void;
  /** That search's best attempt at its step target, not valid yet (drawn with its conflicts). */
  attemptArrived(attempt: SearchAttempt): void;
  /**
   * Opens clash `clash` of the attempt on screen (null closes it) and holds that attempt on screen
   * (`hold` alone: holds it without opening a clash), so that what is being read stays put.
   */
  pickClash(clash: number | null): void;
  holdAttempt(): void;
  /** The search's round waits for workers of the pool busy with other jobs (or no longer does). */
  searchWaiting(waiting: boolean): void;
  /** Shows the live attempts again (`show`), or the best valid schedule instead (`!show`). */
  followSearch(show: boolean): void;
  /** How that search stands (null progress: it ended). */
  searchReport(r: {
    progress: SearchProgress | null;
    done: boolean;
    stopped: boolean;
    totalMs?: number;
  }): void;
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
  setHighlight(nodes: number[] | null): void;
  /** Shows the schedule file kept under `hash` ('' closes it: the algorithm's schedule again). */
  setFile(hash: string): void;
}

export interface SearchState {
  progress: SearchProgress | null;
  /** Conflicts of each chain over the search (for the picture of its course), at most HISTORY points. */
  history: { moves: number; conflicts: number[]; target: number }[];
  /** Steps of the first schedule shown, and how many better ones followed. */
  firstSteps: number;
  improvements: number;
  done: boolean;
  stopped: boolean;
  totalMs?: number;
  /**
   * The search's best attempt at its target while it runs (null before the first, right after a
   * better schedule is found, and once the search has ended: then the best schedule is shown).
   */
  attempt: SearchAttempt | null;
  /** Draw the attempts while the search runs (else the best valid schedule). */
  showAttempt: boolean;
  /** An attempt held on screen while its clashes are read (the live ones keep arriving). */
  held: SearchAttempt | null;
  /** The clash of the attempt on screen that is open (its two messages named). */
  picked: number | null;
  /** Its chains wait for workers of the pool that other jobs hold (a sweep, a paper check). */
  waiting: boolean;
}

/** Points of a search's course kept for its picture. */
const HISTORY = 240;

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

/** The search state, begun from the shown result when the first report of a search arrives. */
function searchOf(st: AppState): SearchState {
  return (
    st.search ?? {
      progress: null,
      history: [],
      firstSteps: st.result?.summary.steps ?? 0,
      improvements: 0,
      done: false,
      stopped: false,
      attempt: null,
      showAttempt: true,
      held: null,
      picked: null,
      waiting: false,
    }
  );
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
  search: null,

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
    );
    set({ config: { ...old, algorithm: id, params, step: 0, file: '' }, playing: false });
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
    set({ config, playing: false });
  },
  addNotice(n) {
    set({ notices: [...get().notices, { ...n, id: ++noticeId }] });
  },
  dismissNotice(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
  runStarted() {
    set({ status: 'running' });
  },
  formulasArrived(result, rows) {
    if (get().result === result) set({ lateFormulas: { result, rows } });
  },
  runSucceeded(result, ms) {
    set({
      result,
      resultMs: ms,
      status: 'ready',
      runError: null,
      search: null,
    });
    // Compare mode's timeline is the compared schedules': it is checked when they arrive.
    if (get().config.options.mode !== 'compare') get().clampStep();
  },
  resultImproved(result) {
    const s = searchOf(get());
    // A search may send the same schedule again with its verdict (the exact method's proof).
    const better = result.summary.steps < (get().result?.summary.steps ?? Infinity);
    // The attempt was at the steps just reached: the next one comes with the next target.
    set({ result, search: { ...s, improvements: s.improvements + (better ? 1 : 0), attempt: null } });
    get().clampStep();
  },
  attemptArrived(attempt) {
    const s = searchOf(get());
    if (!s.done) set({ search: { ...s, attempt } });
  },
  pickClash(clash) {
    const s = get().search;
    const shown = selectAttempt(get());
    if (s && shown) set({ search: { ...s, held: shown, picked: clash } });
  },
  holdAttempt() {
    const s = get().search;
    const shown = selectAttempt(get());
    if (s && shown) set({ search: { ...s, held: shown } });
  },
  searchWaiting(waiting) {
    const s = get().search;
    if (s?.waiting !== waiting && (s || waiting)) set({ search: { ...searchOf(get()), waiting } });
  },
  followSearch(show) {
    const s = get().search;
    if (s) set({ search: { ...s, showAttempt: show, held: null, picked: null } });
  },
  searchReport(r) {
    const s = searchOf(get());
    const history = r.progress
      ? [
          ...s.history,
          { moves: r.progress.moves, conflicts: r.progress.conflicts, target: r.progress.target },
        ].slice(-HISTORY)
      : s.history;
    set({
      search: {
        ...s,
        progress: r.progress ?? s.progress,
        history,
        done: r.done,
        stopped: r.stopped,
        totalMs: r.totalMs,
        attempt: r.done ? null : s.attempt,
        held: r.done ? null : s.held,
        picked: r.done ? null : s.picked,
      },
    });
  },
  clampStep() {
    const c = get().config;
    const max = maxStep(get());
    if (c.step <= max) return;
    get().addNotice({
      title: 'Step out of range',
      tone: 'warning',
      items: [`step ${c.step} is past the last step (${max}); showing step ${max}`],
    });
    set({ config: { ...c, step: max } });
  },
  runFailed(message) {
    set({ status: get().result ? 'ready' : 'error', runError: message, playing: false });
  },
  setCompare(panes) {
    const c = get().config;
    set({ config: { ...c, compare: panes } });
  },
  openConfig(algorithm, params, patch = {}) {
    const c = get().config;
    set({
      config: {
        ...c,
        algorithm,
        params: { ...params },
        step: 0,
        file: '',
        ...patch,
        options: { ...c.options, mode: 'visualize', ...patch.options },
      },
      playing: false,
    });
  },
  setHighlight(nodes) {
    set({ highlight: nodes });
  },
  setFile(hash) {
    const c = get().config;
    set({
      config: { ...c, file: hash, step: 0, options: { ...c.options, mode: 'visualize' } },
      playing: false,
    });
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
/**
 * The search's attempt to draw instead of the result: the one held on screen, else the newest, while
 * the search runs and attempts are wanted; null otherwise (the best valid schedule is drawn).
 */
export const selectAttempt = (s: Pick<AppState, 'search'>): SearchAttempt | null =>
  !s.search || s.search.done ? null : (s.search.held ?? (s.search.showAttempt ? s.search.attempt : null));
export const selectOptions = (s: AppState) => s.config.options;

/**
 * The algorithm and its parameters, without the step: panels that read only these do not re-render
 * on every frame while playing (the configuration object changes with each step).
 */
export function useRunConfig(): Pick<AppConfig, 'algorithm' | 'params'> {
  return useApp(useShallow((s) => ({ algorithm: s.config.algorithm, params: s.config.params })));
}
