import { expect } from 'vitest';
import { ConfigError } from './config';
import { defaultsOf, type ParamValues } from './params/schema';
import type { AlgorithmCard } from './spec';

/** A card's default parameters with `extra` over them. */
export const withDefaults = <C>(card: AlgorithmCard<C>, extra: ParamValues): ParamValues => ({
  ...defaultsOf(card.params),
  ...extra,
});

/** The issues `card.parse` throws (a ConfigError) for parameters `p`; fails if it accepts them. */
export function parseRefusal<C>(card: AlgorithmCard<C>, p: ParamValues) {
  try {
    card.parse(p);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).issues;
  }
  throw new Error('parse accepted the parameters');
}

/** The issues `card.parse` throws for the card's defaults with `extra` over them. */
export const refusalOverDefaults = <C>(card: AlgorithmCard<C>, extra: ParamValues) =>
  parseRefusal(card, withDefaults(card, extra));

/**
 * Expects the card to refuse its defaults with `key` = `value` by exactly one issue, on that key,
 * whose message names the parameter and contains `bounds` (the accepted range or choices).
 */
export function expectBoundsRefusal<C>(card: AlgorithmCard<C>, key: string, value: unknown, bounds: string) {
  const [issue, ...more] = refusalOverDefaults(card, { [key]: value } as ParamValues);
  expect(more).toEqual([]);
  expect(issue.key).toBe(key);
  expect(issue.message).toContain(`(${key}) must be`);
  expect(issue.message).toContain(bounds);
}
