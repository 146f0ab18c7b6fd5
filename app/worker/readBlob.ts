import { ContentHash } from '../files/contentHash';

/** Bytes read at a time: each piece is decoded and hashed before the next is asked for. */
export const READ_CHUNK = 4 * 2 ** 20;

export interface ReadText {
  text: string;
  /** The text's content hash (app/files/contentHash.ts). */
  hash: string;
}

/**
 * A file's text and hash, read in pieces (in the worker, never on the page's thread): `progress`
 * hears the bytes read after each piece, and `checkHead` sees the first piece's text before the rest
 * is read (it throws to refuse the file: a binary file stops there). `pause` (tests) waits between
 * pieces. A text kept by an earlier version is taken as it is.
 */
export async function readBlobText(
  data: Blob | string,
  o: {
    progress?: (done: number, total: number) => void;
    checkHead?: (head: string) => void;
    pause?: () => Promise<void>;
  } = {},
): Promise<ReadText> {
  const hash = new ContentHash();
  if (typeof data === 'string') {
    o.checkHead?.(data.slice(0, 256));
    return { text: data, hash: hash.update(data).digest() };
  }
  // UTF-8 across piece boundaries; a byte-order mark is dropped, as the browser's file.text() does.
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for (let at = 0; at < data.size; at += READ_CHUNK) {
    const bytes = new Uint8Array(await data.slice(at, at + READ_CHUNK).arrayBuffer());
    const part = decoder.decode(bytes, { stream: true });
    if (at === 0) o.checkHead?.(part.slice(0, 256));
    hash.update(part);
    parts.push(part);
    o.progress?.(Math.min(data.size, at + READ_CHUNK), data.size);
    await o.pause?.();
  }
  const last = decoder.decode();
  hash.update(last);
  parts.push(last);
  if (data.size === 0) o.checkHead?.('');
  return { text: parts.join(''), hash: hash.digest() };
}
