import { BROWSER_LIMITS, fileSizeRefusal } from '../../src/limits';
import type { PaneStore } from '../store/paneStore';
import type { WorkerClient } from '../worker/client';
import type { WorkerPool } from '../worker/pool';
import type { RunReply } from '../worker/client';
import { fileOptions, noteReadWith, openingView, viewKept } from '../interop/fileView';
import { keepFile, keptFile } from './fileStore';

/**
 * Opening a file from disk, on the page's side. Its size is checked against the browser's limits
 * before anything else (src/limits.ts); then a worker reads, hashes and reads it as what it was
 * opened as (app/worker/fileJob.ts, src/file-formats.ts), while a progress line says how far it is.
 * Only what was read whole changes the page: a schedule is shown and named in the link together, a
 * network's parameters are set together; a file that cannot be read changes nothing and says why.
 * What it shows, its progress line and its notices go to the store of the app that opens it (its
 * services pass it in), never to a store held here.
 */

/** The workers files are read in: the app's (store/sync.ts binds them in its services). */
export interface FileWorkers {
  /** The visualizer's worker: a schedule file is the next run on screen. */
  run: Pick<WorkerClient, 'runFile'>;
  /** The pool: a topology file gives parameters, and must not stop the run on screen. */
  pool: Pick<WorkerPool, 'submit'>;
  /** Runs the configuration on screen again if opening a file cut its run or search short. */
  resume(): void;
}

/**
 * Shows `store`'s progress line for a file being read: `progress` moves it on, `end` takes it away.
 */
export function trackReading(store: PaneStore, name: string, total: number) {
  const reading = { name, done: 0, total };
  store.setState({ reading });
  return {
    progress: (done: number, all: number) => store.setState({ reading: { ...reading, done, total: all } }),
    end: () => {
      if (store.getState().reading?.name === name) store.setState({ reading: null });
    },
  };
}

const NOT_STARTED = 'the page’s workers have not started yet';

function notOpened(store: PaneStore, name: string, message: string): void {
  store.getState().addNotice({
    title: `${name} was not opened`,
    tone: 'error',
    items: [message, 'Nothing changed: the picture and the link still show what they showed before.'],
  });
}

/**
 * Opens a schedule file (docs/schedule-format.md): the button's file picker, or a file dropped on the
 * page. Once it is read and verified, it is shown, the link names it by its content's hash, and this
 * browser keeps it under that hash so the link reopens it here.
 */
export async function openScheduleFile(
  workers: FileWorkers | null,
  store: PaneStore,
  file: File,
): Promise<void> {
  const refused = fileSizeRefusal(file.name, file.size, 'schedule', BROWSER_LIMITS);
  if (refused) return notOpened(store, file.name, refused);
  if (!workers) return notOpened(store, file.name, NOT_STARTED);
  const { run, resume } = workers;
  const reading = trackReading(store, file.name, file.size);
  try {
    const view = openingView(store.getState());
    const options = fileOptions(view);
    const reply = await run.runFile({ name: file.name, data: file, options }, reading.progress);
    if (!reply) return; // a newer request took over
    noteReadWith(store, reply.result, view);
    const hash = reply.result.source!.hash;
    const app = store.getState();
    app.rememberFile(hash, { name: file.name, data: file });
    // The link names the file only now that it is the one on screen (with its network, if any).
    app.setFile(hash, viewKept(reply.result, view));
    app.runSucceeded(reply.result, reply.totalMs);
    if (!(await keepFile(hash, { name: file.name, data: file })))
      app.addNotice({
        title: 'The file is shown but not kept',
        tone: 'info',
        items: [
          'This browser would not store it (private window or full storage): its link works until the page is closed.',
        ],
      });
  } catch (err) {
    notOpened(store, file.name, err instanceof Error ? err.message : String(err));
    resume();
  } finally {
    reading.end();
  }
}

/**
 * Reads a topology file in a worker of the pool: the parameters of the network it describes, checked
 * whole; null when the read was overtaken. Throws an Error whose message says what is wrong.
 */
export async function readNetworkFile(
  workers: FileWorkers | null,
  file: File,
): Promise<Record<string, string> | null> {
  const refused = fileSizeRefusal(file.name, file.size, 'network', BROWSER_LIMITS);
  if (refused) throw new Error(refused);
  if (!workers) throw new Error(NOT_STARTED);
  return workers.pool.submit((w) => w.readNetworkFile(file.name, file)).result;
}

/**
 * Reads the file this browser kept under `hash` (a link's `file=<hash>`) in the visualizer's worker,
 * with `store`'s progress line: null when the configuration moved on meanwhile; an Error saying so when the
 * file was not kept here or its record is damaged.
 */
export async function reopenKeptFile(
  hash: string,
  run: WorkerClient,
  store: PaneStore,
): Promise<RunReply | null> {
  const kept = await (store.getState().openedFile(hash) ?? keptFile(hash));
  if (store.getState().config.file !== hash) return null; // another file or configuration since
  if (kept === null || kept === 'damaged') {
    run.cancel();
    throw new Error(
      kept === null
        ? `This link shows a schedule file (${hash}) that this browser has not kept: open the file here (Open schedule…) to see it.`
        : `The copy of the schedule file ${hash} kept in this browser is damaged: open the file again (Open schedule…) to see it.`,
    );
  }
  const size = typeof kept.data === 'string' ? kept.data.length : kept.data.size;
  const reading = trackReading(store, kept.name, size);
  try {
    const view = store.getState().config.interop;
    const reply = await run.runFile({ ...kept, hash, options: fileOptions(view) }, reading.progress);
    if (reply) noteReadWith(store, reply.result, view);
    return reply;
  } finally {
    reading.end();
  }
}
