/**
 * The best OpTree for N nodes and w wavelengths, by exhaustive search over depths and arities,
 * measured on constructed schedules: every candidate tree is planned and its stages assigned with the
 * builder's own wavelength assignment (countOptree), so the step counts are those `optree` would build.
 *
 * Candidates: for every depth k from 1 to ⌊log₂ N⌋ + 1, the arity multisets of `tightRadices`: k
 * arities ≥ 2 whose product P reaches N without slack and leaves no bottom group empty (P/m_min ≤ N).
 * Each multiset is tried largest arity first (stage 1, around the whole ring, is the cheapest place for
 * a large arity; docs/models/optree.md). With every lightpath carrying one block, each
 * step costs the same under eq. 3, so the fewest steps is also the shortest time.
 */
import { lemma3Depth, osmSteps, theorem1Steps, theorem2Steps } from './optree-formulas';
import { maxDepth, planFor, tightRadices } from './optree-plan';
import { AssignmentMemo, countOptree } from './optree-stages';
import type { StageReport } from '../../../kernel/spec';

export interface TreeCandidate {
  radices: number[];
  steps: number;
  stages: StageReport[];
  /** Theorem 1 (eq. 1) at this tree's depth (Table 1's one-stage count for depth 1), for comparison. */
  theorem1Steps: number;
}

export interface BestTree {
  nodes: number;
  wavelengths: number;
  /** Fewest steps overall (ties: the shallower tree, then the smaller largest arity). */
  best: TreeCandidate;
  /**
   * The best measured tree of each depth (depth = radices.length), shallowest first; a depth all of
   * whose trees were provably worse than the overall best is absent.
   */
  byDepth: TreeCandidate[];
  /** Trees in the search space, and how many were built (the rest were bounded out). */
  candidates: number;
  measured: number;
  /** Lemma 3's k* and Theorem 2's steps, for comparison. */
  lemma3Depth: number;
  theorem2Steps: number;
}

/**
 * A lower bound on the steps of the tree `optree` builds for these arities, in O(k), used to skip
 * candidates that cannot win. Per stage, take the smallest tree node the stage splits (⌊N/M⌋ real
 * nodes, M = the product of the earlier arities) and cut it between its first ⌊m/2⌋ children and the
 * rest. Every subset's real members on one side send each real block they hold to those on the other;
 * by the balanced layout each of them holds M real blocks. In stage 1 those lightpaths cross the cut
 * on two links (one per direction) of the ring; in later stages they all run the same way along the
 * segment through one link. Virtual slots only add lightpaths, and a link's load needs that many
 * step-wavelength slots, so Σ ⌈cut / w⌉ never exceeds the constructed steps (it equals them when the
 * arities multiply to N and the assignment meets the load).
 */
export function stepLowerBound(n: number, w: number, radices: readonly number[]): number {
  let total = 0;
  let held = 1;
  for (let j = 0; j < radices.length; j++) {
    const m = radices[j];
    const c = Math.floor(n / held);
    const q = Math.floor(c / m);
    const rem = c % m;
    let cut = 0;
    for (const h of [Math.floor(m / 2), Math.ceil(m / 2)]) {
      // Offsets real in every child give h(m − h) pairs; the one extra offset is real in the first rem.
      const pairs = q * h * (m - h) + Math.min(h, rem) * Math.max(0, rem - h);
      cut = Math.max(cut, j === 0 ? Math.ceil(pairs / 2) : held * pairs);
    }
    total += Math.ceil(cut / w);
    held *= m;
  }
  return total;
}

/** The per-stage estimate used only to order the search (eq. 1's stage costs, one arity per stage). */
function estimate(n: number, w: number, radices: readonly number[]): number {
  return radices.reduce((s, m, j) => s + Math.ceil((n * m) / ((j === 0 ? 8 : 4) * w)), 0);
}

/** Largest N the formula rows search (N = 4096 takes about 2–3 s in Node). */
export const BEST_TREE_MAX_NODES = 8192;

const cache = new Map<string, BestTree>();
const cacheKey = (n: number, w: number) => `${n}/${w}`;

/** The best tree for N and w if it has been searched for already in this process, else undefined. */
export function knownBestTree(n: number, w: number): BestTree | undefined {
  return cache.get(cacheKey(n, w));
}

/**
 * The best tree for N nodes and w wavelengths (memoised: the search is deterministic). Candidates are
 * measured in order of eq. 1's estimate; one whose lower bound (stepLowerBound) already
 * exceeds the best measured so far cannot win and is skipped, so the result is still the exact optimum
 * over all candidates.
 */
export function bestTree(n: number, w: number): BestTree {
  const search = bestTreeSearch(n, w);
  for (;;) {
    const r = search.next();
    if (r.done) return r.value;
  }
}

/**
 * The same search one tree at a time: it yields after each tree it builds (a few ms each) and
 * returns the result, memoised as by bestTree. The app's worker runs it in slices, so that a newer
 * request never waits for a search whose answer is no longer wanted.
 */
export function* bestTreeSearch(n: number, w: number): Generator<void, BestTree, void> {
  const hit = knownBestTree(n, w);
  if (hit) return hit;
  const all: number[][] = [];
  for (let k = 1; k <= maxDepth(n); k++) all.push(...tightRadices(n, k));
  const est = new Map(all.map((r) => [r, estimate(n, w, r)]));
  all.sort((a, b) => est.get(a)! - est.get(b)! || a.length - b.length);
  const byDepthMap = new Map<number, TreeCandidate>();
  let best: TreeCandidate | null = null;
  let measured = 0;
  const memo = new AssignmentMemo();
  for (const radices of all) {
    if (best && stepLowerBound(n, w, radices) > best.steps) continue;
    const stages = countOptree(planFor(n, radices), w, memo);
    const steps = stages.reduce((s, r) => s + r.steps, 0);
    measured++;
    const k = radices.length;
    const c = { radices, steps, stages, theorem1Steps: k >= 2 ? theorem1Steps(n, w, k) : osmSteps(n, w) };
    const d = byDepthMap.get(radices.length);
    if (!d || better(c, d)) byDepthMap.set(radices.length, c);
    if (!best || better(c, best)) best = c;
    yield;
  }
  const result: BestTree = {
    nodes: n,
    wavelengths: w,
    best: best!,
    byDepth: [...byDepthMap.values()].sort((a, b) => a.radices.length - b.radices.length),
    candidates: all.length,
    measured,
    lemma3Depth: lemma3Depth(n),
    theorem2Steps: theorem2Steps(n, w),
  };
  if (cache.size > 256) cache.clear();
  cache.set(cacheKey(n, w), result);
  return result;
}

/** Fewer steps; ties: the shallower tree, then the smaller largest arity. */
function better(a: TreeCandidate, b: TreeCandidate): boolean {
  return (
    a.steps < b.steps ||
    (a.steps === b.steps &&
      (a.radices.length < b.radices.length ||
        (a.radices.length === b.radices.length && a.radices[0] < b.radices[0])))
  );
}
