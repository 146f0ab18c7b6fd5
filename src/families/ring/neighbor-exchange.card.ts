import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import { RING_ALLGATHER, RING_PARAMS, parseRing, type RingConfig } from './ring-params';
import { plural } from '../../kernel/util/units';

/**
 * Neighbor Exchange all-gather (Chen et al., cited as [9] by the OpTree paper), N/2 steps for even N.
 *
 * Step 1: nodes 2j and 2j+1 swap their own blocks. Step t ≥ 2: every node turns to its other
 * neighbour (even nodes alternate right/left, odd nodes left/right) and passes on the two blocks it
 * received in step t − 1. With w ≥ 2 the two blocks travel on two wavelengths of the same link, so
 * every lightpath carries d, as eq. 3 assumes; with w = 1 they share one lightpath.
 *
 * Odd N has no perfect pairing. We then run the bidirectional relay: in step t node i sends block
 * i − t + 1 clockwise and block i + t − 1 counter-clockwise, one hop each. Each node still sends 2d per
 * step, and all blocks arrive after (N − 1)/2 steps. See docs/models/neighbor-exchange.md.
 */
export const neighborExchangeCard: AlgorithmCard<RingConfig> = {
  id: 'neighbor-exchange',
  name: 'Neighbor Exchange',
  family: 'Neighbor Exchange',
  ...RING_ALLGATHER,
  summary:
    'Nodes pair up and swap blocks, then turn to their other neighbour and pass on the two blocks they ' +
    'just received, alternating sides. Twice the data per step of Ring, half the steps (N/2). For odd N, ' +
    'where no pairing exists, every node relays one block each way per step instead.',
  params: RING_PARAMS,
  parse: parseRing,
  estimate(c) {
    const n = c.nodes;
    const split = c.wavelengths >= 2;
    const transfers = n % 2 === 1 ? n * (n - 1) : n + (n / 2 - 1) * n * (split ? 2 : 1);
    return { steps: Math.floor(n / 2), transfers, blockRefs: n * (n - 1), holdingCells: n * n };
  },
  narrate(c, f) {
    const n = c.nodes;
    const e = f.examples[0];
    if (n % 2 === 1) {
      return (
        `Odd N, relay variant: every node sends one block clockwise and one counter-clockwise, one hop each, ` +
        `on λ0 of each fibre (${plural(f.transfers, 'lightpath')}). ${heldSentence(f)}`
      );
    }
    if (f.step === 1) {
      return (
        `Nodes pair up with a neighbour (0 with 1, 2 with 3, …) and swap their own blocks: one lightpath ` +
        `each way on every pair's link. ${heldSentence(f)}`
      );
    }
    const side =
      f.step % 2 === 0
        ? 'even nodes to the left, odd nodes to the right'
        : 'even nodes to the right, odd nodes to the left';
    const lanes =
      f.channelsUsed >= 2 ? 'one block on λ0 and one on λ1' : 'both blocks on one lightpath (w = 1)';
    const example = e ? ` For example, node ${e.from} sends to node ${e.to[0]}.` : '';
    return (
      `Every node turns to its other neighbour (${side}) and passes on the two blocks it received in the ` +
      `previous step, ${lanes}.${example} ${heldSentence(f)}`
    );
  },
};
