import type { AppConfig } from '../../src/config/url-codec';
import type { RunResult } from '../../src/result';

/**
 * The links marked on the network picture. Which links: `config.mark` alone (the link, `mark=`, is
 * the truth: Back and Forward, a reload and a shared link all mark what it names). Where they were
 * drawn: `markedOn`, the result they were applied to and the highlight set with them (their ends,
 * which every view rings). The mark lasts while that highlight does: another highlight (hovering a
 * tree node, another verdict) or another schedule takes the mark out of the link.
 */
export interface MarkState {
  /**
   * The result `config.mark` was applied to, the highlight array set with it, the step opened and the
   * links applied (their key, `3,7`). Null while a link's mark waits for its result to be there.
   */
  markedOn: { result: RunResult; ends: number[]; step: number; links: string } | null;
}

export interface MarkActions {
  /** Marks `links` on `result` (their `ends` highlighted), opening `step` (null: stays). */
  applyMark(result: RunResult, links: readonly number[], ends: number[], step: number | null): void;
  setHighlight(nodes: number[] | null): void;
}

interface Slice extends MarkState {
  config: AppConfig;
  result: RunResult | null;
  highlight: number[] | null;
  playing: boolean;
}

export const markKey = (links: readonly number[]) => links.join(',');

/** The state without its mark: the link loses it and its ends are no longer highlighted. */
export function unmarked(s: Slice, config: AppConfig = s.config): Partial<Slice> {
  const highlight = s.markedOn && s.highlight === s.markedOn.ends ? null : s.highlight;
  return { config: config.mark.length ? { ...config, mark: [] } : config, markedOn: null, highlight };
}

/**
 * A configuration read from the link (Back/Forward, a scene): its own mark is what is marked. A mark
 * drawn that the link does not name is taken off the picture (its ends with it); the link's mark is
 * applied once its result is on screen (markedLinks.ts).
 */
export function markOnLoad(s: Slice, config: AppConfig): Partial<Slice> {
  const on = s.markedOn;
  if (!on || (on.links === markKey(config.mark) && s.result === on.result)) return {};
  return { markedOn: null, highlight: s.highlight === on.ends ? null : s.highlight };
}

/** A result arrived: a mark drawn on another schedule leaves the link. */
export function markOnResult(s: Slice, result: RunResult): Partial<Slice> {
  return s.markedOn && s.markedOn.result !== result ? unmarked(s) : {};
}

export function markActions(set: (patch: Partial<Slice>) => void, get: () => Slice): MarkActions {
  return {
    applyMark(result, links, ends, step) {
      const c = get().config;
      const mark = [...links];
      const config = {
        ...c,
        ...(step !== null ? { step } : {}),
        ...(markKey(c.mark) !== markKey(mark) ? { mark } : {}),
      };
      set({
        config: config.step === c.step && config.mark === c.mark ? c : config,
        playing: false,
        highlight: ends,
        markedOn: { result, ends, step: config.step, links: markKey(mark) },
      });
    },
    setHighlight(nodes) {
      const s = get();
      if (s.markedOn && nodes !== s.markedOn.ends) set({ ...unmarked(s), highlight: nodes });
      else set({ highlight: nodes });
    },
  };
}
