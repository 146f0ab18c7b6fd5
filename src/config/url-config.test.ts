import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS } from '../cards';
import { configOf } from '../kernel/config';
import { decodeConfig, defaultConfig, encodeConfig } from './url-codec';

describe('a link carries a card’s whole configuration', () => {
  it.each(ALGORITHM_CARDS.map((c) => [c.id, c] as const))(
    '%s: default parameters → link → parameters parse to an equal configuration',
    (_id, card) => {
      const config = defaultConfig(card.id);
      const decoded = decodeConfig(`?${encodeConfig(config)}`);
      expect(decoded.ignored).toEqual([]);
      expect(decoded.config.algorithm).toBe(card.id);
      const back = decoded.config.params;
      expect(back).not.toBe(config.params); // parsed anew, not read from the first one's cache
      expect(configOf(card, back)).toEqual(configOf(card, config.params));
    },
  );

  it('the configuration is the card’s own, not the parameters', () => {
    const star = ALGORITHM_CARDS.find((c) => c.id === 'star-broadcast')!;
    const p = defaultConfig('star-broadcast').params;
    expect(star.parse(p)).toBe(p); // the registry's card hides its configuration type…
    expect(configOf(star, p)).toEqual({ nodes: 64, k: 3, tuningDelay: 0.1, messages: 64, splitSteps: 1 });
  });
});
