/**
 * Parses a JSON object too big to be one JavaScript string (V8 caps strings near 512 MiB): the text
 * stays bytes, and only pieces of it become strings. The top-level object's values are parsed one by
 * one, and the value of `split` (an array: a schedule's `steps`) element by element, so no piece is
 * larger than one element. The result is the object JSON.parse would give.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const WHITE = new Set([0x20, 0x09, 0x0a, 0x0d]);

export class JsonPiecesError extends Error {
  override name = 'JsonPiecesError';
}

/** Longest string V8 makes (2^29 − 24 characters): a longer piece cannot become one. */
export const MAX_PIECE_BYTES = 2 ** 29 - 24;

/** A value that is valid JSON but too big to become one JavaScript string. */
export class JsonTooBig extends Error {
  override name = 'JsonTooBig';
}

/** Position just past the JSON value that starts at `at` (after white space): strings and nesting aware. */
function valueEnd(bytes: Uint8Array, at: number): number {
  let i = skipWhite(bytes, at);
  if (bytes[i] === QUOTE) return stringEnd(bytes, i);
  if (bytes[i] !== 0x7b && bytes[i] !== 0x5b) {
    // A number, true, false or null: up to the next delimiter.
    while (
      i < bytes.length &&
      !WHITE.has(bytes[i]) &&
      bytes[i] !== 0x2c &&
      bytes[i] !== 0x7d &&
      bytes[i] !== 0x5d
    )
      i++;
    return i;
  }
  let depth = 0;
  for (; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) i = stringEnd(bytes, i) - 1;
    else if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d || b === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new JsonPiecesError('the JSON text ends inside a value');
}

function stringEnd(bytes: Uint8Array, at: number): number {
  for (let i = at + 1; i < bytes.length; i++) {
    if (bytes[i] === BACKSLASH) i++;
    else if (bytes[i] === QUOTE) return i + 1;
  }
  throw new JsonPiecesError('the JSON text ends inside a string');
}

function skipWhite(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && WHITE.has(bytes[at])) at++;
  return at;
}

const decoder = new TextDecoder();

/** Parses bytes `from` … `to`; a piece longer than `most` bytes is refused as too big (not as bad JSON). */
function parse(bytes: Uint8Array, from: number, to: number, most: number): unknown {
  if (to - from > most)
    throw new JsonTooBig(
      `the value at byte ${from.toLocaleString('en-US')} is ${(to - from).toLocaleString('en-US')} bytes long; one value (a string, or one step) may take at most ${most.toLocaleString('en-US')} bytes, the longest string JavaScript holds`,
    );
  return JSON.parse(decoder.decode(bytes.subarray(from, to)));
}

function expect(bytes: Uint8Array, at: number, byte: number, what: string): number {
  const i = skipWhite(bytes, at);
  if (bytes[i] !== byte) throw new JsonPiecesError(`expected ${what} at byte ${i}`);
  return i + 1;
}

/** Sets an own property as JSON.parse does (a key "__proto__" is data, not the prototype). */
function define(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The top-level object in `bytes`, with the array under key `split` parsed element by element. A piece
 * over `most` bytes (tests make it small) throws JsonTooBig.
 */
export function parseJsonPieces(
  bytes: Uint8Array,
  split: string,
  most = MAX_PIECE_BYTES,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = expect(bytes, 0, 0x7b, '"{"');
  i = skipWhite(bytes, i);
  if (bytes[i] === 0x7d) return out;
  for (;;) {
    i = skipWhite(bytes, i);
    const keyEnd = stringEnd(bytes, i);
    const key = parse(bytes, i, keyEnd, most) as string;
    i = expect(bytes, keyEnd, 0x3a, '":"');
    const start = skipWhite(bytes, i);
    if (key === split && bytes[start] === 0x5b) {
      const items: unknown[] = [];
      i = skipWhite(bytes, start + 1);
      if (bytes[i] === 0x5d) i++;
      else
        for (;;) {
          const end = valueEnd(bytes, i);
          items.push(parse(bytes, i, end, most));
          i = skipWhite(bytes, end);
          if (bytes[i] === 0x5d) {
            i++;
            break;
          }
          i = expect(bytes, i, 0x2c, '"," or "]"');
        }
      define(out, key, items);
    } else {
      const end = valueEnd(bytes, start);
      define(out, key, parse(bytes, start, end, most));
      i = end;
    }
    i = skipWhite(bytes, i);
    if (bytes[i] === 0x7d) break;
    i = expect(bytes, i, 0x2c, '"," or "}"');
  }
  if (skipWhite(bytes, i + 1) !== bytes.length) throw new JsonPiecesError('text after the JSON object');
  return out;
}
