import { create } from 'zustand';
import { findAlgorithm } from '../../src/algorithms/registry';
import { defaultConfig, type AppConfig, type Speed, type ViewOptions } from '../../src/config/url-codec';
import { defaultsOf, type ParamValue } from '../../src/params/schema';
import type { RunResult } from '../../src/run';

export type Status = 'idle' | 'running' | 'ready' | 'error';

export interface Notice {
  id: number;
  title: string;
  items: string[];
  tone: 'warning' | 'error' | 'info';
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
  /** Message of the last failed run (input errors, size limit, worker crash). */
  runError: string | null;
  notices: Notice[];

  setAlgorithm(id: string): void;
  setParam(key: string, value: ParamValue): void;
  setStep(step: number): void;
  stepBy(delta: number): void;
  setPlaying(playing: boolean): void;
  setOptions(patch: Partial<ViewOptions>): void;
  loadConfig(c: AppConfig): void;
  addNotice(n: Omit<Notice, 'id'>): void;
  dismissNotice(id: number): void;
  runStarted(): void;
  runSucceeded(result: RunResult, ms: number): void;
  runFailed(message: string): void;
}

let noticeId = 0;

export const useApp = create<AppState>()((set, get) => ({
  config: defaultConfig(),
  playing: false,
  status: 'idle',
  result: null,
  resultMs: 0,
  runError: null,
  notices: [],

  setAlgorithm(id) {
    const spec = findAlgorithm(id);
    if (!spec) return;
    const old = get().config;
    // Keep the values of parameters both algorithms share (the ring, the time model).
    const params = defaultsOf(spec.params);
    for (const d of spec.params) if (d.key in old.params) params[d.key] = old.params[d.key];
    set({ config: { ...old, algorithm: id, params, step: 0 }, playing: false });
  },
  setParam(key, value) {
    const c = get().config;
    set({ config: { ...c, params: { ...c.params, [key]: value } } });
  },
  setStep(step) {
    const c = get().config;
    const max = get().result?.schedule.stepCount ?? 0;
    const s = Math.max(0, Math.min(max, Math.round(step)));
    if (s !== c.step) set({ config: { ...c, step: s } });
  },
  stepBy(delta) {
    get().setStep(get().config.step + delta);
  },
  setPlaying(playing) {
    const r = get().result;
    if (playing && r && get().config.step >= r.schedule.stepCount) get().setStep(0);
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
  runSucceeded(result, ms) {
    const c = get().config;
    const max = result.schedule.stepCount;
    if (c.step > max) {
      get().addNotice({
        title: 'Step out of range',
        tone: 'warning',
        items: [`step ${c.step} is past the last step (${max}); showing step ${max}`],
      });
    }
    set({
      result,
      resultMs: ms,
      status: 'ready',
      runError: null,
      config: c.step > max ? { ...c, step: max } : c,
    });
  },
  runFailed(message) {
    set({ status: get().result ? 'ready' : 'error', runError: message, playing: false });
  },
}));

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
export const selectStep = (s: AppState) => s.config.step;
export const selectResult = (s: AppState) => s.result;
export const selectPlaying = (s: AppState) => s.playing;
export const selectOptions = (s: AppState) => s.config.options;
