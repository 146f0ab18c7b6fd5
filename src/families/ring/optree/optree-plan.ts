/**
 * The tree of an OpTree all-gather, independent of wavelengths: which network nodes exchange with
 * which in every stage. Pure and cheap; the app's tree view and the builder both read it.
 *
 * ## The tree and the digit convention
 *
 * Radices m_1, …, m_k (stage 1 first) describe a k-level tree with P = m_1·…·m_k leaf slots. Slot ℓ has
 * the mixed-radix digits (d_1, …, d_k), most significant first:
 *
 *     ℓ = d_1·g_1 + d_2·g_2 + … + d_k·g_k,   g_j = m_{j+1}·…·m_k  (g_k = 1),
 *
 * so d_1 says which child of the root holds the slot, d_2 which grandchild, and so on; leaf slots are
 * drawn left to right in slot order. In stage j the slots that differ only in d_j form a subset and
 * exchange everything they hold; afterwards each slot holds the blocks of all slots that differ from it
 * only in d_1 … d_j, and after stage k every slot holds everything.
 *
 * ## N that is not a product of the radices
 *
 * When P > N, P − N slots are virtual. Real nodes are spread as evenly as possible: every tree node
 * gives its children ⌈n/m⌉ or ⌊n/m⌋ of its n real nodes (the larger shares first), and inside a bottom
 * group the real slots come first. Network nodes 0 … N−1 occupy the real slots in slot order, so the
 * leaves, read left to right and skipping virtual slots, are the nodes in index order.
 *
 * A virtual slot has no block of its own, but it still relays: it is hosted by a real node of its own
 * bottom group (the group's real slots take the virtual ones in turn), which sends and receives on its
 * behalf. That keeps every stage's exchange intact, so the schedule is correct for any N. The radices
 * must satisfy P/m_k ≤ N ≤ P, so that every bottom group has at least one real node
 * (docs/models/optree.md).
 */
import { intList, num, type ParamValues } from '../../../kernel/params/schema';
import type { RingConfig } from '../ring-params';

export interface OptreePlan {
  nodes: number;
  /** Arity of each stage, stage 1 (the root's split) first. */
  radices: number[];
  stageCount: number;
  /**
   * Network node ids exchanging together in `stage` (1-based), real nodes only; every node is in
   * exactly one subset per stage (a subset may be a single node when its partners are virtual).
   */
  subsets(stage: number): number[][];
  /**
   * Tree level highlighted for `stage` (1-based): the level of the sibling tree nodes whose
   * same-position members exchange in that stage. Levels count up from the bottom: level L holds the
   * tree nodes at depth k − L + 1 below the root, so level k (= radices.length) is the root's children
   * (stage 1) and level 1 is the bottom-most tree nodes, the single network nodes under the lowest groups
   * (stage k). Stage j ↦ level k − j + 1.
   */
  levelOfStage(stage: number): number;
  /** Leaf slots in the full tree (the product of the radices). */
  slots: number;
  /** Network node in each slot, −1 for a virtual slot. */
  nodeOfSlot: Int32Array;
  /** Real node that acts for each slot (itself for a real slot, its host for a virtual one). */
  hostOfSlot: Int32Array;
  /** g_j of the digit convention, index j−1 for stage j (g_k = 1). */
  strides: number[];
}

export class PlanError extends Error {
  override name = 'PlanError';
}

/**
 * Largest depth for N nodes: k arities of 2 must leave no bottom group empty, 2^(k−1) ≤ N. At that
 * depth (for N a power of two) every bottom group is one real node and its virtual partner, so the
 * last stage is empty; it is allowed so that every depth up to ⌊log₂ N⌋ + 1 has a tree.
 */
export function maxDepth(n: number): number {
  return Math.floor(Math.log2(n) + 1e-9) + 1;
}

