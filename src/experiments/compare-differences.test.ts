import { describe, expect, it } from 'vitest';
import { differenceFrom, differenceText } from './compare-differences';

describe('compare mode’s differences from the first schedule', () => {
  it('steps, time and channels as differences and percentages', () => {
    const ring = { steps: 7, seconds: 0.007, channelsUsed: 1 };
    const ne = { steps: 4, seconds: 0.0056, channelsUsed: 2 };
    const d = differenceFrom(ring, ne);
    expect(d.steps).toBe(-3);
    expect(d.stepsPct).toBeCloseTo(-42.857, 2);
    expect(d.secondsPct).toBeCloseTo(-20, 6);
    expect(d.channels).toBe(1);
    expect(differenceText(d, 'λ')).toBe('−3 steps (−43 %) · time −20 % · +1 λ');
    expect(differenceText(differenceFrom(ring, ring), 'λ')).toBe('the same as schedule 1');
    expect(differenceText(differenceFrom(ring, { ...ring, steps: 8, seconds: 0.0071 }), null)).toBe(
      '+1 step (+14 %) · time +1.4 %',
    );
  });
});
