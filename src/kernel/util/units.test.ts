import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, noun, plural } from './units';

describe('counting in words', () => {
  it('one thing is singular, any other count plural, with thousands separated', () => {
    expect(plural(1, 'step')).toBe('1 step');
    expect(plural(0, 'step')).toBe('0 steps');
    expect(plural(2, 'violation')).toBe('2 violations');
    expect(plural(1024, 'block')).toBe('1,024 blocks');
    expect(plural(1, 'router hop')).toBe('1 router hop');
    expect(plural(3, 'half-block')).toBe('3 half-blocks');
    expect(plural(1, 'match', 'matches')).toBe('1 match');
    expect(plural(5, 'match', 'matches')).toBe('5 matches');
    expect(noun(1, 'step')).toBe('step');
    expect(noun(-1, 'step')).toBe('step');
    expect(noun(-3, 'step')).toBe('steps');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });
});
