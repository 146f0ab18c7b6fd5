import { wdmRing } from '../../../kernel/model/topology';
import type { AlgorithmSpec, FormulaOptions, FormulaRow, Measured } from '../../../kernel/spec';
import { eq3Row, type RingConfig } from '../ring-params';
import { ringAllGatherBuilder } from '../ring-builder';
import { emitStages } from '../ring-stages';
import { type StageReport } from '../../../kernel/spec';
import {
  lemma3Continuous,
  lemma3Depth,
  lemma3DepthRounded,
  osmSteps,
  proofStageSteps,
  theorem1Steps,
  theorem2Steps,
} from './optree-formulas';
import { treePlan, type OptreePlan, type TreeConfig } from './optree-plan';
import { BEST_TREE_MAX_NODES, bestTree, bestTreeSearch, knownBestTree, type BestTree } from './optree-search';
import { assignedStages } from './optree-stages';
import { lightpathCount, optreeCard } from './optree.card';
import { plural } from '../../../kernel/util/units';

/** The plan's schedule: every stage assigned and emitted in order. */
export function buildTree(algorithm: string, c: RingConfig, plan: OptreePlan) {
  const n = plan.nodes;
  const w = c.wavelengths;
  const b = ringAllGatherBuilder(algorithm, c, { singleBlock: true, transfers: lightpathCount(plan) });
  const stages = emitStages(b, w, assignedStages(plan));
  return { topology: wdmRing(n, w), schedule: b.finish(), stages };
}

function treeVariant(plan: OptreePlan): string | undefined {
  if (plan.slots === plan.nodes) return undefined;
  const spare = plan.slots - plan.nodes;
  return `N = ${plan.nodes} on arities ${plan.radices.join(',')} (${plan.slots} leaf slots): ${plural(spare, 'virtual slot')} relayed by real nodes of their bottom groups`;
}

const fmtList = (xs: readonly number[]) => xs.join(', ');

/** Steps of the cheapest possible assignment of the constructed routes: Σ ⌈L_j / w⌉. */
export function loadBoundRow(
  stages: readonly StageReport[] | undefined,
  m: Measured,
  source: string,
): FormulaRow {
  const bound = stages ? stages.reduce((s, r) => s + r.stepBound, 0) : NaN;
  const off = stages?.filter((r) => r.ratio > 1) ?? [];
  return {
    id: 'load-bound',
    label: 'Steps at the link-load bound',
    tex: '\\sum_j \\left\\lceil \\frac{L_j}{w} \\right\\rceil',
    source,
    formula: bound,
    constructed: m.steps,
    unit: 'steps',
    note:
      off.length > 0
        ? `The assignment exceeds the load bound in stage ${off.map((r) => `${r.stage} (ratio ${r.ratio.toFixed(3)})`).join(', ')}.`
        : 'L_j: the most lightpaths of stage j on one directed link of the constructed routes; the assignment meets it in every stage.',
  };
}

