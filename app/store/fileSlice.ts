import type { InteropView } from '../../src/config/interop-link';

/** The file being read, for the progress line; `done === total`: read, being checked. */
export interface Reading {
  name: string;
  done: number;
  total: number;
}

/**
 * What a pane keeps about the files opened in it (app/files/openFile.ts, app/interop/fileView.ts), so
 * that two apps (two tests) never share a progress line or a remembered network.
 */
export interface FilesState {
  /** The file being read into this pane, null when none is. */
  reading: Reading | null;
  /**
   * The network and stretch the last file made elsewhere was shown with (or the user last chose for
   * it), for the next such file opened after a Lab file dropped them from the link.
   */
  lastInteropView: InteropView | null;
}

export const NO_FILE: FilesState = { reading: null, lastInteropView: null };
