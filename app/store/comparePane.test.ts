import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/url-codec';
import { createComparePaneStore, followPage } from './comparePane';
import { createPaneStore } from './paneStore';

describe('a compare pane’s store', () => {
  const page = createPaneStore();
  afterEach(() => page.setState({ config: defaultConfig(), playing: false, highlight: null, picked: null }));

  it('marks its own nodes: a node picked in one pane is not marked in the other nor on the page', () => {
    const one = createComparePaneStore(page);
    const two = createComparePaneStore(page);
    one.getState().pick(2);
    expect(one.getState()).toMatchObject({ picked: 2, hovered: 2, highlight: [2] });
    expect(two.getState()).toMatchObject({ picked: null, hovered: null, highlight: null });
    expect(page.getState()).toMatchObject({ picked: null, hovered: null, highlight: null });
  });

  it('follows the page’s configuration and playback, and sets view options on the page', () => {
    const pane = createComparePaneStore(page);
    const stop = followPage(pane, page);
    page.getState().setOptions({ lecture: true });
    expect(pane.getState().config.options.lecture).toBe(true);
    // A pane's view (the circuit's "node 0 only") sets the page's option, which every pane then shows.
    pane.getState().setOptions({ onlyNode0: true });
    expect(page.getState().config.options.onlyNode0).toBe(true);
    expect(pane.getState().config).toBe(page.getState().config);
    stop();
    page.getState().setOptions({ lecture: false });
    expect(pane.getState().config.options.lecture).toBe(true);
  });
});
