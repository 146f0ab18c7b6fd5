import { create } from 'zustand';

/**
 * The processor under the pointer in the star view or the TCP1 tree: hovering one highlights it in
 * the other. Kept apart from the app store so that hovering never re-renders the panels.
 */
export const useStarHover = create<{ node: number | null; set(node: number | null): void }>()((set) => ({
  node: null,
  set: (node) => set({ node }),
}));
