import { heldSentence, type AlgorithmCard } from '../../kernel/spec';
import { wrhtSteps } from './optree/optree-formulas';
import { RING_ALLGATHER, RING_PARAMS, parseRing, type RingConfig } from './ring-params';
import { plural } from '../../kernel/util/units';

/**
 * WRHT all-gather on the WDM ring, reconstructed (docs/models/wrht.md). The OpTree paper extends the
 * WRHT all-reduce to all-gather by keeping its routing and dropping the reduction, and gives only the
 * step count (Table 1). Our reading:
 *
 * - Levels. The nodes are cut into consecutive groups of m̄ = 2w + 1 (the last may be shorter); each
 *   group's middle node is its centre, with up to w members on each side. The centres form the next
 *   level's nodes, grouped the same way, until one node (the root) is left: θ = ⌈log_m̄ N⌉ levels.
 * - Collection, level by level up: every member sends each block it holds to its centre over its own
 *   lightpath, one block per step (the left members clockwise, the right ones counter-clockwise, the
 *   member at distance i on wavelength i − 1, as WRHT's routing does). A member of
 *   level ℓ holds up to m̄^(ℓ−1) blocks, so this part takes 1 + m̄ + … + m̄^(θ−1) steps, as printed.
 * - Broadcast, level by level down: each centre, now holding all N blocks, streams them to its group
 *   w at a time (one per wavelength) through a relay chain — the nearest member on each side passes each
 *   batch on to the next one a step later — so a level takes ⌈N/w⌉ + (members per side − 1) steps. The
 *   paper's broadcast term, (θ − 1)·m̄^(θ−1), cannot be met with unicast lightpaths from the centre alone
 *   (a member next to the centre would need N − 1 of them through one link); the relay is our choice,
 *   and the constructed count is shown beside the printed one.
 */

export interface Level {
  /** Active nodes of this level, in ring order. */
  nodes: number[];
  /** Groups as index ranges [from, to) into `nodes`, with the centre's index. */
  groups: { from: number; to: number; centre: number }[];
}

export function levelsOf(n: number, w: number): Level[] {
  const size = 2 * w + 1;
  const levels: Level[] = [];
  let nodes = Array.from({ length: n }, (_, i) => i);
  while (nodes.length > 1) {
    const groups: Level['groups'] = [];
    for (let from = 0; from < nodes.length; from += size) {
      const to = Math.min(nodes.length, from + size);
      groups.push({ from, to, centre: from + Math.floor((to - from - 1) / 2) });
    }
    levels.push({ nodes, groups });
    nodes = groups.map((g) => nodes[g.centre]);
  }
  return levels;
}

/** Transfers of the WRHT schedule, counted from its level structure. */
export function wrhtTransfers(n: number, w: number): number {
  let total = 0;
  for (const lv of levelsOf(n, w))
    total += n /* collection: each block once per level at most */ + (lv.nodes.length - lv.groups.length) * n;
  return total;
}

export const wrhtCard: AlgorithmCard<RingConfig> = {
  id: 'wrht',
  name: 'WRHT all-gather',
  family: 'WRHT',
  ...RING_ALLGATHER,
  summary:
    'Groups of 2w + 1 neighbouring nodes send everything to their middle node, each member on a wavelength ' +
    'of its own; the middle nodes form the next level’s groups, until one node holds all blocks. Then the ' +
    'blocks flow back down, w at a time, relayed from member to member. Each level up carries more data per ' +
    'member, so the upper levels take many steps.',
  params: RING_PARAMS,
  parse: parseRing,
  estimate(c) {
    const n = c.nodes;
    const w = c.wavelengths;
    const transfers = wrhtTransfers(n, w);
    return { steps: wrhtSteps(n, w), transfers, blockRefs: transfers, holdingCells: n * n };
  },
  narrate(_c, f) {
    const e = f.examples[0];
    const example = e
      ? ` For example, node ${e.from} sends block ${e.blocks[0]} to node ${e.to[0]} on λ${e.channel}.`
      : '';
    const what = f.phase.startsWith('collect')
      ? `Collection (${f.phase}): members send the blocks they hold to their group’s middle node, one block per lightpath`
      : `Broadcast (${f.phase}): middle nodes stream all blocks to their groups, each member relaying the previous batch outwards`;
    return `${what}; ${plural(f.transfers, 'lightpath')}.${example} ${heldSentence(f)}`;
  },
};
