import { wdmRing } from '../../kernel/model/topology';
import type { AlgorithmSpec } from '../../kernel/spec';
import { wrhtCollectSteps, wrhtShape, wrhtSteps } from './optree/optree-formulas';
import { eq3Row, type RingConfig } from './ring-params';
import { ringAllGatherBuilder } from './ring-builder';
import { phaseReports } from './ring-stages';
import { levelsOf, wrhtCard, wrhtTransfers, type Level } from './wrht.card';

/** Members per side of the widest group of a level (the relay chain's length). */
function chainLength(lv: Level): number {
  let q = 0;
  for (const g of lv.groups) q = Math.max(q, g.centre - g.from, g.to - 1 - g.centre);
  return q;
}

export function buildWrht(c: RingConfig) {
  const n = c.nodes;
  const w = c.wavelengths;
  const levels = levelsOf(n, w);
  const b = ringAllGatherBuilder('wrht', c, { singleBlock: true, transfers: wrhtTransfers(n, w) });
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
export const wrht: AlgorithmSpec<RingConfig> = {
  ...wrhtCard,
  build(c) {
    return buildWrht(c);
  },
  formulas(c, m) {
    const n = c.nodes;
    const w = c.wavelengths;
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
      eq3Row(c, table, m, m.steps !== table ? note : undefined),
    ];
  },
};
