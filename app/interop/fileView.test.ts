import { describe, expect, it } from 'vitest';
import { DEFAULT_INTEROP } from '../../src/config/interop-link';
import { useApp } from '../store/store';
import { openingView, setInteropView } from './fileView';

describe('the view the next file made elsewhere opens with', () => {
  it('is the one the user chose, even when a Lab file comes before that reading arrives', () => {
    // The user puts the MSCCL file on a ring, stretched; the new reading has not arrived yet …
    setInteropView({ net: 'ring', stretch: true, chunk: '' });
    // … when a Lab file is opened, which drops net= and stretch= from the link.
    useApp.setState((s) => ({ config: { ...s.config, interop: { ...DEFAULT_INTEROP } } }));
    expect(openingView(useApp.getState().config)).toEqual({ net: 'ring', stretch: true, chunk: '' });
  });

  it('is the link’s own when the link names a network', () => {
    setInteropView({ net: 'ring', stretch: true, chunk: '' });
    useApp.setState((s) => ({
      config: { ...s.config, interop: { net: 'full', stretch: false, chunk: '' } },
    }));
    expect(openingView(useApp.getState().config).net).toBe('full');
  });
});
