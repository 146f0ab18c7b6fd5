import { create } from 'zustand';
import type { TryEdit } from '../../src/tryit/try-session';
import type { TryRequest, TryResponse } from '../../src/tryit/try-service';
import type { TryView } from '../../src/tryit/try-view';
import { JSON_TYPE, saveFile } from '../lib/download';
import { useApp } from '../store/store';
import TryWorker from './try.worker?worker';
import { keptSelection, NO_PICK, type Picking } from './picking';

/**
 * The Try it page's state: the worker's last view of the session (the last good one stays when a
 * request is refused, its message beside it) and what the student is picking for the next transfer.
 * Every change goes to the worker (src/tryit/try-service.ts), which checks the attempt and answers.
 */
interface TryState {
  view: TryView | null;
  error: string;
  busy: boolean;
  picking: Picking;
  /** Digits typed for a node number (keyboard picking). */
  typed: string;
  /** "Why is the bound what it is": its argument drawn on the picture and said in words. */
  why: boolean;
  /** The attempt beside the paper's algorithm, stepping together (TrySideBySide). */
  side: boolean;
  /** The `try=` text the page itself last wrote (a different one in the link is opened). */
  written: string;
  setPicking(p: Partial<Picking>): void;
  setTyped(t: string): void;
}

export const useTry = create<TryState>((set) => ({
  view: null,
  error: '',
  busy: false,
  picking: NO_PICK,
  typed: '',
  written: '',
  why: false,
  side: false,
  setPicking: (p) => set((s) => ({ picking: { ...s.picking, ...p } })),
  setTyped: (typed) => set({ typed }),
}));

let worker: Worker | null = null;
let nextId = 0;
let newest = 0;

function onAnswer(r: TryResponse) {
  if (r.id < newest) return;
  if (r.kind === 'error') useTry.setState({ error: r.message, busy: false });
  else if (r.kind === 'file') {
    saveFile(r.name, [r.text], JSON_TYPE);
    useTry.setState({ busy: false });
  } else {
    const { view: old, picking } = useTry.getState();
    useTry.setState({
      view: r.view,
      error: '',
      busy: false,
      picking: { ...NO_PICK, selected: keptSelection(old, r.view, picking.selected) },
      written: r.view.link || useTry.getState().written,
    });
    // The address bar holds the attempt so far (beyond the link's limits it keeps the last that fit).
    if (r.view.link) {
      const c = useApp.getState().config;
      if (c.options.mode === 'try' && c.tryit !== r.view.link)
        useApp.setState({ config: { ...c, tryit: r.view.link } });
    }
  }
}

/** A request without its id (the id is added here). */
type Ask = TryRequest extends infer R ? (R extends TryRequest ? Omit<R, 'id'> : never) : never;

function send(r: Ask) {
  if (!worker) {
    worker = new TryWorker();
    worker.onmessage = (e: MessageEvent<TryResponse>) => onAnswer(e.data);
    worker.onerror = (e) => useTry.setState({ error: `the Try it worker failed: ${e.message}`, busy: false });
  }
  newest = ++nextId;
  useTry.setState({ busy: true });
  worker.postMessage({ ...r, id: newest } as TryRequest);
}

export const openLink = (link: string) => {
  useTry.setState({ written: link });
  send({ kind: 'open', link });
};
export const openFileText = (text: string) => send({ kind: 'open-file', text });
export const edit = (e: TryEdit) => send({ kind: 'edit', edit: e });
export const showHint = (show: boolean) => send({ kind: 'hint', show });
/** Opens or closes the side-by-side view (the algorithm's step comes with the hint). */
export function showSideBySide(on: boolean) {
  useTry.setState({ side: on });
  showHint(on);
}
export const download = () => send({ kind: 'download' });
