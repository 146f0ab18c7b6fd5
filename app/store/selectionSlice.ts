/**
 * What a pane marks on its pictures, in one place: the node under the pointer (`hovered`), the node
 * chosen in the node field (`picked`) and the nodes every view rings (`highlight`: hovering a tree
 * node, a subset, a legend, a marked link's ends). Every view of the pane reads these, so a node
 * marked one way is seen by each view that shows marks; another pane's views do not see it.
 */
export interface SelectionState {
  /** The node under the pointer in a view that follows it across views (the star and its tree). */
  hovered: number | null;
  /** The node chosen with the keyboard in the field under the network view. */
  picked: number | null;
  /** Network nodes to highlight across views (hovering the tree, a subset, a legend). */
  highlight: number[] | null;
}

export interface SelectionActions {
  /** The node under the pointer (null: none). */
  hover(node: number | null): void;
  /**
   * Chooses a node (null: none), marked as hovering it marks it: ringed in every view, hovered in the
   * views that follow the pointer.
   */
  pick(node: number | null): void;
}

export const NO_SELECTION: SelectionState = { hovered: null, picked: null, highlight: null };

/** The chosen node, if it is one of a network of `n` nodes. */
export const selectPicked = (n: number) => (s: Pick<SelectionState, 'picked'>) =>
  s.picked !== null && s.picked < n ? s.picked : null;

export const selectHovered = (s: Pick<SelectionState, 'hovered'>) => s.hovered;

export const selectHighlight = (s: Pick<SelectionState, 'highlight'>) => s.highlight;

export function selectionActions(
  set: (patch: Partial<SelectionState>) => void,
  setHighlight: (nodes: number[] | null) => void,
): SelectionActions {
  return {
    hover(node) {
      set({ hovered: node });
    },
    pick(node) {
      set({ picked: node, hovered: node });
      setHighlight(node === null ? null : [node]);
    },
  };
}
