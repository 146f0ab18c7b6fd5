import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInSlices } from './slices';

/** A clock that each piece of work moves on by its duration. */
let clock = 0;
const now = () => clock;

/** Work of `pieces` steps of `ms` each. */
function* work(pieces: number, ms: number, log: number[]) {
  for (let i = 0; i < pieces; i++) {
    clock += ms;
    log.push(i);
    yield;
  }
}

describe('runInSlices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the work a slice per task until it ends, then calls done once', () => {
    const log: number[] = [];
    const done = vi.fn();
    // 10 pieces of 8 ms in slices of 20 ms: 3 pieces per slice (the slice ends once 20 ms have gone).
    runInSlices(work(10, 8, log), () => false, done, { sliceMs: 20, now });
    expect(log).toEqual([0, 1, 2]);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(log).toHaveLength(6);
    vi.runAllTimers();
    expect(log).toHaveLength(10);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('stops at the next slice once the answer is stale, and never calls done', () => {
    const log: number[] = [];
    const done = vi.fn();
    let stale = false;
    runInSlices(work(10, 8, log), () => stale, done, { sliceMs: 20, now });
    expect(log).toHaveLength(3);
    stale = true; // a newer request arrived between slices
    vi.runAllTimers();
    expect(log).toHaveLength(3);
    expect(done).not.toHaveBeenCalled();
  });

  it('with no slice time (paced tests) runs one piece per task, however fast the pieces are', () => {
    const log: number[] = [];
    const done = vi.fn();
    runInSlices(work(3, 0, log), () => false, done, { sliceMs: 0, gapMs: 400, now });
    expect(log).toEqual([0]);
    vi.advanceTimersByTime(400);
    expect(log).toEqual([0, 1]);
    vi.runAllTimers();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
