import type { Topology } from '../../kernel/model/topology';
import type { TryBound } from '../../tryit/bounds';
import type { FamilyTryIt } from '../../tryit/family-try';
import { lemma1Ring, oneStageLoad } from './optree/optree-formulas';
import { ringStepSeconds } from './wdm-ring-time';

/**
 * Lemma 1 of the OpTree paper, as its cut: with no relaying, each of the ⌊N/2⌋·⌈N/2⌉ ordered pairs
 * across a cut into halves needs a lightpath over one of the two directed links out of one half.
 */
function ringDirectBound(t: Topology): TryBound {
  const n = t.nodeCount;
  const w = t.linkChannels[0];
  const half = Math.floor(n / 2);
  const load = oneStageLoad(n);
  const side = Array.from({ length: half }, (_, i) => i);
  return {
    id: 'lemma1',
    label: 'cut of the ring, if no block is relayed (Lemma 1)',
    value: Math.ceil(load / w),
    unit: 'steps',
    why: `nodes 0–${half - 1} send ${half * (n - half)} blocks straight to the other ${n - half} nodes over two links out (clockwise ${half - 1}→${half}, counter-clockwise 0→${n - 1}): ${load} lightpaths on the busier one, ${w} a step (Lemma 1: ⌈N²/8⌉ = ${lemma1Ring(n)}; for odd N the exact cut is one less). Relaying beats it.`,
    source: 'OpTree paper, Lemma 1 (ring), as a cut',
    scope: 'direct',
    argument: { vertices: side, links: [half - 1, n], count: 2 * load, perStep: 2 * w },
  };
}

/** "Try it" on a WDM ring: time by eq. 3 of the OpTree paper; an all-gather also has Lemma 1's cut. */
export const RING_TRY_IT: FamilyTryIt = {
  time: (x, s, usage) => ({ perStep: ringStepSeconds(s, usage, x.params) }),
  bounds(x, generic) {
    const out = generic();
    if (x.collective === 'allgather') out.push(ringDirectBound(x.topology));
    return out;
  },
};
