import { describe, expect, it } from 'vitest';
import { expectBoundsRefusal, parseRefusal, withDefaults } from '../../kernel/config.test-util';
import { configIssues } from '../../kernel/config';
import type { ParamValues } from '../../kernel/params/schema';
import { starBroadcastCard } from './broadcast.card';
import { starGossipCard } from './gossip.card';
import { starScatterCard } from './scatter.card';
import { readStar, validateStar } from './star-params';

const broadcast = (extra: ParamValues) => withDefaults(starBroadcastCard, extra);

/** The issues `parse` throws for these parameters. */
const refusal = (p: ParamValues) => parseRefusal(starBroadcastCard, p);

describe('a star card parses its parameters into a StarConfig, refusing bad ones by name and limit', () => {
  it('reads the defaults into the configuration the engines take', () => {
    expect(starBroadcastCard.parse(broadcast({}))).toEqual({
      nodes: 64,
      k: 3,
      tuningDelay: 0.1,
      messages: 64,
      splitSteps: 1,
    });
    expect(starBroadcastCard.parse(broadcast({ variant: 'naive' })).splitSteps).toBe(0);
    // Scatter has no messages parameter: one unit message.
    expect(starScatterCard.parse(withDefaults(starScatterCard, {})).messages).toBe(1);
  });

  it.each([
    ['nodes', 1, 'from 2 to 4,096'],
    ['nodes', 5000, 'from 2 to 4,096'],
    ['wavelengths-per-node', 16, 'from 1 to 15'],
    ['tuning-delay', -1, 'from 0 to 1,000,000'],
    ['messages', 0, 'from 1 to 4,096'],
    ['variant', 'both', 'one of naive, split'],
    ['split-steps', 17, 'from 0 to 16'],
  ])('refuses %s = %s, naming its bounds (%s)', (key, value, bounds) => {
    expectBoundsRefusal(starBroadcastCard, key, value, bounds);
  });

  it('refuses a missing parameter by name', () => {
    const { messages: _, ...p } = broadcast({});
    expect(refusal(p)).toEqual([{ key: 'messages', message: 'messages is missing' }]);
  });

  it('refuses more split steps than the tree has levels (h = 3 for P = 64, k = 3)', () => {
    expect(refusal(broadcast({ 'split-steps': 4 }))).toEqual([
      {
        key: 'split-steps',
        message: 'Split steps h′ (split-steps) must be from 0 to h = 3 for these P and k; got 4',
      },
    ]);
    // The naive variant ignores split-steps.
    expect(configIssues(starBroadcastCard, broadcast({ variant: 'naive', 'split-steps': 4 }))).toEqual([]);
  });

  it('gossip takes up to a million message units; the k · P channel rule names nodes and its limit', () => {
    expect(starGossipCard.parse(withDefaults(starGossipCard, { messages: 1_000_000 })).messages).toBe(
      1_000_000,
    );
    // No P and k inside their bounds break it (k · P ≤ 61,440), so the rule is checked on its own.
    const c = { ...readStar(broadcast({})), k: 16 };
    expect(validateStar(c, 4500)).toEqual([
      {
        key: 'nodes',
        message:
          'k · P must be at most 65,535 (one home wavelength per transmitter); with k = 16 this machine has 4,500 processors after padding',
      },
    ]);
  });
});
