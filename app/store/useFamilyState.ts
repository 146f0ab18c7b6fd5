import { useCallback } from 'react';
import { selectFamily, type FamilySlice } from './familySlice';
import { usePane, usePaneStore } from './paneContext';

/** A family's slice in the pane this component is in, and a setter of part of it. */
export function useFamilyState<S extends object>(slice: FamilySlice<S>): [S, (patch: Partial<S>) => void] {
  const store = usePaneStore();
  const state = usePane(selectFamily(slice));
  const set = useCallback(
    (patch: Partial<S>) => store.getState().setFamilyState(slice, patch),
    [store, slice],
  );
  return [state, set];
}
