import { describe, expect, it } from 'vitest';
import { wrapTitle } from './axisFormat';

describe('axis titles that fit their side', () => {
  const title = 'All-gather time (eq. 3), log scale';
  it('keeps a title that fits on one line', () => {
    expect(wrapTitle(title, 14, 400)).toEqual([title]);
  });
  it('breaks a long one between words into lines within the room, the whole title kept, no "…"', () => {
    const lines = wrapTitle(title, 19, 250);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(title);
    for (const line of lines) expect(line.length * 19 * 0.56).toBeLessThanOrEqual(250);
    expect(lines.join('')).not.toContain('…');
  });
  it('gives a word longer than the room a line of its own, and never returns nothing', () => {
    expect(wrapTitle('Wavelengths w', 20, 60)).toEqual(['Wavelengths', 'w']);
    expect(wrapTitle('', 20, 1).length).toBe(1);
  });
});