/** Why radices cannot serve N nodes, or null when they can. */
export function radicesProblem(n: number, radices: readonly number[]): string | null {
  if (radices.length === 0) return 'the tree needs at least one level';
  if (radices.some((m) => !Number.isInteger(m) || m < 2))
    return `every arity must be a whole number of at least 2; got ${radices.join(',')}`;
  let p = 1;
  for (const m of radices) p *= m;
  if (p < n)
    return `the arities ${radices.join(',')} give ${p} leaves, fewer than the ${n} nodes; their product must be at least N`;
  const last = radices[radices.length - 1];
  if (p / last > n)
    return (
      `the arities ${radices.join(',')} leave bottom groups without a real node: without the last arity ` +
      `their product ${p / last} must not exceed N = ${n}`
    );
  return null;
}

/**
 * Every arity multiset of depth k for N nodes, largest first: k whole numbers ≥ 2 whose product P
 * reaches N without slack (lowering any one arity by one, keeping it ≥ 2, would fall below N) and
 * leaves no bottom group empty (P/m_min ≤ N). The best-tree search tries them all.
 */
export function tightRadices(n: number, k: number): number[][] {
  if (k === 1) return [[n]];
  const out: number[][] = [];
  const cur: number[] = [];
  // Nonincreasing tuples f_1 ≥ … ≥ f_k ≥ 2; the last factor is the smallest that reaches N.
  const dfs = (prod: number, maxF: number) => {
    const left = k - cur.length;
    if (left === 1) {
      const f = Math.max(2, Math.ceil(n / prod));
      if (f > maxF) return;
      const radices = [...cur, f];
      if (isTight(n, radices) && radicesProblem(n, radices) === null) out.push(radices);
      return;
    }
    // A larger f would leave slack (the other factors are at least 2); f must still be able to stay
    // the largest of the remaining factors and reach N.
    for (let f = Math.min(maxF, Math.max(2, Math.ceil(n / (prod * 2 ** (left - 1))))); f >= 2; f--) {
      if (prod * f ** left < n) break;
      cur.push(f);
      dfs(prod * f, f);
      cur.pop();
    }
  };
  dfs(1, n);
  return out;
}

function isTight(n: number, radices: readonly number[]): boolean {
  const p = radices.reduce((a, b) => a * b, 1);
  return radices.every((m) => m === 2 || (p / m) * (m - 1) < n);
}

/**
 * Arities for a tree of depth k: of the tight multisets, the one with the smallest product (fewest
 * virtual slots), ties broken by the smallest largest arity; largest arity first, because stage 1
 * runs around the whole ring and costs about half as much per unit of arity as later stages.
 */
export function radicesForDepth(n: number, k: number): number[] {
  // The last answer is kept: narration asks for it on every step while the page plays.
  if (lastRadices?.n !== n || lastRadices.k !== k) lastRadices = { n, k, radices: searchRadices(n, k) };
  return [...lastRadices.radices];
}

let lastRadices: { n: number; k: number; radices: number[] } | null = null;

function searchRadices(n: number, k: number): number[] {
  let best: number[] | null = null;
  let bestP = Infinity;
  for (const radices of tightRadices(n, k)) {
    const p = radices.reduce((a, b) => a * b, 1);
    if (p < bestP || (p === bestP && radices[0] < best![0])) {
      best = radices;
      bestP = p;
    }
  }
  if (!best) throw new PlanError(`no tree of depth ${k} for ${n} nodes`);
  return best;
}

/** The radices a parameter set asks for: `radices` when given, else derived from `depth`. */
export function radicesOf(p: ParamValues): number[] {
  const given = intList(p, 'radices');
  return given.length > 0 ? given : radicesForDepth(num(p, 'nodes'), num(p, 'depth'));
}

/** The last plan made: narration asks for the same plan on every step while the page plays. */
let lastPlan: { key: string; plan: OptreePlan } | null = null;

/**
 * The plan for explicit radices (throws PlanError when they cannot serve N). Plans are shared
 * between callers (the last one is kept): read them, never change their arrays.
 */
