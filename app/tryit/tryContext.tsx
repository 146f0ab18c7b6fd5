import { createContext, useContext, type ReactNode } from 'react';
import type { TryState, TryStore } from './tryStore';

/** The app's Try it store (tryStore.ts); main.tsx makes one per app. */
const TryStoreContext = createContext<TryStore | null>(null);

export function TryStoreProvider({ store, children }: { store: TryStore; children: ReactNode }) {
  return <TryStoreContext.Provider value={store}>{children}</TryStoreContext.Provider>;
}

/** The Try it store of the app this component is drawn in. */
export function useTryStore(): TryStore {
  const store = useContext(TryStoreContext);
  if (!store) throw new Error('Try it has no store: the app makes one (createTryStore) and provides it.');
  return store;
}

/** Reads `select` of the app's Try it state, re-rendering when it changes. */
export function useTry<T>(select: (s: TryState) => T): T {
  return useTryStore()(select);
}
