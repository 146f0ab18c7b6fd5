import { num } from '../../kernel/params/schema';
import { lemma1Ring, oneStageLoad, osmSteps } from './optree/optree-formulas';
import { planFor } from './optree/optree-plan';
import { buildTree, loadBoundRow } from './optree/optree';
import { eq3Row, RING_PARAMS, validateRing } from './ring-params';
import { heldSentence, PAPERS, type AlgorithmSpec } from '../../kernel/spec';

/**
 * The one-stage model (OSM in the OpTree paper's Table 1): every node sends its block to every other
 * node over a lightpath of its own, the shorter way round the ring (half the antipodal pairs each way).
 * The N(N − 1) lightpaths are packed into steps of w wavelengths per fibre direction by the shared
 * assignment (wdm-assign.ts), which meets the link load — Lemma 1 — in every case tested, so the
 * schedule takes ⌈L/w⌉ steps. It is OpTree with a single level of arity N (optree-stages.ts).
 */
export const oneStage: AlgorithmSpec = {
  id: 'one-stage',
  name: 'One-stage model',
  family: 'One-stage',
  collective: 'allgather',
  topology: 'wdm-ring',
  paper: PAPERS.optree,
  summary:
    'Every node sends its block straight to every other node, each copy on a lightpath of its own along ' +
    'the shorter way round the ring. No node relays anything, but the ring needs about N²/8 wavelengths ' +
    'per fibre for that, so with w wavelengths the lightpaths are spread over ⌈N²/(8w)⌉ steps.',
  params: RING_PARAMS,
  validate: validateRing,
  estimate(p) {
    const n = num(p, 'nodes');
    const transfers = n * (n - 1);
    return {
      steps: Math.ceil(oneStageLoad(n) / num(p, 'wavelengths')),
      transfers,
      blockRefs: transfers,
      holdingCells: n * n,
    };
  },
  build(p) {
    const n = num(p, 'nodes');
    return buildTree('one-stage', p, planFor(n, [n]));
  },
  formulas(p, m) {
    const n = num(p, 'nodes');
    const w = num(p, 'wavelengths');
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
      eq3Row(p, steps, m, m.steps < steps ? oddNote : undefined),
    ];
  },
  narrate(_p, f) {
    const e = f.examples[0];
    const example = e
      ? ` For example, node ${e.from} sends its block straight to node ${e.to[0]}, ${Math.abs(e.hops)} hop${Math.abs(e.hops) === 1 ? '' : 's'} ${e.hops > 0 ? 'clockwise' : 'counter-clockwise'}, on λ${e.channel}.`
      : '';
    return (
      `Step ${f.step} of ${f.stepCount}: ${f.transfers} direct lightpaths, each carrying one node's own block ` +
      `to one other node; no lightpath shares a wavelength with another on any fibre link.${example} ${heldSentence(f)}`
    );
  },
};