/** Formula rows shared by OpTree at any depth: Theorem 1, its proof's stage sum, Lemma 3, Theorem 2. */
export function optreeRows(
  c: RingConfig,
  m: Measured,
  radices: readonly number[],
  options: FormulaOptions = {},
): FormulaRow[] {
  const n = c.nodes;
  const w = c.wavelengths;
  const k = radices.length;
  const exact = radices.every((r) => r === radices[0]) && radices[0] ** k === n;
  const t1 = k >= 2 ? theorem1Steps(n, w, k) : osmSteps(n, w);
  const proof = proofStageSteps(n, w, radices);
  // The search is exhaustive; beyond BEST_TREE_MAX_NODES it would take too long for a formula panel.
  // A quick call leaves it for later unless it has run already (its rows are then pending).
  const best: BestTree | null | 'pending' =
    n > BEST_TREE_MAX_NODES ? null : options.quick ? (knownBestTree(n, w) ?? 'pending') : bestTree(n, w);
  const skipped = `The best-tree search runs for N ≤ ${BEST_TREE_MAX_NODES} only.`;
  const kStar = lemma3Depth(n);
  const kRound = lemma3DepthRounded(n);
  const atTable1 = n === 1024 && w === 64;
  const stepsNote =
    k === 1
      ? 'Theorem 1 needs k ≥ 2; for k = 1 the row shows the one-stage count of Table 1, ⌈N²/(8w)⌉.'
      : m.steps !== t1
        ? exact
          ? 'Eq. 1 drops the ceilings of the per-stage counts and uses the unrounded load; the construction rounds each stage up to whole steps.'
          : `Eq. 1 assumes k equal arities N^(1/k) = ${(n ** (1 / k)).toFixed(3)}; these arities are ${fmtList(radices)}, so the constructed stages differ.`
        : undefined;
  const pending = best === 'pending';
  const found = pending ? null : best;
  const bestDepth = found ? found.best.radices.length : NaN;
  const searching = 'Searching every tree for the fewest steps; the value follows when the search is done.';
  return [
    {
      id: 'steps',
      label: 'Steps (Theorem 1)',
      tex: 'S = \\left\\lceil \\frac{(2k-1)\\,N^{1+1/k}}{8w} \\right\\rceil',
      source: 'OpTree paper, Theorem 1 (eq. 1)',
      formula: t1,
      constructed: m.steps,
      unit: 'steps',
      note: stepsNote,
    },
    {
      id: 'theorem1-proof-steps',
      label: 'Steps (stage sum in the proof of Theorem 1)',
      tex: '\\left\\lceil \\tfrac{m_1^2}{8w} \\right\\rceil \\left\\lceil \\tfrac{N}{m_1} \\right\\rceil + \\sum_{j \\ge 2} \\left\\lceil \\tfrac{m_j^2}{4w} \\right\\rceil \\left\\lceil \\tfrac{N}{m_j} \\right\\rceil',
      source: 'OpTree paper, proof of Theorem 1 (one arity per stage)',
      formula: proof.reduce((a, b) => a + b, 0),
      constructed: m.steps,
      unit: 'steps',
      note:
        `Per stage: ${fmtList(proof)}. The proof rounds m²/(8w) and m²/(4w) up before multiplying by N/m, ` +
        'so a stage that needs only a fraction of the wavelengths is charged N/m whole steps; eq. 1 drops these ceilings.',
    },
    loadBoundRow(m.stages, m, 'link load of each constructed stage (Lemma 1 per stage)'),
    {
      id: 'optimal-depth',
      label: 'Optimal depth k*',
      tex: 'k^* = \\left\\lceil \\frac{\\ln N + \\sqrt{\\ln N\\,(\\ln N - 2)}}{2} \\right\\rceil',
      source: 'OpTree paper, Lemma 3 (eq. 2)',
      formula: kStar,
      constructed: bestDepth,
      unit: 'stages',
      note:
        `Continuous optimum ${lemma3Continuous(n).toFixed(3)}; ceiling (as printed) ${kStar}, nearest whole number ` +
        `(the text's "rounding") ${kRound}. Constructed: the depth of the fewest-step tree found by exhaustive ` +
        (found
          ? `search over depths and arities (${fmtList(found.best.radices)}, ${found.best.steps} steps; ${found.measured} of ${found.candidates} trees built, the rest bounded out).`
          : `search over depths and arities. ${pending ? searching : skipped}`),
      ...(pending ? { pending } : {}),
    },
    {
      id: 'theorem2-steps',
      label: 'Optimal steps (Theorem 2)',
      tex: 'S^* = \\left\\lceil \\frac{(2k^*-1)\\,N^{1+1/k^*}}{8w} \\right\\rceil',
      source: 'OpTree paper, Theorem 2 and Table 1',
      formula: theorem2Steps(n, w),
      constructed: found ? found.best.steps : NaN,
      unit: 'steps',
      paper: atTable1 ? { value: 70, where: 'Table 1 (N = 1024, w = 64, k* = 7)' } : undefined,
      note: found
        ? `Constructed: the best tree of the exhaustive search (arities ${fmtList(found.best.radices)}).`
        : pending
          ? searching
          : skipped,
      ...(pending ? { pending } : {}),
      ...(found && found.best.radices.join(',') !== radices.join(',')
        ? {
            suggest: {
              label: `Use the best tree (${fmtList(found.best.radices)})`,
              params: { radices: found.best.radices.join(',') },
            },
          }
        : {}),
    },
    eq3Row(c, t1, m),
  ];
}
export const optree: AlgorithmSpec<TreeConfig> = {
  ...optreeCard,
  build(c) {
    const plan = treePlan(c);
    return { ...buildTree('optree', c, plan), variant: treeVariant(plan) };
  },
  formulas(c, m, options) {
    return optreeRows(c, m, c.radices, options);
  },
  *formulaWork(c) {
    const n = c.nodes;
    if (n <= BEST_TREE_MAX_NODES) yield* bestTreeSearch(n, c.wavelengths);
  },
};
