import { wdmRing } from '../../kernel/model/topology';
import { num, type ParamValues } from '../../kernel/params/schema';
import { wrhtCollectSteps, wrhtShape, wrhtSteps } from './optree/optree-formulas';
import { eq3Row, RING_PARAMS, ringAllGatherBuilder, validateRing } from './ring-params';
import { phaseReports } from './ring-stages';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../../kernel/spec';

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

interface Level {
  /** Active nodes of this level, in ring order. */
  nodes: number[];
  /** Groups as index ranges [from, to) into `nodes`, with the centre's index. */
  groups: { from: number; to: number; centre: number }[];
}

function levelsOf(n: number, w: number): Level[] {
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

/** Members per side of the widest group of a level (the relay chain's length). */
function chainLength(lv: Level): number {
  let q = 0;
  for (const g of lv.groups) q = Math.max(q, g.centre - g.from, g.to - 1 - g.centre);
  return q;
}

export function buildWrht(p: ParamValues) {
  const n = num(p, 'nodes');
  const w = num(p, 'wavelengths');
  const levels = levelsOf(n, w);
  const b = ringAllGatherBuilder('wrht', p, { singleBlock: true, transfers: wrhtTransfers(n, w) });
  // Collection, level by level up: the member at distance i from its centre uses wavelength i − 1 and
  // sends one of its blocks per step.
  const held = new Map<number, number[]>();
  for (let i = 0; i < n; i++) held.set(i, [i]);
  for (let li = 0; li < levels.length; li++) {
    const lv = levels[li];
    let steps = 0;
    for (const g of lv.groups)
      for (let i = g.from; i < g.to; i++)
        if (i !== g.centre) steps = Math.max(steps, held.get(lv.nodes[i])!.length);
    for (let t = 0; t < steps; t++) {
      b.beginStep(`collect ${li + 1}`);
      for (const g of lv.groups) {
        const c = lv.nodes[g.centre];
        for (let i = g.from; i < g.to; i++) {
          if (i === g.centre) continue;
          const x = lv.nodes[i];
          const blocks = held.get(x)!;
          if (t < blocks.length) b.addArc(x, c - x, Math.abs(i - g.centre) - 1, blocks[t]);
        }
      }
    }
    for (const g of lv.groups) {
      const all: number[] = [];
      for (let i = g.from; i < g.to; i++) all.push(...held.get(lv.nodes[i])!);
      held.set(lv.nodes[g.centre], all);
    }
  }
  // Broadcast, top level first: relay chains, batch t leaves the centre in step t.
  const batches = Math.ceil(n / w);
  for (let li = levels.length - 1; li >= 0; li--) {
    const lv = levels[li];
    const steps = batches + chainLength(lv) - 1;
    for (let t = 1; t <= steps; t++) {
      b.beginStep(`broadcast ${li + 1}`);
      for (const g of lv.groups)
        for (const side of [1, -1] as const) {
          const last = side > 0 ? g.to - 1 - g.centre : g.centre - g.from;
          // The member at distance i (the centre is 0) forwards batch t − i to the next one out.
          for (let i = 0; i < last; i++) {
            const batch = t - i;
            if (batch < 1 || batch > batches) continue;
            const from = lv.nodes[g.centre + side * i];
            const to = lv.nodes[g.centre + side * (i + 1)];
            for (let k = 0; k < w && (batch - 1) * w + k < n; k++)
              b.addArc(from, to - from, k, (batch - 1) * w + k);
          }
        }
    }
  }
  const schedule = b.finish();
  const stages = phaseReports(schedule, w, (phase) => {
    const [kind, level] = phase.split(' ');
    return kind === 'collect'
      ? `collection, level ${level}: members send their blocks to the group centre, one wavelength each`
      : `broadcast, level ${level}: the centre streams all blocks down relay chains, w per step`;
  });
  return { topology: wdmRing(n, w), schedule, stages };
}

/** Transfers of the WRHT schedule, counted from its level structure. */
export function wrhtTransfers(n: number, w: number): number {
  let total = 0;
  for (const lv of levelsOf(n, w))
    total += n /* collection: each block once per level at most */ + (lv.nodes.length - lv.groups.length) * n;
  return total;
}

export const wrht: AlgorithmSpec = {
  id: 'wrht',
  name: 'WRHT all-gather',
  family: 'WRHT',
  collective: 'allgather',
  topology: 'wdm-ring',
  paper: PAPERS.optree,
  summary:
    'Groups of 2w + 1 neighbouring nodes send everything to their middle node, each member on a wavelength ' +
    'of its own; the middle nodes form the next level’s groups, until one node holds all blocks. Then the ' +
    'blocks flow back down, w at a time, relayed from member to member. Each level up carries more data per ' +
    'member, so the upper levels take many steps.',
  params: RING_PARAMS,
  validate: validateRing,
  estimate(p) {
    const n = num(p, 'nodes');
    const w = num(p, 'wavelengths');
    const transfers = wrhtTransfers(n, w);
    return { steps: wrhtSteps(n, w), transfers, blockRefs: transfers, holdingCells: n * n };
  },
  build(p) {
    return buildWrht(p);
  },
  formulas(p, m) {
    const n = num(p, 'nodes');
    const w = num(p, 'wavelengths');
    const { group, levels } = wrhtShape(n, w);
    const table = wrhtSteps(n, w, 'table');
    const collected = m.stages
      ?.filter((s) => s.label.startsWith('collection'))
      .reduce((a, s) => a + s.steps, 0);
    const printedCollect = wrhtCollectSteps(n, w);
    const printedBroadcast = (levels - 1) * group ** (levels - 1);
    const collectPart =
      collected === undefined
        ? ''
        : collected === printedCollect
          ? `Collection ${collected} steps, as printed; `
          : `Collection ${collected} steps (the printed ${printedCollect} assumes full groups); `;
    const note =
      `m̄ = ${group}, θ = ${levels}. ${collectPart}broadcast ${collected === undefined ? '?' : m.steps - collected} ` +
      `steps by our relay reconstruction (⌈N/w⌉ + chain length − 1 per level) where the table counts ` +
      `(θ − 1)·m̄^(θ−1) = ${printedBroadcast}, which unicast lightpaths from the centre alone cannot reach (docs/models/wrht.md).`;
    return [
      {
        id: 'steps',
        label: 'Steps',
        tex: '1 + \\left\\lceil \\frac{\\bar m^{\\theta} - \\bar m}{\\bar m - 1} \\right\\rceil + (\\theta - 1)\\,\\bar m^{\\theta - 1}',
        source: 'OpTree paper, Table 1 (WRHT)',
        formula: table,
        constructed: m.steps,
        unit: 'steps',
        paper: n === 1024 && w === 64 ? { value: 259, where: 'Table 1 (N = 1024, w = 64)' } : undefined,
        note: m.steps !== table ? note : undefined,
      },
      {
        id: 'steps-alternative',
        label: 'Steps (the text’s other variant)',
        tex: '1 + \\left\\lceil \\frac{\\bar m(\\bar m^{\\theta - 1} - 1)}{\\bar m - 1} \\right\\rceil + \\theta\\,\\bar m^{\\theta - 1}',
        source: 'OpTree paper, Sec. IV.A.2 (WRHT text)',
        formula: wrhtSteps(n, w, 'alternative'),
        constructed: m.steps,
        unit: 'steps',
      },
      {
        id: 'collect-steps',
        label: 'Collection steps',
        tex: '1 + \\left\\lceil \\frac{\\bar m(\\bar m^{\\theta - 1} - 1)}{\\bar m - 1} \\right\\rceil',
        source: 'OpTree paper, Sec. IV.A.2 (WRHT text)',
        formula: wrhtCollectSteps(n, w),
        constructed: collected ?? NaN,
        unit: 'steps',
        note:
          collected !== undefined && collected !== wrhtCollectSteps(n, w)
            ? 'The printed count assumes full groups; with fewer nodes the upper levels hold fewer blocks.'
            : undefined,
      },
      eq3Row(p, table, m, m.steps !== table ? note : undefined),
    ];
  },
  narrate(_p, f) {
    const e = f.examples[0];
    const example = e
      ? ` For example, node ${e.from} sends block ${e.blocks[0]} to node ${e.to[0]} on λ${e.channel}.`
      : '';
    const what = f.phase.startsWith('collect')
      ? `Collection (${f.phase}): members send the blocks they hold to their group’s middle node, one block per lightpath`
      : `Broadcast (${f.phase}): middle nodes stream all blocks to their groups, each member relaying the previous batch outwards`;
    return `${what}; ${f.transfers} lightpaths.${example} ${heldSentence(f)}`;
  },
};
