import { describe, expect, it } from 'vitest';
import { keptRecord } from './fileStore';

describe('a record of the browser’s file store', () => {
  it('is a kept file when it has a name and the bytes (or an earlier version’s text)', () => {
    const blob = new Blob(['{}']);
    expect(keptRecord({ name: 'a.json', data: blob })).toEqual({ name: 'a.json', data: blob });
    expect(keptRecord({ name: 'a.json', text: '{}' })).toEqual({ name: 'a.json', data: '{}' });
  });

  it('is nothing when absent, and damaged when it is anything else', () => {
    expect(keptRecord(undefined)).toBeNull();
    for (const bad of [{ name: 'a.json', text: null }, { text: '{}' }, { name: 1, data: '{}' }, 'x', 3, []])
      expect(keptRecord(bad), JSON.stringify(bad)).toBe('damaged');
  });
});
