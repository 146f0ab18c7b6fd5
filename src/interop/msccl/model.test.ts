import { describe, expect, it } from 'vitest';
import { wholeNumber } from './model';

describe('wholeNumber', () => {
  it('reads digits with a minus sign, and spaces around them', () => {
    expect(wholeNumber('0')).toBe(0);
    expect(wholeNumber('384')).toBe(384);
    expect(wholeNumber('-1')).toBe(-1);
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('\t-7\n')).toBe(-7);
  });

  it('refuses anything else with NaN', () => {
    for (const text of ['', '-', ' ', '1.5', '1e3', '+3', '0x10', '12a', '- 1', '1 2'])
      expect(wholeNumber(text), text).toBeNaN();
  });
});
