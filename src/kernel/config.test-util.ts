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
