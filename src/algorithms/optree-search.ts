/**
 * The best OpTree for N nodes and w wavelengths, by exhaustive search over depths and arities,
 * measured on constructed schedules: every candidate tree is planned and its stages assigned with the
 * builder's own wavelength assignment (countOptree), so the step counts are those `optree` would build.
 *
 * Candidates: for every depth k from 1 to ⌈log₂ N⌉, every multiset of k arities ≥ 2 whose product P
 * reaches N without slack (lowering any one arity by one would fall below N) and leaves no bottom group
 * empty (P/m_min ≤ N). Each multiset is tried largest arity first (stage 1, around the whole ring, is the
 * cheapest place for a large arity; docs/models/optree.md). With every lightpath carrying one block, each
 * step costs the same under eq. 3, so the fewest steps is also the shortest time.
 */
import { theorem2Steps, lemma3Depth } from './optree-formulas';
import { maxDepth, planFor, radicesProblem } from './optree-plan';
import { countOptree } from './optree-stages';
import type { StageReport } from './ring-stages';

export interface TreeCandidate {
  radices: number[];
  steps: number;
  stages: StageReport[];
}

export interface BestTree {
  nodes: number;
  wavelengths: number;
  /** Fewest steps overall (ties: the shallower tree, then the smaller largest arity). */
  best: TreeCandidate;
  /** The best tree of each depth (depth = radices.length), shallowest first. */
  byDepth: TreeCandidate[];
  /** Trees measured. */
  candidates: number;
  /** Lemma 3's k* and Theorem 2's steps, for comparison. */
  lemma3Depth: number;
  theorem2Steps: number;
}

/** Every candidate arity multiset of depth k for N nodes, largest first. */
export function candidateRadices(n: number, k: number): number[][] {
  if (k === 1) return [[n]];
  const out: number[][] = [];
  const cur: number[] = [];
  const dfs = (prod: number, maxF: number) => {
    const left = k - cur.length;
    if (left === 1) {
      const f = Math.max(2, Math.ceil(n / prod));
      if (f > maxF) return;
      const radices = [...cur, f];
      if (isTight(n, radices) && radicesProblem(n, radices) === null) out.push(radices);
      return;
    }
    for (let f = Math.min(maxF, Math.ceil(n / (prod * 2 ** (left - 1)))); f >= 2; f--) {
      if (prod * f ** left < n) break;
      cur.push(f);
      dfs(prod * f, f);
      cur.pop();
    }
  };
  dfs(1, n);
  return out;
}

/** No slack: lowering any one arity by one (keeping it ≥ 2) makes the product fall below N. */
function isTight(n: number, radices: readonly number[]): boolean {
  const p = radices.reduce((a, b) => a * b, 1);
  return radices.every((m) => m === 2 || (p / m) * (m - 1) < n);
}

const cache = new Map<string, BestTree>();

/** The best tree for N nodes and w wavelengths (memoised: the search is deterministic). */
export function bestTree(n: number, w: number): BestTree {
  const key = `${n}/${w}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const byDepth: TreeCandidate[] = [];
  let candidates = 0;
  for (let k = 1; k <= maxDepth(n); k++) {
    let bestK: TreeCandidate | null = null;
    for (const radices of candidateRadices(n, k)) {
      const stages = countOptree(planFor(n, radices), w);
      const steps = stages.reduce((s, r) => s + r.steps, 0);
      candidates++;
      if (!bestK || steps < bestK.steps || (steps === bestK.steps && radices[0] < bestK.radices[0]))
        bestK = { radices, steps, stages };
    }
    if (bestK) byDepth.push(bestK);
  }
  let best = byDepth[0];
  for (const c of byDepth) if (c.steps < best.steps) best = c;
  const result: BestTree = {
    nodes: n,
    wavelengths: w,
    best,
    byDepth,
    candidates,
    lemma3Depth: lemma3Depth(n),
    theorem2Steps: theorem2Steps(n, w),
  };
  if (cache.size > 256) cache.clear();
  cache.set(key, result);
  return result;
}
