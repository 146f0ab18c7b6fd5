/**
 * Reading a schedule file for `check` without trusting it: the file is read as a stream, in chunks,
 * and refused as soon as it shows it cannot be a schedule the checker accepts — before anything big is
 * allocated. XML is read up to the same limit here; the MSCCL importer states its own, smaller one.
 * No file system access here: the caller hands over a chunk reader.
 */
import { CLI_LIMITS } from '../limits';

/** Largest schedule file `check` reads (bytes): the command line's limit, src/limits.ts. */
export const MAX_SCHEDULE_FILE_BYTES = CLI_LIMITS.fileBytes;
/**
 * Largest file handed on as one string; a bigger one stays bytes and is parsed in pieces
 * (json-pieces.ts), since V8 caps a string near 512 MiB.
 */
export const MAX_TEXT_BYTES = 400_000_000;
const CHUNK = 1 << 20;

export class FileRefused extends Error {
  override name = 'FileRefused';
}

/**
 * Reads at most MAX_SCHEDULE_FILE_BYTES from `read` (which fills a buffer and returns the bytes read,
 * 0 at the end) and returns the text, or the bytes when the file is over MAX_TEXT_BYTES. Refuses a file whose first byte that is not white space is not
 * `{` or `<` (a schedule is a JSON object or MSCCL XML: binary input such as /dev/zero stops at its
 * first byte), and a file
 * longer than the limit (an endless device stops there, not at the end of memory).
 */
export function readScheduleText(
  read: (buffer: Uint8Array) => number,
  name: string,
  limit = MAX_SCHEDULE_FILE_BYTES,
): string | Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let started = false;
  for (;;) {
    const buffer = new Uint8Array(Math.min(CHUNK, limit + 1 - total));
    const got = read(buffer);
    if (got === 0) break;
    const chunk = buffer.subarray(0, got);
    if (!started) {
      const first = chunk.findIndex(
        (b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0xef && b !== 0xbb && b !== 0xbf,
      );
      if (first >= 0) {
        started = true;
        if (chunk[first] !== 0x7b && chunk[first] !== 0x3c)
          throw new FileRefused(
            `${name} is not a schedule file: a schedule is a JSON object, starting with "{", or MSCCL XML, starting with "<", but this starts with byte 0x${chunk[first].toString(16).padStart(2, '0')}`,
          );
      }
    }
    total += got;
    if (total > limit)
      throw new FileRefused(
        `${name} is larger than ${limit.toLocaleString('en-US')} bytes, the most check reads (check a smaller configuration, or verify it where it is built: schedule verifies every schedule it writes)`,
      );
    chunks.push(chunk);
  }
  if (!started) throw new FileRefused(`${name} is empty: a schedule file is a JSON object or MSCCL XML`);
  const bytes = Buffer.concat(chunks, total);
  return total > MAX_TEXT_BYTES ? bytes : bytes.toString('utf8');
}
