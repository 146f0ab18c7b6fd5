import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/result';
import { resultCompanion } from './resultCompanion';

// Two distinct results: the companion compares them by identity only.
const first = { algorithm: 'first' } as unknown as RunResult;
const second = { algorithm: 'second' } as unknown as RunResult;

describe('resultCompanion', () => {
  it('has nothing for a result before its value arrives', () => {
    const c = resultCompanion<number>();
    expect(c.of(first)).toBeNull();
  });

  it('gives the value to the result it arrived with, and to no other', () => {
    const c = resultCompanion<number>();
    c.remember(first, 7);
    expect(c.of(first)).toBe(7);
    expect(c.of(second)).toBeNull();
  });

  it('keeps only the latest result’s value', () => {
    const c = resultCompanion<string>();
    c.remember(first, 'old');
    c.remember(second, 'new');
    expect(c.of(first)).toBeNull();
    expect(c.of(second)).toBe('new');
  });

  it('keeps each companion apart', () => {
    const pictures = resultCompanion<string>();
    const loads = resultCompanion<string>();
    pictures.remember(first, 'pictures');
    expect(loads.of(first)).toBeNull();
  });
});
