import { describe, expect, it } from 'vitest';
import { findPreset } from '../tryit/exercise-catalogue';
import { encodeTryLink } from '../tryit/share-link';
import { decodeConfig, defaultConfig, encodeConfig } from './url-codec';

describe('the permalink’s Try it field', () => {
  const link = encodeTryLink({
    exercise: findPreset('ring-4-textbook')!.exercise,
    challenge: false,
    attempt: { steps: [{ transfers: [{ from: 0, to: [1], blocks: [0], route: [0], channel: 0 }] }], at: 0 },
  });

  it('keeps the mode and the exercise with its attempt, both ways', () => {
    const c = {
      ...defaultConfig(),
      tryit: link,
      options: { ...defaultConfig().options, mode: 'try' as const },
    };
    const back = decodeConfig(encodeConfig(c));
    expect(back.ignored).toEqual([]);
    expect(back.config.options.mode).toBe('try');
    expect(back.config.tryit).toBe(link);
    expect(encodeConfig(defaultConfig())).not.toContain('try=');
  });

  it('refuses a hostile value with a notice, and only that', () => {
    for (const bad of ['x', '2.AAAA', `1.${'%%'}`, `${link}AAAA`, '1.' + 'A'.repeat(5000)]) {
      const d = decodeConfig(`v=2&mode=try&try=${encodeURIComponent(bad)}`);
      expect(d.config.tryit).toBe('');
      expect(d.config.options.mode).toBe('try');
      expect(
        d.ignored.some((m) => m.startsWith('try: ') && m.endsWith('; the exercise was not opened')),
      ).toBe(true);
    }
  });
});
