import { describe, expect, it } from 'vitest';
import { gatherChunks } from './download';

describe('gathering a download', () => {
  it("keeps text and bytes in order and leaves out the writers' pauses (empty chunks)", async () => {
    const parts = await gatherChunks(['', 'ab', new Uint8Array(0), new Uint8Array([99, 100]), '', 'e']);
    expect(parts).toHaveLength(3);
    expect(await new Blob(parts).text()).toBe('abcde');
  });

  it('packs every few MB into a Blob of its own, so that no single copy is the whole file', async () => {
    const mb = 'x'.repeat(1 << 20);
    const parts = await gatherChunks(Array.from({ length: 9 }, (_, i) => mb.slice(0, -1) + String(i % 10)));
    expect(parts.filter((p) => p instanceof Blob)).toHaveLength(2);
    const text = await new Blob(parts).text();
    expect(text.length).toBe(9 << 20);
    expect(text[(1 << 20) - 1]).toBe('0');
    expect(text[(9 << 20) - 1]).toBe('8');
  });
});
