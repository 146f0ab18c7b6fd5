import { describe, expect, it } from 'vitest';
import { bitmapsInTurn } from './bitmapsInTurn';

/** A fake bitmap maker: records which pictures were asked for, each answered when `finish` is called. */
function maker() {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  const closed: number[] = [];
  const make = (p: number) =>
    new Promise<{ p: number; close(): void }>((done) => {
      asked.push(p);
      pending.push(() => done({ p, close: () => closed.push(p) }));
    });
  const finishNext = async () => {
    pending.shift()?.();
    // Let the awaiting loop run on.
    await new Promise((go) => setTimeout(go, 0));
  };
  return { asked, closed, make, finishNext };
}

describe('step pictures made into bitmaps in turn', () => {
  it('asks for the next bitmap only once the one before is made, and gives them in step order', async () => {
    const m = maker();
    const all = bitmapsInTurn([0, 1, 2], m.make, () => true);
    expect(m.asked).toEqual([0]);
    await m.finishNext();
    expect(m.asked).toEqual([0, 1]);
    await m.finishNext();
    await m.finishNext();
    expect((await all)?.map((b) => b.p)).toEqual([0, 1, 2]);
  });

  it('stops when no longer wanted, closing the bitmaps it made, and gives null', async () => {
    const m = maker();
    let wanted = true;
    const all = bitmapsInTurn([0, 1, 2], m.make, () => wanted);
    await m.finishNext();
    wanted = false;
    await m.finishNext();
    expect(await all).toBeNull();
    expect(m.asked).toEqual([0, 1]);
    expect(m.closed).toEqual([0, 1]);
  });
});
