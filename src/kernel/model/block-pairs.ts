import { indexArray } from './columns';
import type { ListedBlocks, PairBlocks } from './schedule';

/**
 * Personalised blocks named by (source, destination) pairs, and transfers that carry a rectangle of
 * them. Among P nodes the block from s to d (s ≠ d) is number s·(P−1) + d − [d > s]: row s of the
 * source × destination matrix without its diagonal.
 *
 * A pair transfer carries the blocks (s, d) for s = sFirst … sFirst + sCount − 1 and
 * d = dFirst + j·dStep, j = 0 … dCount − 1: a strided rectangle of the matrix. A multi-scatter step
 * on 4096 processors moves 14.7 million blocks in 28,672 such rectangles, so a schedule keeps five
 * numbers per transfer instead of a list of 512 block ids (see docs/architecture.md, Block pairs).
 */
export interface PairGrid {
  /** Nodes P of the pair numbering (the blocks are the P(P−1) pairs). */
  nodes: number;
  sFirst: Uint32Array;
  sCount: Uint32Array;
  dFirst: Uint32Array;
  dStep: Uint32Array;
  dCount: Uint32Array;
}

/** One transfer's rectangle. */
export interface PairRect {
  sFirst: number;
  sCount: number;
  dFirst: number;
  dStep: number;
  dCount: number;
}

/** Block id of the pair (s, d), s ≠ d, among p nodes. */
export function pairBlock(p: number, s: number, d: number): number {
  return s * (p - 1) + (d < s ? d : d - 1);
}

/** Source of block b among p nodes. */
export function pairSource(p: number, b: number): number {
  return Math.floor(b / (p - 1));
}

/** Destination of block b among p nodes. */
export function pairDestination(p: number, b: number): number {
  const s = Math.floor(b / (p - 1));
  const r = b - s * (p - 1);
  return r < s ? r : r + 1;
}

/** Blocks transfer t carries. */
export function rectSize(g: PairGrid, t: number): number {
  return g.sCount[t] * g.dCount[t];
}

/** Whether transfer t carries the pair (s, d). */
export function rectHas(g: PairGrid, t: number, s: number, d: number): boolean {
  const s0 = g.sFirst[t];
  return s >= s0 && s < s0 + g.sCount[t] && rectHasDestination(g, t, d);
}

/** Whether d is one of the destinations of transfer t's rectangle. */
export function rectHasDestination(g: PairGrid, t: number, d: number): boolean {
  const off = d - g.dFirst[t];
  if (off < 0) return false;
  const step = g.dStep[t];
  return off % step === 0 && off / step < g.dCount[t];
}

/** Writes transfer t's block ids into `out` (room for rectSize) in (s, then d) order; returns the count. */
export function rectIds(g: PairGrid, t: number, out: Uint32Array | number[]): number {
  const p = g.nodes;
  const s0 = g.sFirst[t];
  const s1 = s0 + g.sCount[t];
  const d0 = g.dFirst[t];
  const step = g.dStep[t];
  const d1 = d0 + g.dCount[t] * step;
  let n = 0;
  for (let s = s0; s < s1; s++) for (let d = d0; d < d1; d += step) out[n++] = pairBlock(p, s, d);
  return n;
}

/**
 * Why transfer t's rectangle names blocks that do not exist (a node outside 0 … P−1, a pair (s, s),
 * a stride of 0), or null when every pair is a block.
 */
export function rectProblem(g: PairGrid, t: number): string | null {
  const p = g.nodes;
  const s0 = g.sFirst[t];
  const ns = g.sCount[t];
  const d0 = g.dFirst[t];
  const step = g.dStep[t];
  const nd = g.dCount[t];
  if (ns === 0 || nd === 0) return null;
  if (step === 0) return `transfer ${t} has a destination stride of 0`;
  if (s0 + ns > p) return `transfer ${t} names sources up to ${s0 + ns - 1}; nodes are 0..${p - 1}`;
  const dLast = d0 + (nd - 1) * step;
  if (dLast >= p) return `transfer ${t} names destination ${dLast}; nodes are 0..${p - 1}`;
  // A pair (s, s) exists iff some d of the progression lies in the source range.
  const first = Math.max(s0, d0);
  const j = Math.ceil((first - d0) / step);
  const d = d0 + j * step;
  if (j < nd && d < s0 + ns)
    return `transfer ${t} carries the pair (${d}, ${d}): a node's message to itself is no block`;
  return null;
}

