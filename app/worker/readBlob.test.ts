import { describe, expect, it } from 'vitest';
import { contentHash } from '../files/contentHash';
import { READ_CHUNK, readBlobText } from './readBlob';

describe('reading a file in pieces, in the worker', () => {
  it('gives the whole text and the hash of the whole, with progress in bytes after each piece', async () => {
    // Multi-byte characters straddle the pieces' boundaries.
    const text = `{"a": "${'é→ß'.repeat(READ_CHUNK / 3)}"}`;
    const blob = new Blob([text]);
    const seen: [number, number][] = [];
    const r = await readBlobText(blob, { progress: (done, total) => seen.push([done, total]) });
    expect(r.text).toBe(text);
    expect(r.hash).toBe(contentHash(text));
    expect(seen.length).toBe(Math.ceil(blob.size / READ_CHUNK));
    expect(seen.at(-1)).toEqual([blob.size, blob.size]);
    expect(seen.every(([d], i) => i === 0 || d > seen[i - 1][0])).toBe(true);
  });

  it('stops after the first piece when its start refuses the file', async () => {
    const blob = new Blob([new Uint8Array(3 * READ_CHUNK)]);
    let pieces = 0;
    await expect(
      readBlobText(blob, {
        progress: () => pieces++,
        checkHead: (head) => {
          if (head.startsWith('\u0000')) throw new Error('binary');
        },
      }),
    ).rejects.toThrow('binary');
    expect(pieces).toBe(0);
  });

  it('a text kept by an earlier version is taken as it is, hashed as before', async () => {
    expect(await readBlobText('{"x": 1}')).toEqual({ text: '{"x": 1}', hash: contentHash('{"x": 1}') });
  });
});
