import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { findCard } from '../../src/cards';
import { defaultConfig, type AppConfig } from '../../src/config/url-codec';
import { defaultsOf, fillSeeds, type ParamValue } from '../../src/kernel/params/schema';
import { switchParams } from '../../src/config/param-switch';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import { belongsTo, computedFor, maxStep, type AppState } from './appState';
import { familiesActions, type FamilySlice } from './familySlice';
import { filesActions, NO_FILE } from './fileSlice';
import { jobsActions } from './jobsSlice';
import { markActions, markOnLoad, markOnResult } from './markSlice';
import { searchActions } from './searchSlice';
import { NO_SELECTION, selectionActions } from './selectionSlice';

/** A pane's store: a zustand hook with `getState`, `setState` and `subscribe`. */
export type PaneStore = UseBoundStore<StoreApi<AppState>>;

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

/**
 * A new pane's store: its configuration (with the view options links carry), playback, result and
 * search, selection (what its pictures mark), the jobs it runs and the families' own `slices`. The explorer's main pane is one
 * (store.ts's `useApp`); each compare pane has its own (paneContext.tsx).
 */
export function createPaneStore(slices: readonly FamilySlice<object>[] = []): PaneStore {
  /** Values the user set, per algorithm, this session: switching back to an algorithm restores them. */
  const setByUser = new Map<string, Record<string, ParamValue>>();
  let noticeId = 0;
  return create<AppState>()((set, get) => ({
    config: defaultConfig(),
    playing: false,
    status: 'idle',
    result: null,
    resultMs: 0,
    lateFormulas: null,
    runError: null,
    notices: [],
    compared: null,
    ...NO_SELECTION,
    markedOn: null,
    stepUnchecked: false,
    building: null,
    runStartedAt: 0,
    jobs: {},
    ...NO_FILE,
    ...filesActions(),
    families: Object.fromEntries(slices.map((s) => [s.key, s.initial])),
    ...familiesActions(
      (patch) => set(patch),
      () => get(),
    ),
    ...jobsActions(
      (patch) => set(patch),
      () => get(),
    ),
    ...searchActions(
      (patch) => set(patch),
      () => get(),
      (r) => belongsTo(get().config, r),
    ),
    ...markActions(
      (patch) => set(patch),
      () => get(),
    ),
    ...selectionActions(
      (patch) => set(patch),
      (nodes) => get().setHighlight(nodes),
    ),

    setAlgorithm(id) {
      const spec = findCard(id);
      if (!spec) return;
      const old = get().config;
      // Values both algorithms mean the same by carry over (the network's size, an identical time
      // model); the others start from the new algorithm's defaults, or what the user set in it before.
      const { params, dropped, kept } = switchParams(
        findCard(old.algorithm)?.params ?? [],
        old.params,
        spec.params,
        setByUser.get(id),
        (p) => checkRun(spec, p, BROWSER_LIMITS),
      );
      // A random algorithm picked afresh draws a fresh seed, as a new link does (kept: a seed carried
      // over from the last algorithm or set by the user here before).
      fillSeeds(spec.params, params, kept, Math.random);
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
}
