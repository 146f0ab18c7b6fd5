import type { AlgorithmSpec } from '../../kernel/spec';
import { oneStageCard } from './one-stage.card';
import { buildTree, loadBoundRow } from './optree/optree';
import { lemma1Ring, oneStageLoad, osmSteps } from './optree/optree-formulas';
import { planFor } from './optree/optree-plan';
import { eq3Row, type RingConfig } from './ring-params';

export const oneStage: AlgorithmSpec<RingConfig> = {
  ...oneStageCard,
  build(c) {
    const n = c.nodes;
    return buildTree('one-stage', c, planFor(n, [n]));
  },
  formulas(c, m) {
    const n = c.nodes;
    const w = c.wavelengths;
    const lemma1 = lemma1Ring(n);
    const exact = oneStageLoad(n);
    const odd = n % 2 === 1;
    const oddNote = odd
      ? `N is odd: the busiest cut carries ⌊N/2⌋·⌈N/2⌉/2 = ${exact} lightpaths per link, one fewer than Lemma 1's ⌈N²/8⌉ = ${lemma1}.`
      : undefined;
    const steps = osmSteps(n, w);
    return [
      {
        id: 'steps',
        label: 'Steps',
        tex: 'S = \\left\\lceil \\frac{N^2}{8w} \\right\\rceil',
        source: 'OpTree paper, Table 1 (OSM) and Sec. III.C',
        formula: steps,
        constructed: m.steps,
        unit: 'steps',
        paper:
          n === 1024 && w === 64
            ? { value: 128, where: 'Table 1 (N = 1024, w = 64)' }
            : n === 16 && w === 2
              ? { value: 16, where: 'Sec. III.C, motivation example' }
              : undefined,
        note:
          n === 1024 && w === 64
            ? 'Table 1 prints 128, but its own formula gives ⌈1024²/(8·64)⌉ = 2048; 128 = N/8, as if the square and w were dropped (docs/models/optree.md).'
            : m.steps < steps
              ? oddNote
              : undefined,
      },
      {
        id: 'load-bound',
        label: 'Wavelengths needed (Lemma 1)',
        tex: 'L = \\left\\lceil \\frac{N^2}{8} \\right\\rceil',
        source: 'OpTree paper, Lemma 1 (ring)',
        formula: lemma1,
        constructed: m.stages?.[0]?.wavelengthsUsed ?? NaN,
        unit: 'wavelengths',
        paper: n === 16 ? { value: 32, where: 'Sec. III.C, motivation example' } : undefined,
        note:
          oddNote ??
          'Constructed: the step-wavelength slots the assignment used on the busier fibre; it equals the link load of the routes.',
      },
      { ...loadBoundRow(m.stages, m, 'link load of the constructed routes (Lemma 1)'), id: 'step-bound' },
      eq3Row(c, steps, m, m.steps < steps ? oddNote : undefined),
    ];
  },
};
