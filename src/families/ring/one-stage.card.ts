import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import { oneStageLoad } from './optree/optree-formulas';
import { RING_ALLGATHER, RING_PARAMS, parseRing, type RingConfig } from './ring-params';
import { plural } from '../../kernel/util/units';

/**
 * The one-stage model (OSM in the OpTree paper's Table 1): every node sends its block to every other
 * node over a lightpath of its own, the shorter way round the ring (half the antipodal pairs each way).
 * The N(N − 1) lightpaths are packed into steps of w wavelengths per fibre direction by the shared
 * assignment (wdm-assign.ts), which meets the link load — Lemma 1 — in every case tested, so the
 * schedule takes ⌈L/w⌉ steps. It is OpTree with a single level of arity N (optree-stages.ts).
 */
export const oneStageCard: AlgorithmCard<RingConfig> = {
  id: 'one-stage',
  name: 'One-stage model',
  family: 'One-stage',
  ...RING_ALLGATHER,
  summary:
    'Every node sends its block straight to every other node, each copy on a lightpath of its own along ' +
    'the shorter way round the ring. No node relays anything, but the ring needs about N²/8 wavelengths ' +
    'per fibre for that, so with w wavelengths the lightpaths are spread over ⌈N²/(8w)⌉ steps.',
  params: RING_PARAMS,
  parse: parseRing,
  estimate(c) {
    const n = c.nodes;
    const transfers = n * (n - 1);
    return {
      steps: Math.ceil(oneStageLoad(n) / c.wavelengths),
      transfers,
      blockRefs: transfers,
      holdingCells: n * n,
    };
  },
  narrate(_c, f) {
    const e = f.examples[0];
    const example = e
      ? ` For example, node ${e.from} sends its block straight to node ${e.to[0]}, ${plural(Math.abs(e.hops), 'hop')} ${e.hops > 0 ? 'clockwise' : 'counter-clockwise'}, on λ${e.channel}.`
      : '';
    return (
      `Step ${f.step} of ${f.stepCount}: ${plural(f.transfers, 'direct lightpath')}, each carrying one node's own block ` +
      `to one other node; no lightpath shares a wavelength with another on any fibre link.${example} ${heldSentence(f)}`
    );
  },
};
