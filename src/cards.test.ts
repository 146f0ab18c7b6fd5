import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS, DEFAULT_ALGORITHM, findCard } from './cards';
import { REPRODUCTION_CARDS } from './experiments/catalogue';
import { REPRODUCTIONS } from './experiments/registry';
import { ALGORITHMS, findAlgorithm } from './registry';

describe('cards and the registry', () => {
  it('list the same algorithms in the same order', () => {
    expect(ALGORITHM_CARDS.map((c) => c.id)).toEqual(ALGORITHMS.map((a) => a.id));
    expect(new Set(ALGORITHMS.map((a) => a.id)).size).toBe(ALGORITHMS.length);
    expect(findCard(DEFAULT_ALGORITHM)).toBeDefined();
    expect(findCard('no-such-algorithm')).toBeUndefined();
  });

  it('every algorithm is its card plus an engine: no field of the card differs', () => {
    for (const card of ALGORITHM_CARDS) {
      const spec = findAlgorithm(card.id)!;
      for (const [key, value] of Object.entries(card))
        expect(spec[key as keyof typeof spec], `${card.id}.${key}`).toBe(value);
      expect(spec.build, card.id).toBeTypeOf('function');
      expect(spec.formulas, card.id).toBeTypeOf('function');
      expect('build' in card, card.id).toBe(false);
      expect('formulas' in card, card.id).toBe(false);
    }
  });

  it('paper checks: the page lists exactly the checks the worker runs, by the same card', () => {
    expect(REPRODUCTION_CARDS.map((c) => c.id)).toEqual(REPRODUCTIONS.map((r) => r.id));
    REPRODUCTIONS.forEach((r, i) => expect(r).toMatchObject(REPRODUCTION_CARDS[i]));
    for (const c of REPRODUCTION_CARDS) expect('run' in c, c.id).toBe(false);
  });
});
