import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatSeconds, formatTime } from './format';

describe('format', () => {
  it('formats as toLocaleString does, with the shared formatters', () => {
    for (const n of [0, 7, 1234, 16_773_120, 1234.5678, -42])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    // Four significant digits in a fitting unit.
    expect(formatSeconds(0.0009949)).toBe('994.9 µs');
    expect(formatSeconds(2.03812)).toBe('2.038 s');
    expect(formatSeconds(123456)).toBe('123,500 s');
    expect(formatTime(12.34567, { time: 'units' })).toBe('12.35 units');
    expect(formatBytes(4 * 1024 * 1024)).toBe('4 MiB');
    expect(formatBytes(1500)).toBe('1.465 KiB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MiB');
    // The largest unit that keeps the number at 1 or more, never "55,300 KiB".
    expect(formatBytes(55_300 * 1024)).toBe('54 MiB');
    expect(formatBytes(1000)).toBe('1,000 B');
    expect(formatSeconds(4.9072e-5)).toBe('49.07 µs');
  });
});
