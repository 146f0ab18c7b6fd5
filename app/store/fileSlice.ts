import type { InteropView } from '../../src/config/interop-link';
import type { KeptFile } from '../files/fileStore';

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

export interface FilesActions {
  /** Remembers a file opened in this pane for the app's lifetime (before, and whether or not, the browser keeps it). */
  rememberFile(hash: string, file: KeptFile): void;
  /** The file opened in this pane under `hash` since the page loaded, if it was. */
  openedFile(hash: string): KeptFile | undefined;
}

/** The files opened in one pane (each pane its own: two apps never see each other's files). */
export function filesActions(): FilesActions {
  /** Not state: the files themselves, which nothing draws (a link names them by hash). */
  const opened = new Map<string, KeptFile>();
  return {
    rememberFile: (hash, file) => void opened.set(hash, file),
    openedFile: (hash) => opened.get(hash),
  };
}
