import { describe, expect, it } from 'vitest';
import { differenceFrom, differenceParts, differenceText } from './compare-differences';

/** The words with no-break spaces shown as plain ones. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('compare mode’s differences from the first schedule', () => {
  it('steps, time and channels as differences and percentages', () => {
    const ring = { steps: 7, seconds: 0.007, channelsUsed: 1 };
    const ne = { steps: 4, seconds: 0.0056, channelsUsed: 2 };
    const d = differenceFrom(ring, ne);
    expect(d.steps).toBe(-3);
    expect(d.stepsPct).toBeCloseTo(-42.857, 2);
    expect(d.secondsPct).toBeCloseTo(-20, 6);
    expect(d.channels).toBe(1);
    expect(plain(differenceText(d, 'λ'))).toBe('−3 steps (−43 %) · time −20 % · +1 λ');
    expect(differenceText(differenceFrom(ring, ring), 'λ')).toBe('the same as schedule 1');
    expect(plain(differenceText(differenceFrom(ring, { ...ring, steps: 8, seconds: 0.0071 }), null))).toBe(
      '+1 step (+14 %) · time +1.4 %',
    );
  });

  it('keeps each value with its unit: a line may break between parts, never inside "−45 %"', () => {
    const d = differenceFrom(
      { steps: 20, seconds: 1, channelsUsed: 1 },
      { steps: 11, seconds: 0.55, channelsUsed: 3 },
    );
    const parts = differenceParts(d, 'λ');
    expect(parts.map(plain)).toEqual(['−9 steps (−45 %)', 'time −45 %', '+2 λ']);
    // No ordinary space after a number or before a number or "%".
    for (const part of parts) expect(part).not.toMatch(/\d | [%\d]/);
    const same = { steps: 5, seconds: 1, channelsUsed: 1 };
    expect(differenceParts(differenceFrom(same, same), null)).toEqual([]);
  });
});
