import { TryInputError } from './try-limits';

/**
 * Bytes for the compact link encoding: unsigned LEB128 varints and short ASCII strings, written to
 * and read from URL-safe base64 (RFC 4648 §5, no padding). The reader checks every read against what
 * is left and every value against its stated limit, and fails with a TryInputError naming what was
 * being read: hostile text gets a message, never a crash.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array {
  if (text.length % 4 === 1)
    throw new TryInputError('the link’s data is cut short (its length is not that of base64 text)');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUE[c] : -1;
    if (v < 0)
      throw new TryInputError(
        `the link’s data has a character that is not URL-safe base64 at position ${i + 1}`,
      );
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[k++] = (acc >> bits) & 255;
    }
  }
  return out.subarray(0, k);
}

export class ByteWriter {
  private buf = new Uint8Array(256);
  private n = 0;

  private push(b: number): void {
    if (this.n === this.buf.length) {
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.n++] = b;
  }

  /** A whole number 0 … 2³² − 1. */
  uint(v: number): void {
    if (!(Number.isInteger(v) && v >= 0 && v <= 0xffffffff)) throw new TryInputError(`cannot encode ${v}`);
    while (v >= 128) {
      this.push((v % 128) | 128);
      v = Math.floor(v / 128);
    }
    this.push(v);
  }

  /** Printable ASCII text. */
  text(s: string): void {
    this.uint(s.length);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e)
        throw new TryInputError(`cannot encode the character ${JSON.stringify(s[i])} in a link`);
      this.push(c);
    }
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

export class ByteReader {
  private at = 0;

  constructor(private readonly buf: Uint8Array) {}

  /** A whole number at most `max`; `what` names it in the message. */
  uint(what: string, max: number): number {
    let v = 0;
    let scale = 1;
    for (let i = 0; ; i++) {
      if (this.at >= this.buf.length) throw new TryInputError(`the link’s data ends inside ${what}`);
      if (i === 5) throw new TryInputError(`the link’s data has a number too long for ${what}`);
      const b = this.buf[this.at++];
      v += (b & 127) * scale;
      scale *= 128;
      if (b < 128) break;
    }
    if (v > max) throw new TryInputError(`the link gives ${what} as ${v}; at most ${max}`);
    return v;
  }

  text(what: string, max: number): string {
    const len = this.uint(`the length of ${what}`, max);
    if (this.at + len > this.buf.length) throw new TryInputError(`the link’s data ends inside ${what}`);
    let s = '';
    for (let i = 0; i < len; i++) {
      const c = this.buf[this.at++];
      if (c < 0x20 || c > 0x7e)
        throw new TryInputError(`${what} in the link holds a character that is not printable text`);
      s += String.fromCharCode(c);
    }
    return s;
  }

  /** Fails when bytes are left over (a link that says more than it should). */
  end(): void {
    if (this.at !== this.buf.length) throw new TryInputError('the link’s data goes on after its end');
  }
}