/** Whether the rectangles of transfers a and b share a pair. */
export function rectsMeet(g: PairGrid, a: number, b: number): boolean {
  const sa = g.sFirst[a];
  const sb = g.sFirst[b];
  if (Math.max(sa, sb) >= Math.min(sa + g.sCount[a], sb + g.sCount[b])) return false;
  if (g.dCount[a] === 0 || g.dCount[b] === 0) return false;
  return progressionsMeet(g.dFirst[a], g.dStep[a], g.dCount[a], g.dFirst[b], g.dStep[b], g.dCount[b]);
}

/** Whether {a0 + i·sa : i < na} and {b0 + j·sb : j < nb} share a value (strides > 0). */
export function progressionsMeet(
  a0: number,
  sa: number,
  na: number,
  b0: number,
  sb: number,
  nb: number,
): boolean {
  const lo = Math.max(a0, b0);
  const hi = Math.min(a0 + (na - 1) * sa, b0 + (nb - 1) * sb);
  if (lo > hi) return false;
  // The values both take: x ≡ a0 (mod sa) and x ≡ b0 (mod sb). When one stride divides the other
  // (every multi-scatter pair), that is the coarser progression where it agrees with the finer one.
  if (sb % sa === 0) return mod(b0 - a0, sa) === 0 && firstFrom(b0, sb, lo) <= hi;
  if (sa % sb === 0) return mod(a0 - b0, sb) === 0 && firstFrom(a0, sa, lo) <= hi;
  // In general it is solvable iff g = gcd(sa, sb) divides b0 − a0, and x is then fixed mod lcm.
  let r0 = sa;
  let r1 = sb;
  let c0 = 1;
  let c1 = 0;
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1, c0, c1] = [r1, r0 - q * r1, c1, c0 - q * c1];
  }
  const g = r0;
  if ((b0 - a0) % g !== 0) return false;
  // c0 · sa ≡ g (mod sb): a0 + sa · i hits b0's class for i ≡ c0 · (b0 − a0)/g (mod sb/g).
  const m = sb / g;
  const i0 = mod(mod(c0, m) * mod((b0 - a0) / g, m), m);
  return firstFrom(a0 + sa * i0, sa * m, lo) <= hi;
}

/** The first value ≥ lo of the class x0 (mod step). */
function firstFrom(x0: number, step: number, lo: number): number {
  return lo + mod(x0 - lo, step);
}

const mod = (x: number, m: number) => ((x % m) + m) % m;

/** The pair blocks of p nodes, unlisted (what multi-scatter's schedule keeps). */
export function pairBlocks(p: number): PairBlocks {
  return { kind: 'pairs', count: p * (p - 1), nodes: p, bytes: 1 };
}

/**
 * The block table of every pair among p real nodes on a machine of n processors: block (s, d) starts
 * at s and must reach d. Written row by row with typed-array copies (16.8 million blocks for 4096).
 */
export function pairTable(p: number, n: number): ListedBlocks {
  const count = p * (p - 1);
  const origin = indexArray(count, n);
  const nodes = indexArray(count, n);
  const row = indexArray(p, n);
  for (let d = 0; d < p; d++) row[d] = d;
  for (let s = 0, b = 0; s < p; s++, b += p - 1) {
    origin.fill(s, b, b + p - 1);
    nodes.set(row.subarray(0, s), b);
    nodes.set(row.subarray(s + 1), b + s);
  }
  return { count, origin, destinations: { kind: 'single', nodes }, bytes: 1 };
}
