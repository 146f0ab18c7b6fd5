import type { AppState } from './appState';
import { createPaneStore, type PaneStore } from './paneStore';

/**
 * What a compare pane takes from the page rather than keeping its own: the configuration (the view
 * options a link carries, the step all panes share), playback and the compared schedules.
 */
type Followed = Pick<AppState, 'config' | 'playing' | 'compared'>;

const followed = (s: AppState): Followed => ({ config: s.config, playing: s.playing, compared: s.compared });

/** Actions on what the page keeps: a compare pane's views act on the page through them. */
const PAGE_ACTIONS = [
  'setAlgorithm',
  'resetParams',
  'setParam',
  'setStep',
  'stepBy',
  'setPlaying',
  'setOptions',
  'loadConfig',
  'addNotice',
  'dismissNotice',
  'setCompare',
  'openConfig',
  'setFile',
] as const satisfies readonly (keyof AppState)[];

type PageAction = (typeof PAGE_ACTIONS)[number];

/**
 * A compare pane's store: its own selection (a node picked or hovered in one pane is marked in that
 * pane alone) and search, the page's configuration and playback (kept in step by `followPage`), and
 * the page's actions on them (a view option set in a pane is the page's, and its link's).
 */
export function createComparePaneStore(page: PaneStore): PaneStore {
  const pane = createPaneStore();
  const forward = <K extends PageAction>(k: K) =>
    ((...args: Parameters<AppState[K]>) =>
      (page.getState()[k] as (...a: Parameters<AppState[K]>) => unknown)(...args)) as AppState[K];
  const actions = Object.fromEntries(PAGE_ACTIONS.map((k) => [k, forward(k)])) as Pick<AppState, PageAction>;
  pane.setState({ ...actions, ...followed(page.getState()) });
  return pane;
}

/** Keeps `pane` in step with the page's configuration, playback and compared schedules; returns the stop. */
export function followPage(pane: PaneStore, page: PaneStore): () => void {
  pane.setState(followed(page.getState()));
  return page.subscribe((s, prev) => {
    if (s.config !== prev.config || s.playing !== prev.playing || s.compared !== prev.compared)
      pane.setState(followed(s));
  });
}
