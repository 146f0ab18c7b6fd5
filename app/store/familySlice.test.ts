import { describe, expect, it } from 'vitest';
import { FAMILY_SLICES } from '../interconnects';
import { selectFamily, type FamilySlice } from './familySlice';
import { createPaneStore } from './paneStore';

/** A tiny family's slice, registered in a test. */
const TINY: FamilySlice<{ lamps: number; label: string }> = {
  key: 'tiny',
  initial: { lamps: 0, label: 'off' },
};

describe('families add slices to each pane’s store', () => {
  it('a registered slice starts at its initial state, and each pane keeps its own', () => {
    const [a, b] = [createPaneStore([TINY]), createPaneStore([TINY])];
    expect(a.getState().families['tiny']).toEqual({ lamps: 0, label: 'off' });
    a.getState().setFamilyState(TINY, { lamps: 3 });
    expect(selectFamily(TINY)(a.getState())).toEqual({ lamps: 3, label: 'off' });
    expect(selectFamily(TINY)(b.getState())).toEqual({ lamps: 0, label: 'off' });
    // The initial state is never changed in place.
    expect(TINY.initial.lamps).toBe(0);
  });

  it('a slice added later keeps what a pane set already; an unset slice reads as its initial state', () => {
    const pane = createPaneStore();
    expect(selectFamily(TINY)(pane.getState())).toBe(TINY.initial);
    pane.getState().setFamilyState(TINY, { label: 'on' });
    pane.getState().addFamilySlices([TINY]);
    expect(selectFamily(TINY)(pane.getState())).toEqual({ lamps: 0, label: 'on' });
  });

  it('the circuit family contributes its slice (the chosen heatmap) through its registry entry', () => {
    const circuit = FAMILY_SLICES.find((s) => s.key === 'circuit');
    expect(circuit?.initial).toHaveProperty('heatmap');
    const pane = createPaneStore(FAMILY_SLICES);
    expect(pane.getState().families['circuit']).toBe(circuit?.initial);
  });
});
