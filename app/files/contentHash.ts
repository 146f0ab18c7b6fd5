/**
 * A short hash of a file's text (cyrb53, 53 bits, as 14 hex digits): names the file in links and in
 * this browser's store. Fed piece by piece as the file is read (in the worker), it gives the same as
 * the text whole. Not a security measure: a file only ever comes from the user's own disk.
 */
export class ContentHash {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  /** Adds the next piece of the text. */
  update(text: string): this {
    let { h1, h2 } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    [this.h1, this.h2] = [h1, h2];
    return this;
  }

  /** The hash of everything added so far. */
  digest(): string {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
  }
}

/** The hash of a whole text. */
export const contentHash = (text: string): string => new ContentHash().update(text).digest();
