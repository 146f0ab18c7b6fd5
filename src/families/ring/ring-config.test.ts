import { describe, expect, it } from 'vitest';
import { parseRefusal, withDefaults } from '../../kernel/config.test-util';
import type { ParamValues } from '../../kernel/params/schema';
import type { AlgorithmCard } from '../../kernel/spec';
import { neighborExchangeCard } from './neighbor-exchange.card';
import { oneStageCard } from './one-stage.card';
import { optreeCard } from './optree/optree.card';
import { ringAllgatherCard } from './ring-allgather.card';
import { wrhtCard } from './wrht.card';

/** The issues `parse` throws for the card's defaults with `extra` over them. */
const refusal = <C>(card: AlgorithmCard<C>, extra: ParamValues) =>
  parseRefusal(card, withDefaults(card, extra));

const RING_CARDS = [ringAllgatherCard, neighborExchangeCard, oneStageCard, wrhtCard, optreeCard];

describe('a WDM-ring card parses its parameters into a RingConfig, refusing bad ones by name and limit', () => {
  it('reads the defaults into the ring, the message and the eq. 3 time model', () => {
    expect(ringAllgatherCard.parse(withDefaults(ringAllgatherCard, {}))).toEqual({
      nodes: 8,
      wavelengths: 4,
      messageBytes: 4 * 2 ** 20,
      time: {
        bandwidthBitsPerSecond: 40e9,
        reconfigurationSeconds: 25 * 1e-6,
        oeoSecondsPerFlit: 1e-9,
        packetBytes: 128,
        flitsPerPacket: 4,
      },
    });
    // OpTree adds the arities: those given, or the tightest for the depth (N = 8, k = 2: 4 · 2 or 2 · 4).
    expect(optreeCard.parse(withDefaults(optreeCard, { radices: '2,2,2' })).radices).toEqual([2, 2, 2]);
    expect(optreeCard.parse(withDefaults(optreeCard, {})).radices).toHaveLength(2);
  });

  it.each([
    ['nodes', 1, 'from 2 to 65,536'],
    ['nodes', 70_000, 'from 2 to 65,536'],
    ['wavelengths', 0, 'from 1 to 1,024'],
    ['message-bytes', 0, 'from 1 to'],
    ['bandwidth', 0, 'from 0.001 to 100,000'],
    ['reconfiguration-delay', -1, 'from 0 to 1,000,000'],
    ['oeo-cycles-per-flit', -1, 'from 0 to 1,000,000'],
    ['clock', 200, 'from 0.001 to 100'],
    ['packet-bytes', 0, 'from 1 to 1,048,576'],
    ['flit-bytes', 2 ** 21, 'from 1 to 1,048,576'],
    ['laser-power', 31, 'from -30 to 30'],
    ['receiver-sensitivity', 11, 'from -60 to 10'],
    ['modulator-loss', -1, 'from 0 to 30'],
    ['pass-loss', 11, 'from 0 to 10'],
    ['er-penalty', 21, 'from 0 to 20'],
    ['crosstalk-rx', 1, 'from -100 to 0'],
    ['crosstalk-tx', -101, 'from -100 to 0'],
    ['other-noise', 1, 'from -100 to 0'],
  ])('every ring card refuses %s = %s, naming its bounds (%s)', (key, value, bounds) => {
    for (const card of RING_CARDS) {
      const [issue, ...more] = refusal(card, { [key]: value });
      expect(more, card.id).toEqual([]);
      expect(issue.key, card.id).toBe(key);
      expect(issue.message, card.id).toContain(`(${key}) must be`);
      expect(issue.message, card.id).toContain(bounds);
    }
  });

  it.each([
    ['depth', 0, 'from 1 to 17'],
    ['radices', '1,8', 'from 2 to 65,536'],
  ])('OpTree refuses %s = %s, naming its bounds (%s)', (key, value, bounds) => {
    const [issue, ...more] = refusal(optreeCard, { [key]: value });
    expect(more).toEqual([]);
    expect(issue.key).toBe(key);
    expect(issue.message).toContain(bounds);
  });

  it('refuses a missing parameter by name', () => {
    const { wavelengths: _, ...p } = withDefaults(wrhtCard, {});
    expect(parseRefusal(wrhtCard, p)).toEqual([{ key: 'wavelengths', message: 'wavelengths is missing' }]);
  });

  it('keeps the rules across parameters, with the messages the command line shows', () => {
    expect(refusal(oneStageCard, { 'packet-bytes': 100, 'flit-bytes': 32 })).toEqual([
      { key: 'flit-bytes', message: 'Flit size (flit-bytes) must divide the packet size 100 B; got 32 B' },
    ]);
    // N = 8 allows at most 4 levels of arity 2.
    expect(refusal(optreeCard, { depth: 5 })).toEqual([
      {
        key: 'depth',
        message:
          'Tree depth k (depth) must be from 1 to 4 for 8 nodes (every level needs an arity of at least 2); got 5',
      },
    ]);
    expect(refusal(optreeCard, { radices: '2,2' })[0]).toMatchObject({ key: 'radices' });
    expect(refusal(optreeCard, { radices: '2,2' })[0].message).toContain('fewer than the 8 nodes');
  });
});