export function planFor(n: number, radices: readonly number[]): OptreePlan {
  const key = `${n}:${radices.join(',')}`;
  if (lastPlan?.key !== key) lastPlan = { key, plan: makePlan(n, radices) };
  return lastPlan.plan;
}

function makePlan(n: number, radices: readonly number[]): OptreePlan {
  const problem = radicesProblem(n, radices);
  if (problem) throw new PlanError(problem);
  const k = radices.length;
  const strides = new Array<number>(k);
  let g = 1;
  for (let j = k - 1; j >= 0; j--) {
    strides[j] = g;
    g *= radices[j];
  }
  const slots = g;
  // Real nodes per tree node, level by level (balanced split, larger shares first).
  let counts = [n];
  for (let j = 0; j < k; j++) {
    const m = radices[j];
    const next: number[] = [];
    for (const c of counts) {
      const q = Math.floor(c / m);
      const r = c % m;
      for (let t = 0; t < m; t++) next.push(t < r ? q + 1 : q);
    }
    counts = next;
  }
  const nodeOfSlot = new Int32Array(slots);
  let id = 0;
  for (let s = 0; s < slots; s++) nodeOfSlot[s] = counts[s] ? id++ : -1;
  // Hosts: inside each bottom group the real slots come first and take the virtual ones in turn.
  const hostOfSlot = new Int32Array(slots);
  const mk = radices[k - 1];
  for (let base = 0; base < slots; base += mk) {
    let real = 0;
    while (real < mk && nodeOfSlot[base + real] >= 0) real++;
    for (let t = 0; t < mk; t++)
      hostOfSlot[base + t] = t < real ? nodeOfSlot[base + t] : nodeOfSlot[base + ((t - real) % real)];
  }
  const subsetsCache = new Map<number, number[][]>();
  return {
    nodes: n,
    radices: [...radices],
    stageCount: k,
    slots,
    nodeOfSlot,
    hostOfSlot,
    strides,
    levelOfStage(stage) {
      checkStage(stage, k);
      return k - stage + 1;
    },
    subsets(stage) {
      checkStage(stage, k);
      let cached = subsetsCache.get(stage);
      if (!cached) {
        cached = [];
        for (const members of slotSubsets(radices, strides, stage)) {
          const real = members.map((s) => nodeOfSlot[s]).filter((v) => v >= 0);
          if (real.length) cached.push(real);
        }
        subsetsCache.set(stage, cached);
      }
      return cached.map((s) => [...s]);
    },
  };
}

/** The plan of a parameter set (nodes plus radices or depth). */
/** OpTree's configuration: the ring's, and the tree's arities (those given, or derived from the depth). */
export interface TreeConfig extends RingConfig {
  radices: readonly number[];
}

/** The plan of a configured tree (planFor keeps the plans it made). */
export function treePlan(c: TreeConfig): OptreePlan {
  return planFor(c.nodes, c.radices);
}

export function optreePlan(params: ParamValues): OptreePlan {
  return planFor(num(params, 'nodes'), radicesOf(params));
}

function checkStage(stage: number, k: number): void {
  if (!Number.isInteger(stage) || stage < 1 || stage > k)
    throw new RangeError(`stage must be a whole number from 1 to ${k}; got ${stage}`);
}

/** Slot subsets of a stage: slots that differ only in digit j, each listed in digit order. */
export function slotSubsets(
  radices: readonly number[],
  strides: readonly number[],
  stage: number,
): number[][] {
  const j = stage - 1;
  const g = strides[j];
  const span = g * radices[j];
  let slots = 1;
  for (const m of radices) slots *= m;
  const out: number[][] = [];
  for (let base = 0; base < slots; base += span)
    for (let r = 0; r < g; r++) {
      const members: number[] = [];
      for (let t = 0; t < radices[j]; t++) members.push(base + r + t * g);
      out.push(members);
    }
  return out;
}
