import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import { RING_ALLGATHER, RING_PARAMS, parseRing, type RingConfig } from './ring-params';
import { plural } from '../../kernel/util/units';

/**
 * Ring all-gather: in step s (1..N−1) node i forwards block (i − s + 1) mod N to node i + 1 on the
 * clockwise fibre, wavelength 0. Every link carries one lightpath per step.
 */
export const ringAllgatherCard: AlgorithmCard<RingConfig> = {
  id: 'ring-allgather',
  name: 'Ring all-gather',
  family: 'Ring',
  ...RING_ALLGATHER,
  summary:
    'Every node passes one block to its clockwise neighbour in each step: first its own, then the one it ' +
    'has just received. After N−1 steps every block has gone round the ring. Simple, but it uses one ' +
    'wavelength of one fibre, however many the ring offers.',
  params: RING_PARAMS,
  parse: parseRing,
  estimate(c) {
    const n = c.nodes;
    return { steps: n - 1, transfers: n * (n - 1), blockRefs: n * (n - 1), holdingCells: n * n };
  },
  narrate(_c, f) {
    const e = f.examples[0];
    const example = e ? ` For example, node ${e.from} sends block ${e.blocks[0]} to node ${e.to[0]}.` : '';
    const what = f.step === 1 ? 'its own block' : 'the block it received in the previous step';
    return (
      `Every node sends ${what} one hop clockwise, all on wavelength λ0: ${plural(f.transfers, 'lightpath')}, ` +
      `one per clockwise link.${example} ${heldSentence(f)}`
    );
  },
};
