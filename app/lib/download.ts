/**
 * Files the page hands to the user: text made here (a schedule, a table) saved through a Blob and a
 * temporary link, so it works offline and under the page's Content-Security-Policy. Long texts come
 * as chunks (the schedule writers' generators) gathered in slices of a few milliseconds, so a big
 * schedule never freezes the page while it is written.
 */

/** Parts gathered before they are packed into one Blob (a few milliseconds of copying). */
const PACK_LENGTH = 1 << 22;

/**
 * Gathers the chunks, giving the browser a turn whenever `budgetMs` has passed. Text or bytes; an
 * empty chunk is a writer's pause (it yields between slices of work) and is left out. Every few MB
 * the parts so far become one Blob, so the file's final Blob (made of those) copies nothing at once.
 */
export async function gatherChunks(
  chunks: Iterable<string | Uint8Array>,
  budgetMs = 12,
): Promise<BlobPart[]> {
  const out: BlobPart[] = [];
  let pending: BlobPart[] = [];
  let length = 0;
  let t0 = performance.now();
  for (const c of chunks) {
    if (c.length === 0) continue;
    pending.push(c as BlobPart);
    length += c.length;
    if (length >= PACK_LENGTH) {
      out.push(new Blob(pending));
      pending = [];
      length = 0;
    }
    if (performance.now() - t0 > budgetMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      t0 = performance.now();
    }
  }
  if (pending.length) out.push(...pending);
  return out;
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
export const JSON_TYPE = 'application/json;charset=utf-8';
export const XML_TYPE = 'application/xml;charset=utf-8';
export const ZIP_TYPE = 'application/zip';

/** Saves `parts` as a file called `name`. */
export function saveFile(name: string, parts: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the link; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name from words: letters, digits, dots, hyphens; anything else becomes one hyphen. */
export function fileName(...words: (string | number)[]): string {
  return words
    .map(String)
    .join('-')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
