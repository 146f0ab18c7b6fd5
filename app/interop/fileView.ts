import type { AppConfig } from '../../src/config/url-codec';
import type { FileOptions } from '../../src/file-formats';
import type { InteropExtras } from '../../src/interop/run-result';
import { networkOfLink } from '../../src/interop/network-link';
import type { RunResult } from '../../src/result';
import type { AppState } from '../store/appState';
import type { PaneStore } from '../store/paneStore';
import { DEFAULT_INTEROP, type InteropView } from '../../src/config/interop-link';

/**
 * A schedule made elsewhere (MSCCL XML, TE-CCL output) on the page: which network and stretch the
 * link asks for (`net=`, `stretch=`), which ones the result on screen was read with, and how the
 * panel changes them. A Lab schedule file brings its own network: opening one drops them from the
 * link, and the next file made elsewhere is read with them again.
 */

/** The importer's findings carried by a result, when it shows a file made elsewhere. */
export const interopOf = (r: RunResult | null | undefined): InteropExtras | undefined => r?.extras?.interop;

const key = (v: InteropView) => `${v.net}|${v.stretch ? 1 : 0}`;

/** What each file result was read with (the worker is asked with the link's view). */
const readWith = new WeakMap<RunResult, string>();

/** The options a file is read with under this view (a network the link cannot name: fully connected). */
export function fileOptions(view: InteropView): FileOptions {
  let network: FileOptions['network'];
  try {
    network = networkOfLink(view.net);
  } catch {
    network = { kind: 'full' };
  }
  return { network, stretch: view.stretch };
}

/**
 * Notes the view a file's result was read with, once it arrives; a file made elsewhere also leaves
 * it in `store` (its `lastInteropView`) for the next one opened there.
 */
export function noteReadWith(store: PaneStore, result: RunResult, view: InteropView): void {
  readWith.set(result, key(view));
  if (interopOf(result)) store.setState({ lastInteropView: view });
}

/**
 * The view a file being opened is read with: the link's, or when a Lab file dropped it from the link
 * (`net=` and `stretch=` do not apply to one), the view the last file made elsewhere had.
 */
export function openingView({
  config,
  lastInteropView,
}: Pick<AppState, 'config' | 'lastInteropView'>): InteropView {
  const own = config.interop;
  return !own.net && !own.stretch && lastInteropView ? lastInteropView : own;
}

/** The view to keep in the link with a file's result: its own, or none for a Lab file. */
export const viewKept = (result: RunResult, view: InteropView): InteropView =>
  // A newly opened file starts with no chunk tracked: the last file's chunk may not exist in it.
  interopOf(result) ? { ...view, chunk: '' } : { ...DEFAULT_INTEROP };

/**
 * Whether the result on screen shows the link's file as the link asks: the same file and, for a file
 * made elsewhere, read on the same network with the same stretch.
 */
export function fileShown(config: AppConfig, result: RunResult | null | undefined): boolean {
  if (!result || result.source?.hash !== config.file) return false;
  return !interopOf(result) || readWith.get(result) === key(config.interop);
}

/** Whether two links ask for the same file the same way (a change of network or stretch reads it again). */
export function sameFileView(a: AppConfig, b: AppConfig): boolean {
  return a.file === b.file && key(a.interop) === key(b.interop);
}

/** Shows the file on screen on another network, or stretched or not: the link changes, the file is read again. */
export function setInteropView(store: PaneStore, view: InteropView): void {
  // The user's choice is what the next file made elsewhere opens with, even if a Lab file is opened
  // before this file's new reading arrives (else the view it had before would come back).
  store.setState((s) => ({
    config: { ...s.config, interop: view, step: 0 },
    playing: false,
    lastInteropView: view,
  }));
}
