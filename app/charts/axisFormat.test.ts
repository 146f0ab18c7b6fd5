import { describe, expect, it } from 'vitest';
import { fitTitle } from './axisFormat';

describe('axis titles that fit their side', () => {
  const title = 'All-gather time (eq. 3), log scale';
  it('keeps a title that fits', () => {
    expect(fitTitle(title, 14, 400)).toBe(title);
  });
  it('cuts a long one at a word, with "…", within the room', () => {
    const cut = fitTitle(title, 19, 250);
    expect(cut).toMatch(/…$/);
    expect(cut.length).toBeLessThan(title.length);
    expect(title.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.length * 19 * 0.56).toBeLessThanOrEqual(250);
    expect(cut).not.toMatch(/[ ,]…$/);
  });
  it('cuts inside a word when even one word is too long, and never returns nothing', () => {
    expect(fitTitle('Wavelengths', 20, 60)).toMatch(/^W.*…$/);
    expect(fitTitle('Wavelengths', 20, 1).length).toBeGreaterThan(0);
  });
});
