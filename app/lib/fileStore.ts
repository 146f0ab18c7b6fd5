/**
 * Schedule files the user opened, kept in this browser (IndexedDB) under their content's hash, so a
 * link that names a file (`file=<hash>`) reopens it here. Another machine has not seen the file: the
 * page then says so and asks for it. Storage may be unavailable (private windows): the file is still
 * shown, only not kept.
 */
const DB = 'optical-collectives-lab';
const STORE = 'schedule-files';

export interface KeptFile {
  name: string;
  text: string;
}

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
): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const req = act(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result ?? null);
      req.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).finally(() => db.close()) as Promise<T | null>;
}

/** Files opened since the page loaded: shown even where the browser keeps nothing. */
const session = new Map<string, KeptFile>();

/** Remembers a file for this page's lifetime (before, and whether or not, IndexedDB keeps it). */
export function rememberInSession(hash: string, file: KeptFile): void {
  session.set(hash, file);
}

/** Keeps a file's text under its hash; false when the browser would not keep it. */
export async function keepFile(hash: string, file: KeptFile): Promise<boolean> {
  return (await withStore('readwrite', (s) => s.put(file, hash))) !== null;
}

/** The file kept under `hash`, or null when this browser has not kept it. */
export async function keptFile(hash: string): Promise<KeptFile | null> {
  return session.get(hash) ?? (await withStore<KeptFile>('readonly', (s) => s.get(hash)));
}

/**
 * A short hash of a file's text (cyrb53, 53 bits, as 14 hex digits): names the file in links. Not a
 * security measure — a file only ever comes from the user's own disk.
 */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
