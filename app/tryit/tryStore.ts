import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { TryEdit } from '../../src/tryit/try-session';
import type { TryRequest, TryResponse } from '../../src/tryit/try-service';
import type { TryView } from '../../src/tryit/try-view';
import { JSON_TYPE, saveFile } from '../lib/download';
import type { PaneStore } from '../store/paneStore';
import { keptSelection, NO_PICK, type Picking } from './picking';

/**
 * The Try it page's state: the worker's last view of the session (the last good one stays when a
 * request is refused, its message beside it) and what the student is picking for the next transfer.
 * Every change goes to the worker (src/tryit/try-service.ts), which checks the attempt and answers.
 */
export interface TryState {
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
  /** Opens an exercise (and the attempt) from its `try=` link. */
  openLink(link: string): void;
  /** Opens a downloaded attempt file's text. */
  openFileText(text: string): void;
  /** One change of the attempt (add, delete, undo, next step…). */
  edit(e: TryEdit): void;
  /** Shows or hides the algorithm's step. */
  showHint(show: boolean): void;
  /** Opens or closes the side-by-side view (the algorithm's step comes with the hint). */
  showSideBySide(on: boolean): void;
  /** Saves the attempt as a file. */
  download(): void;
}

/** An app's Try it store (made by `createTryStore`, handed down by TryStoreProvider). */
export type TryStore = UseBoundStore<StoreApi<TryState>>;

/** A request without its id (the id is added here). */
type Ask = TryRequest extends infer R ? (R extends TryRequest ? Omit<R, 'id'> : never) : never;

/** The side of the Try it worker the store uses (a fake in tests). */
export type TryWorkerLike = Pick<Worker, 'postMessage' | 'onmessage' | 'onerror'>;

/**
 * One app's Try it store: its worker (started on the first request, by `startWorker`) and the ids of
 * its requests are its own, so two apps (two tests) never share them; the attempt's link is written
 * into the app's pane `app`.
 */
export function createTryStore(app: PaneStore, startWorker: () => TryWorkerLike): TryStore {
  let worker: TryWorkerLike | null = null;
  let nextId = 0;
  /** The last request sent: answers to earlier ones are not shown. */
  let newest = 0;
  return create<TryState>((set, get) => {
    const onAnswer = (r: TryResponse) => {
      if (r.id < newest) return;
      if (r.kind === 'error') set({ error: r.message, busy: false });
      else if (r.kind === 'file') {
        saveFile(r.name, [r.text], JSON_TYPE);
        set({ busy: false });
      } else {
        const { view: old, picking } = get();
        set({
          view: r.view,
          error: '',
          busy: false,
          picking: { ...NO_PICK, selected: keptSelection(old, r.view, picking.selected) },
          written: r.view.link || get().written,
        });
        // The address bar holds the attempt so far (beyond the link's limits it keeps the last that fit).
        if (r.view.link) {
          const c = app.getState().config;
          if (c.options.mode === 'try' && c.tryit !== r.view.link)
            app.setState({ config: { ...c, tryit: r.view.link } });
        }
      }
    };
    const send = (r: Ask) => {
      if (!worker) {
        worker = startWorker();
        worker.onmessage = (e: MessageEvent<TryResponse>) => onAnswer(e.data);
        worker.onerror = (e) => set({ error: `the Try it worker failed: ${e.message}`, busy: false });
      }
      newest = ++nextId;
      set({ busy: true });
      worker.postMessage({ ...r, id: newest } as TryRequest);
    };
    const showHint = (show: boolean) => send({ kind: 'hint', show });
    return {
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
      openLink(link) {
        set({ written: link });
        send({ kind: 'open', link });
      },
      openFileText: (text) => send({ kind: 'open-file', text }),
      edit: (e) => send({ kind: 'edit', edit: e }),
      showHint,
      showSideBySide(on) {
        set({ side: on });
        showHint(on);
      },
      download: () => send({ kind: 'download' }),
    };
  });
}
