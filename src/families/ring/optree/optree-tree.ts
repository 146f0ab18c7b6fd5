import { treePlan, type OptreePlan, type TreeConfig } from './optree-plan';
import type { AlgorithmTree, TreeNode } from '../../../kernel/spec';

/**
 * OpTree's m-ary tree for the tree view: the root holds every node, depth j splits by digit d_j (the
 * digit convention of optree-plan.ts), leaves are the network nodes in index order; virtual slots
 * (N not a product of the arities) are left out. Stage j works on the tree nodes at depth j: the
 * members at the same position in those sibling groups exchange.
 */
export function optreeTree(c: TreeConfig): AlgorithmTree {
  const plan = treePlan(c);
  const build = (depth: number, base: number, span: number, label: string): TreeNode | null => {
    if (depth === plan.stageCount) {
      const node = plan.nodeOfSlot[base];
      return node < 0 ? null : { label: String(node), members: [node], children: [] };
    }
    const m = plan.radices[depth];
    const child = span / m;
    const children: TreeNode[] = [];
    for (let t = 0; t < m; t++) {
      const c = build(
        depth + 1,
        base + t * child,
        child,
        depth + 1 === plan.stageCount ? '' : `${label}${t}`,
      );
      if (c) children.push(c);
    }
    if (!children.length) return null;
    return { label: label || 'all', members: children.flatMap((c) => c.members), children };
  };
  const root = build(0, 0, plan.slots, '')!;
  return {
    root,
    caption: caption(plan),
    depthOfPhase: (phase) => stageOf(phase, plan.stageCount),
  };
}

function caption(plan: OptreePlan): string {
  const virtual = plan.slots - plan.nodes;
  return (
    `A ${plan.stageCount}-stage tree with arities ${plan.radices.join(' × ')} = ${plan.slots} leaf slots` +
    (virtual ? ` (${virtual} virtual, relayed by a real node of their group)` : '') +
    '. In stage j, nodes at the same position under the level-j siblings exchange.'
  );
}

/**
 * The stage a phase name ("stage 2", as the builder names them) stands for, or null. Phases are
 * matched by name, not position: a stage whose partners are all virtual has no step and no phase.
 */
function stageOf(phase: string, stages: number): number | null {
  const m = /^stage (\d+)\b/.exec(phase);
  const j = m ? Number(m[1]) : NaN;
  return j >= 1 && j <= stages ? j : null;
}

/** The subsets of the stage a phase stands for, for the ring view's colouring. */
export function optreeGroups(c: TreeConfig, phase: string): number[][] | null {
  const plan = treePlan(c);
  const j = stageOf(phase, plan.stageCount);
  return j === null ? null : plan.subsets(j);
}
