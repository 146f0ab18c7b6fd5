/**
 * Schedule files the user opened, kept in this browser (IndexedDB) under their content's hash, so a
 * link that names a file (`file=<hash>`) reopens it here. Another machine has not seen the file: the
 * page then says so and asks for it. Storage may be unavailable (private windows): the file is still
 * shown, only not kept.
 *
 * The file is kept as the File the browser gave (a Blob): storing and fetching it moves no bytes
 * through the page's thread; the worker reads them (app/worker/readBlob.ts). Files kept by earlier
 * versions hold their text instead, which the worker reads the same way.
 */
const DB = 'optical-collectives-lab';
const STORE = 'schedule-files';

export interface KeptFile {
  name: string;
  /** The file's bytes (or, kept by an earlier version, its text). */
  data: Blob | string;
}

/** What the store holds under a hash: the file, nothing, or a record that is not a kept file. */
export type Kept = KeptFile | null | 'damaged';

function open(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  act: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null | undefined> {
  const db = await open();
  if (!db) return null;
  return new Promise<T | null | undefined>((resolve) => {
    try {
      const req = act(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).finally(() => db.close());
}

/**
 * A stored record as a kept file: `{ name, data }` (or an earlier version's `{ name, text }`). Anything
 * else — cleared fields, another program's record, a half-written one — is 'damaged'; no record is null.
 */
export function keptRecord(value: unknown): Kept {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object') return 'damaged';
  const r = value as { name?: unknown; data?: unknown; text?: unknown };
  if (typeof r.name !== 'string') return 'damaged';
  const data = r.data ?? r.text;
  return data instanceof Blob || typeof data === 'string' ? { name: r.name, data } : 'damaged';
}

/** Keeps a file under its hash; false when the browser would not keep it. */
export async function keepFile(hash: string, file: KeptFile): Promise<boolean> {
  return (await withStore('readwrite', (s) => s.put({ name: file.name, data: file.data }, hash))) !== null;
}

/**
 * The file this browser kept under `hash`: null when it has not kept it, 'damaged' when its record is
 * broken. (Files opened since the page loaded are also remembered by the pane they were opened in,
 * fileSlice.ts, so they are shown where the browser keeps nothing.)
 */
export async function keptFile(hash: string): Promise<Kept> {
  return keptRecord(await withStore<unknown>('readonly', (s) => s.get(hash)));
}
