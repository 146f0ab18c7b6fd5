/**
 * Files the page hands to the user: text made here (a schedule, a table) saved through a Blob and a
 * temporary link, so it works offline and under the page's Content-Security-Policy. Long texts come
 * as chunks (the schedule writers' generators) gathered in slices of a few milliseconds, so a big
 * schedule never freezes the page while it is written.
 */

/**
 * Gathers the chunks, giving the browser a turn whenever `budgetMs` has passed. Text or bytes; an
 * empty chunk is a writer's pause (it yields between slices of work) and is left out.
 */
export async function gatherChunks<T extends string | Uint8Array>(
  chunks: Iterable<T>,
  budgetMs = 12,
): Promise<T[]> {
  const out: T[] = [];
  let t0 = performance.now();
  for (const c of chunks) {
    if (c.length > 0) out.push(c);
    if (performance.now() - t0 > budgetMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      t0 = performance.now();
    }
  }
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
