import { describe, expect, it } from 'vitest';
import { expectBoundsRefusal, withDefaults } from '../../kernel/config.test-util';
import { bruckCard } from './bruck.card';
import { directAlltoallCard } from './direct-alltoall.card';
import { retriCard } from './retri.card';

describe('a circuit card parses its parameters into a CircuitConfig, refusing bad ones by name and limit', () => {
  it('reads the defaults: nodes, the schedule x, the layout and the cost model in seconds', () => {
    expect(retriCard.parse(withDefaults(retriCard, {}))).toEqual({
      nodes: 27,
      reconfigure: [0, 1, 1],
      layout: 'modular',
      // The paper's evaluation: 1 MiB, 400 Gb/s, 1 µs a hop, 1.7 µs a phase, 10 µs to rebuild.
      model: {
        messageBytes: 2 ** 20,
        beta: 8 / 400e9,
        hop: 1 * 1e-6,
        phase: 1.7 * 1e-6,
        reconfiguration: 10 * 1e-6,
      },
    });
    expect(bruckCard.parse(withDefaults(bruckCard, {})).reconfigure).toEqual([0, 1, 1, 1]);
    // The static ring has no schedule to read.
    expect(directAlltoallCard.parse(withDefaults(directAlltoallCard, {})).reconfigure).toEqual([]);
  });

  it.each([
    ['retri', 'nodes', 2188, 'from 2 to 2,187', retriCard],
    ['bruck', 'nodes', 2049, 'from 2 to 2,048', bruckCard],
    ['static', 'nodes', 257, 'from 2 to 256', directAlltoallCard],
    ['retri', 'layout', 'folded', 'one of modular, padded', retriCard],
    ['retri', 'reconfigure', '0,2', 'each from 0 to 1', retriCard],
    ['bruck', 'reconfigure', Array(17).fill(1).join(','), 'empty or 1 to 16 whole numbers', bruckCard],
    ['retri', 'message-bytes', 0, 'from 1 to', retriCard],
    ['bruck', 'bandwidth', 0, 'from 0.001 to 100,000', bruckCard],
    ['static', 'hop-delay', -1, 'from 0 to 1,000,000', directAlltoallCard],
    ['retri', 'phase-delay', 2e6, 'from 0 to 1,000,000', retriCard],
    ['bruck', 'reconfiguration-delay', -0.5, 'from 0 to', bruckCard],
  ] as const)('%s refuses %s = %s, naming its bounds (%s)', (_name, key, value, bounds, card) => {
    expectBoundsRefusal(card, key, value, bounds);
  });
});
