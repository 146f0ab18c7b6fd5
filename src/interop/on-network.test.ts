import { describe, expect, it } from 'vitest';
import { byStep } from './on-network';

describe('byStep', () => {
  it('lists the messages that have a step, by step and then by index, as a sort would', () => {
    const step = Int32Array.from([3, 0, 1, 3, 2, 1, -1, 2, 1, 0]);
    const sorted = Array.from(step.keys())
      .filter((i) => step[i] >= 1)
      .sort((a, b) => step[a] - step[b] || a - b);
    expect(Array.from(byStep(step))).toEqual(sorted);
    expect(Array.from(byStep(step))).toEqual([2, 5, 8, 4, 7, 0, 3]);
  });

  it('is empty when no message has a step', () => {
    expect(byStep(Int32Array.from([0, -1])).length).toBe(0);
    expect(byStep(new Int32Array(0)).length).toBe(0);
  });
});
