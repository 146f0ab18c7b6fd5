import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlgorithm } from '../../src/registry';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import { defaultsOf } from '../../src/kernel/params/schema';
import { heldCounts } from '../../src/kernel/replay/holding-queries';
import { isCounted, stepCounts } from '../../src/kernel/replay/step-counts';
import { countAheadSoon } from './useStepCountsAhead';

const reduction = () =>
  run(
    'otis-allreduce',
    { ...defaultsOf(findAlgorithm('otis-allreduce')!.params), 'group-size': 16, method: 'edn' },
    CLI_LIMITS,
  ).holdings;

afterEach(() => vi.useRealTimers());

describe('counting the next steps between steps', () => {
  it('counts nothing in the task that asks, and the next, last, first and previous steps in later tasks', () => {
    vi.useFakeTimers();
    const h = reduction();
    countAheadSoon(h, 2);
    expect([3, h.stepCount, 0, 1].some((st) => isCounted(h, st))).toBe(false);
    vi.runAllTimers();
    expect([3, h.stepCount, 0, 1].every((st) => isCounted(h, st))).toBe(true);
    expect(stepCounts(h, 3).counts).toEqual(heldCounts(h, 3));
  });

  it('stops when told to (a newer step): nothing more is counted for the old one', () => {
    vi.useFakeTimers();
    const h = reduction();
    const stop = countAheadSoon(h, 4);
    stop();
    vi.runAllTimers();
    expect(isCounted(h, 5)).toBe(false);
  });
});
