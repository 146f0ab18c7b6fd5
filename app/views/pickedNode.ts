import { create } from 'zustand';

/**
 * The node chosen with the keyboard in the field under the network view (null: none). The views
 * draw it as if the pointer were on it; kept apart from the app store (not part of the link).
 */
export const usePickedNode = create<{ node: number | null; set(node: number | null): void }>()((set) => ({
  node: null,
  set: (node) => set({ node }),
}));
