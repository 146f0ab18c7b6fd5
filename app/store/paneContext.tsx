import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { AppState } from './appState';
import { createComparePaneStore, followPage } from './comparePane';
import type { PaneStore } from './paneStore';
import { useApp } from './store';

/**
 * The store of the pane a component is drawn in: the explorer's main pane unless a compare pane
 * provides its own. Views read what they mark (hovered, picked, highlighted nodes) from it, so that
 * each pane marks its own nodes.
 */
const PaneContext = createContext<PaneStore>(useApp);

export function PaneProvider({ store, children }: { store: PaneStore; children: ReactNode }) {
  return <PaneContext.Provider value={store}>{children}</PaneContext.Provider>;
}

/** The store of the pane this component is in (for actions and reads in event handlers). */
export const usePaneStore = (): PaneStore => useContext(PaneContext);

/** Reads `select` from the store of the pane this component is in, re-rendering when it changes. */
export function usePane<T>(select: (s: AppState) => T): T {
  return useContext(PaneContext)(select);
}

/**
 * Gives the components inside it a compare pane's store of their own (comparePane.ts), following the
 * page's store for as long as it is mounted.
 */
export function ComparePaneScope({ children }: { children: ReactNode }) {
  const [store] = useState(() => createComparePaneStore(useApp));
  useEffect(() => {
    const stop = followPage(store, useApp);
    // The pane goes: so do the jobs it started.
    return () => {
      stop();
      store.getState().disposeJobs();
    };
  }, [store]);
  return <PaneProvider store={store}>{children}</PaneProvider>;
}
