import { create } from 'zustand';
import type { RunResult } from '../../../src/result';
import type { LinkLoad } from '../../../src/kernel/replay/link-load';

/** The link load the worker sent after a result, with the result it belongs to. */
const useLinkLoads = create<{ result: RunResult | null; load: LinkLoad | null }>()(() => ({
  result: null,
  load: null,
}));

export function rememberLinkLoad(result: RunResult, load: LinkLoad): void {
  useLinkLoads.setState({ result, load });
}

/** The link load of `result`, once it has arrived. */
export function useLinkLoadOf(result: RunResult): LinkLoad | null {
  return useLinkLoads((s) => (s.result === result ? s.load : null));
}
