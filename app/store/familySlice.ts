/**
 * A family's own state in each pane (the circuit's chosen heatmap …): the family declares it in its
 * registry entry (`InterconnectUi.slice`, app/familyUi.ts), and each pane's store keeps it under the
 * slice's key, beside the shared slices, so shared code needs no word of any family.
 */
export interface FamilySlice<S extends object> {
  /** Where the slice lives in a pane's store (`families[key]`): the family's kind. */
  key: string;
  /** A new pane's state of the slice (one object, never changed: updates make new ones). */
  initial: S;
}

export interface FamiliesState {
  /** The families' slices by key; a slice not set yet in this pane reads as its `initial`. */
  families: Readonly<Record<string, object>>;
}

export interface FamiliesActions {
  /** Gives each of these slices its initial state in this pane, where it has none yet. */
  addFamilySlices(slices: readonly FamilySlice<object>[]): void;
  /** Changes part of a family's slice in this pane. */
  setFamilyState<S extends object>(slice: FamilySlice<S>, patch: Partial<S>): void;
}

/** A family's slice in a pane's state: what was set in the pane, else the slice's initial state. */
export function selectFamily<S extends object>(slice: FamilySlice<S>) {
  // The store holds each slice under its own key and only `setFamilyState(slice, …)` writes it, so
  // what is under the key is the slice's type.
  return (s: FamiliesState): S => (s.families[slice.key] as S | undefined) ?? slice.initial;
}

export function familiesActions(
  set: (patch: Partial<FamiliesState>) => void,
  get: () => FamiliesState,
): FamiliesActions {
  return {
    addFamilySlices(slices) {
      const fresh = slices.filter((s) => !(s.key in get().families));
      if (fresh.length)
        set({ families: { ...get().families, ...Object.fromEntries(fresh.map((s) => [s.key, s.initial])) } });
    },
    setFamilyState(slice, patch) {
      set({ families: { ...get().families, [slice.key]: { ...selectFamily(slice)(get()), ...patch } } });
    },
  };
}
