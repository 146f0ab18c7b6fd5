import { describe, expect, it } from 'vitest';
import { DEFAULT_INTEROP } from '../../src/config/interop-link';
import { createPaneStore } from '../store/paneStore';
import { useApp } from '../store/store';
import { openingView, setInteropView } from './fileView';

describe('the view the next file made elsewhere opens with', () => {
  it('is the one the user chose, even when a Lab file comes before that reading arrives', () => {
    const store = createPaneStore();
    // The user puts the MSCCL file on a ring, stretched; the new reading has not arrived yet …
    setInteropView(store, { net: 'ring', stretch: true, chunk: '' });
    // … when a Lab file is opened, which drops net= and stretch= from the link.
    store.setState((s) => ({ config: { ...s.config, interop: { ...DEFAULT_INTEROP } } }));
    expect(openingView(store.getState())).toEqual({ net: 'ring', stretch: true, chunk: '' });
  });

  it('is the link’s own when the link names a network', () => {
    const store = createPaneStore();
    setInteropView(store, { net: 'ring', stretch: true, chunk: '' });
    store.setState((s) => ({
      config: { ...s.config, interop: { net: 'full', stretch: false, chunk: '' } },
    }));
    expect(openingView(store.getState()).net).toBe('full');
  });

  it('is kept by the app that chose it: another app (and the page’s global store) opens with its own', () => {
    const [a, b] = [createPaneStore(), createPaneStore()];
    setInteropView(a, { net: 'ring', stretch: true, chunk: '' });
    expect(a.getState().config.interop.net).toBe('ring');
    expect(b.getState().config.interop).toEqual(DEFAULT_INTEROP);
    expect(openingView(b.getState())).toEqual(DEFAULT_INTEROP);
    expect(useApp.getState().lastInteropView).toBeNull();
  });
});
