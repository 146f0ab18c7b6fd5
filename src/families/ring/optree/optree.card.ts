import { parseChecked } from '../../../kernel/config';
import {
  intList,
  num,
  type ParamDef,
  type ParamIssue,
  type ParamValues,
} from '../../../kernel/params/schema';
import { heldSentence, type AlgorithmCard } from '../../../kernel/spec';
import { RING_ALLGATHER, RING_PARAMS, readRing, ringIssues } from '../ring-params';
import {
  maxDepth,
  radicesOf,
  radicesProblem,
  treePlan,
  type OptreePlan,
  type TreeConfig,
} from './optree-plan';
import { optreeGroups, optreeTree } from './optree-tree';
import { plural } from '../../../kernel/util/units';

export const DEPTH_PARAM: ParamDef = {
  key: 'depth',
  label: 'Tree depth k',
  kind: 'int',
  min: 1,
  max: 17,
  default: 2,
  group: 'algorithm',
  help:
    'Stages of the tree (k = 1 is the one-stage model). Used only when no arities are given: the arities ' +
    'are then the k whole numbers whose product reaches N with the fewest spare leaves.',
};

export const RADICES_PARAM: ParamDef = {
  key: 'radices',
  label: 'Arities (stage 1 first)',
  kind: 'int-list',
  min: 2,
  max: 65_536,
  minLength: 0,
  maxLength: 16,
  default: '',
  group: 'algorithm',
  help:
    'Arity of each tree level, stage 1 (the root’s split) first, e.g. 4,4,4. Their product must reach N. ' +
    'When given, they decide the depth and --depth is ignored; empty: derived from the depth.',
};

export const OPTREE_PARAMS: readonly ParamDef[] = [
  ...RING_PARAMS.slice(0, 2),
  DEPTH_PARAM,
  RADICES_PARAM,
  ...RING_PARAMS.slice(2),
];

/** Why the tree parameters cannot work, as parameter issues (empty when they can). */
function treeIssues(p: ParamValues): ParamIssue[] {
  const issues = ringIssues(p);
  const n = num(p, 'nodes');
  const given = intList(p, 'radices');
  if (given.length > 0) {
    const problem = radicesProblem(n, given);
    if (problem) issues.push({ key: 'radices', message: `Arities (radices): ${problem}` });
  } else if (num(p, 'depth') > maxDepth(n)) {
    issues.push({
      key: 'depth',
      message: `Tree depth k (depth) must be from 1 to ${maxDepth(n)} for ${n} nodes (every level needs an arity of at least 2); got ${num(p, 'depth')}`,
    });
  }
  return issues;
}

/**
 * OpTree's `parse`: every parameter checked against its bounds (OPTREE_PARAMS), then the rules
 * across them (arities that serve N, a depth N allows, a flit that divides a packet), then the ring's
 * configuration and the tree's arities read.
 */
export function parseTree(p: ParamValues): TreeConfig {
  // The rules first: deriving arities from a depth N does not allow would throw.
  parseChecked(OPTREE_PARAMS, p, () => p, treeIssues);
  return { ...readRing(p), radices: radicesOf(p) };
}

/** Lightpaths of a plan's schedule, counted without building it (for the size check). */
export function lightpathCount(plan: OptreePlan): number {
  // Every slot sends the M_j blocks it holds to m_j − 1 partners: an upper bound in O(k), exact when
  // every slot is real, and used as it is when counting would itself be a long job (such trees exceed
  // every size limit anyway).
  let bound = 0;
  let held = 1;
  for (const m of plan.radices) {
    bound += plan.slots * (m - 1) * held;
    held *= m;
  }
  // Without virtual slots nobody relays for anybody and the bound is exact.
  if (plan.slots === plan.nodes || plan.slots * Math.max(...plan.radices) > 50_000_000) return bound;
  let total = 0;
  const targeted = new Int32Array(plan.nodes);
  for (let j = 0; j < plan.stageCount; j++) {
    const m = plan.radices[j];
    const g = plan.strides[j];
    const parent = j === 0 ? plan.slots : plan.strides[j - 1];
    // Real blocks per residue class held in stage j + 1.
    const held = new Int32Array(parent);
    for (let s = 0; s < plan.slots; s++) if (plan.nodeOfSlot[s] >= 0) held[s % parent]++;
    for (let base = 0; base < plan.slots; base += g * m)
      for (let r = 0; r < g; r++)
        for (let ta = 0; ta < m; ta++) {
          const a = base + r + ta * g;
          const k = held[a % parent];
          if (k === 0) continue;
          const pa = plan.hostOfSlot[a];
          const stamp = j * plan.slots + a + 1;
          for (let tb = 0; tb < m; tb++) {
            const pb = plan.hostOfSlot[base + r + tb * g];
            if (tb === ta || pb === pa || targeted[pb] === stamp) continue;
            targeted[pb] = stamp;
            total += k;
          }
        }
  }
  return total;
}

export const optreeCard: AlgorithmCard<TreeConfig> = {
  id: 'optree',
  name: 'OpTree',
  family: 'OpTree',
  ...RING_ALLGATHER,
  summary:
    'The nodes are the leaves of an m-ary tree with one level per stage. In stage 1 the nodes at the same ' +
    'position in the root’s sibling groups exchange their blocks directly, each over its own lightpath; in ' +
    'each later stage the groups split again and the same-position nodes exchange everything they have ' +
    'gathered so far. Deeper trees need fewer wavelengths per stage but more stages.',
  params: OPTREE_PARAMS,
  parse: parseTree,
  estimate(c) {
    const n = c.nodes;
    const transfers = lightpathCount(treePlan(c));
    // Steps: at least the lightpaths over the 2N·w (link, wavelength) cells, a lower estimate.
    return {
      steps: Math.ceil(transfers / (2 * n * c.wavelengths)),
      transfers,
      blockRefs: transfers,
      holdingCells: n * n,
    };
  },
  tree: optreeTree,
  groupsOf: optreeGroups,
  narrate(c, f) {
    const plan = treePlan(c);
    const stage = Number(/stage (\d+)/.exec(f.phase)?.[1] ?? 1);
    const m = plan.radices[stage - 1];
    const held = stage === 1 ? 1 : plan.radices.slice(0, stage - 1).reduce((a, b) => a * b, 1);
    const e = f.examples[0];
    const example = e
      ? ` For example, node ${e.from} sends block ${e.blocks[0]} to node ${e.to[0]} on λ${e.channel}.`
      : '';
    const what =
      stage === 1
        ? `nodes at the same position in the root’s ${m} groups exchange their own blocks`
        : `nodes at the same position in sibling groups of ${m} exchange the ${held} blocks each gathered so far`;
    return (
      `Stage ${stage} of ${plan.stageCount}: ${what}, one lightpath per block; ${plural(f.transfers, 'lightpath')} on up ` +
      `to ${plural(f.channelsUsed, 'wavelength')} in this step.${example} ${heldSentence(f)}`
    );
  },
};
