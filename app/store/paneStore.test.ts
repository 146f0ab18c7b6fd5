import { describe, expect, it } from 'vitest';
import { createPaneStore } from './paneStore';
import { selectHighlight, selectHovered, selectPicked } from './selectionSlice';
import { useApp } from './store';

describe('one store per pane', () => {
  it('two panes’ stores are independent: picking a node in one leaves the other', () => {
    const a = createPaneStore();
    const b = createPaneStore();
    a.getState().pick(3);
    a.getState().setParam('p', 64);
    expect(a.getState()).toMatchObject({ picked: 3, hovered: 3, highlight: [3] });
    expect(b.getState()).toMatchObject({ picked: null, hovered: null, highlight: null });
    expect(b.getState().config.params['p']).not.toBe(64);
    // Nor is the explorer's main pane touched.
    expect(useApp.getState()).toMatchObject({ picked: null, hovered: null, highlight: null });
    b.getState().hover(5);
    expect(a.getState().hovered).toBe(3);
  });

  it('a node marked one way is seen by every view that shows marks', () => {
    const pane = createPaneStore();
    pane.getState().pick(4);
    const s = pane.getState();
    // The node field and the ring, mesh, NoC and circuit views (a network of 8 nodes)…
    expect(selectPicked(8)(s)).toBe(4);
    // …the tree, the graph, the ring's and the mesh's rings…
    expect(selectHighlight(s)).toEqual([4]);
    // …and the star with its TCP1 tree, which follow the hovered processor.
    expect(selectHovered(s)).toBe(4);
    // A node beyond the network shown is not one of its nodes.
    expect(selectPicked(4)(s)).toBeNull();
    pane.getState().pick(null);
    expect(pane.getState()).toMatchObject({ picked: null, hovered: null, highlight: null });
  });

  it('hovering a view marks the hovered node alone; a highlight set another way replaces the pick’s', () => {
    const pane = createPaneStore();
    pane.getState().pick(2);
    pane.getState().hover(6);
    expect(pane.getState()).toMatchObject({ picked: 2, hovered: 6, highlight: [2] });
    pane.getState().setHighlight([0, 1]);
    expect(pane.getState().highlight).toEqual([0, 1]);
  });
});

describe('an algorithm picked from the menu', () => {
  it('a NoC card picked afresh draws a fresh seed; one set by the user there, or carried over, is kept', () => {
    const seeds = new Set<unknown>();
    for (let k = 0; k < 6; k++) {
      const pane = createPaneStore();
      pane.getState().setAlgorithm('ring-allgather');
      pane.getState().setAlgorithm('noc-scatter');
      seeds.add(pane.getState().config.params['seed']);
    }
    // Six panes, six draws from 2³¹ seeds: not the schema's default each time.
    expect(seeds.size).toBeGreaterThan(1);
    expect(seeds.has(1) && seeds.size === 1).toBe(false);

    const pane = createPaneStore();
    pane.getState().setAlgorithm('noc-scatter');
    pane.getState().setParam('seed', 42);
    pane.getState().setAlgorithm('ring-allgather');
    pane.getState().setAlgorithm('noc-scatter');
    expect(pane.getState().config.params['seed']).toBe(42);
    // Between two cards that mean the same by their seed, it carries over.
    pane.getState().setAlgorithm('noc-broadcast');
    expect(pane.getState().config.params['seed']).toBe(42);
  });
});
