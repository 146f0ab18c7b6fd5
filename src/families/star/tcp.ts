/**
 * The two tuning communication patterns of the passive-star paper (Desprez, Ferreira, Tourancheau,
 * Sec. 2), in the numbering we derived (docs/models/star.md explains why the printed formulas were
 * not used as they stand). Write x = k + 1 and read node ids in base x.
 *
 * TCP1 (tree-like broadcast from node 0): after step l exactly the nodes 0 … x^l − 1 are reached.
 * In step l every reached node i < x^(l−1) talks to its k children i + j·x^(l−1), j = 1 … k: the
 * child's digit l−1 is j and its lower digits are i's. So the children of a step are the next block
 * of ids, every node is reached once, and h = ⌈log_x P⌉ steps reach everyone. Cutting the id range
 * at any P keeps a tree (a parent is always smaller than its child), so TCP1 needs no padding.
 *
 * TCP2 (total exchange on cliques K_(k+1)): the clique of node v along digit q is the x nodes that
 * differ from v in digit q only. Exchanging along digits 0 … h−1 (or in any order) joins
 * everyone's data in h steps; this needs all x^h ids, so P that is not a power of x is padded with
 * dummy nodes.
 */

/** x^e for small whole exponents. */
export function power(x: number, e: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r *= x;
  return r;
}

/** h = ⌈log_(k+1) P⌉: the steps TCP1 needs to reach P nodes (0 for P = 1). */
export function tcpDepth(p: number, k: number): number {
  let h = 0;
  for (let reach = 1; reach < p; reach *= k + 1) h++;
  return h;
}

/** The next power of k+1 at or above P: the padded machine of TCP2 patterns. */
export function paddedSize(p: number, k: number): number {
  return power(k + 1, tcpDepth(p, k));
}

/** Step of TCP1 in which node c is reached: the number of its base-(k+1) digits (0 for node 0). */
export function tcp1Step(c: number, k: number): number {
  let l = 0;
  for (let reach = 1; reach <= c; reach *= k + 1) l++;
  return l;
}

/** TCP1 parent of node c ≥ 1: c with its top digit cleared. */
export function tcp1Parent(c: number, k: number): number {
  return c % power(k + 1, tcp1Step(c, k) - 1);
}

/**
 * Children of node i in TCP1 step l (1-based) among nodes 0 … p−1, in order j = 1 … k; empty when i
 * is not yet reached before step l.
 */
export function tcp1Children(i: number, l: number, k: number, p: number): number[] {
  return radixChildren(i, l, uniformRadices(p, k), p);
}

/**
 * Descendants of node c in the TCP1 tree on p nodes, c included: the nodes whose lower l digits
 * equal c, where l is the step c is reached in (for c = 0, everyone).
 */
export function tcp1Subtree(c: number, k: number, p: number): number[] {
  return radixSubtree(c, uniformRadices(p, k), p);
}

/** The TCP1 tree on p nodes as nested objects (for drawing with d3-hierarchy). */
export interface TreeNode {
  id: number;
  /** Step in which the node is reached (0 for the root). */
  step: number;
  children: TreeNode[];
}

export function tcp1Tree(p: number, k: number): TreeNode {
  return radixTree(p, uniformRadices(p, k));
}

/** Digit q of v in base k+1. */
export function digit(v: number, q: number, k: number): number {
  return Math.floor(v / power(k + 1, q)) % (k + 1);
}

/** The TCP2 clique of v along digit q: the k+1 ids that differ from v in digit q only, in digit order. */
export function tcp2Clique(v: number, q: number, k: number): number[] {
  const stride = power(k + 1, q);
  const base = v - digit(v, q, k) * stride;
  const out: number[] = [];
  for (let y = 0; y <= k; y++) out.push(base + y * stride);
  return out;
}

/**
 * Mixed-radix TCP2: cliques need not all have k+1 members. A machine of R = r₀·r₁·…·r_(h−1)
 * processors with every r_q ≤ k+1 exchanges along "digit" q in cliques of r_q (ids read in the mixed
 * radix), still in h steps. So P need not be padded to (k+1)^h: the smallest R ≥ P that is such a
 * product with h = ⌈log_(k+1) P⌉ factors needs far fewer dummies (P = 10, k = 2: 12 = 2·2·3 instead
 * of 27; P = 100, k = 3: 108 instead of 256), and none when P itself is one.
 */
export interface Radices {
  /** r_q, smallest first (gossip then sends its largest message in the largest clique's step). */
  radix: number[];
  /** stride[q] = r₀·…·r_(q−1); stride[h] = the machine size R. */
  stride: number[];
}

export function tcp2Radices(p: number, k: number): Radices {
  const h = tcpDepth(p, k);
  const limit = power(k + 1, h);
  for (let size = p; size <= limit; size++) {
    const radix = factorInto(size, h, k + 1);
    if (!radix) continue;
    radix.sort((a, b) => a - b);
    const stride = [1];
    for (const r of radix) stride.push(stride[stride.length - 1] * r);
    return { radix, stride };
  }
  throw new Error(`no machine for P = ${p}, k = ${k}`); // (k+1)^h always factors
}

/** `size` as a product of exactly `count` factors, each from 1 to `max`, or null. */
function factorInto(size: number, count: number, max: number): number[] | null {
  if (count === 0) return size === 1 ? [] : null;
  for (let f = Math.min(max, size); f >= 1; f--) {
    if (size % f !== 0) continue;
    const rest = factorInto(size / f, count - 1, f);
    if (rest) return [f, ...rest];
  }
  return null;
}

/** Mixed-radix digit q of v. */
export function radixDigit(v: number, q: number, r: Radices): number {
  return Math.floor(v / r.stride[q]) % r.radix[q];
}

/** The clique of v along digit q: the r_q ids that differ from v in that digit only. */
export function radixClique(v: number, q: number, r: Radices): number[] {
  const base = v - radixDigit(v, q, r) * r.stride[q];
  const out: number[] = [];
  for (let y = 0; y < r.radix[q]; y++) out.push(base + y * r.stride[q]);
  return out;
}

/** "Cliques of 4 nodes that differ in base-4 digit 1" (or in a digit of the mixed radix), and the size. */
export function cliqueWords(p: number, k: number, q: number): { size: number; words: string } {
  const r = tcp2Radices(p, k);
  const size = r.radix[q] ?? k + 1;
  const uniform = r.radix.every((x) => x === k + 1);
  return {
    size,
    words: uniform
      ? `Cliques of ${size} nodes that differ in base-${k + 1} digit ${q}`
      : `Cliques of ${size} nodes that differ in digit ${q} of the mixed radix ${r.radix.join(' · ')}`,
  };
}

/** The radices of plain TCP1/TCP2 on p nodes: h = ⌈log_(k+1) p⌉ digits of base k+1. */
export function uniformRadices(p: number, k: number): Radices {
  const radix = new Array<number>(tcpDepth(p, k)).fill(k + 1);
  const stride = [1];
  for (const r of radix) stride.push(stride[stride.length - 1] * r);
  return { radix, stride };
}

/** The same radices, largest first (the split broadcast then splits most in its first steps). */
export function largestFirst(r: Radices): Radices {
  const radix = [...r.radix].sort((a, b) => b - a);
  const stride = [1];
  for (const x of radix) stride.push(stride[stride.length - 1] * x);
  return { radix, stride };
}

/**
 * TCP1 in a mixed radix: in step l every reached node i < stride[l−1] talks to i + j·stride[l−1],
 * j = 1 … r_(l−1) − 1 (at most k), so after step l the nodes 0 … stride[l] − 1 are reached. With all
 * radices k+1 this is TCP1 as above.
 */
export function radixStep(c: number, r: Radices): number {
  let l = 0;
  while (l < r.radix.length && c >= r.stride[l]) l++;
  return l;
}

export function radixParent(c: number, r: Radices): number {
  return c % r.stride[radixStep(c, r) - 1];
}

export function radixChildren(i: number, l: number, r: Radices, p: number): number[] {
  const stride = r.stride[l - 1];
  const out: number[] = [];
  if (i >= stride) return out;
  for (let j = 1; j < r.radix[l - 1]; j++) {
    const c = i + j * stride;
    if (c < p) out.push(c);
  }
  return out;
}

/** Descendants of c (c included): the ids that agree with c on its lower radixStep(c) digits. */
export function radixSubtree(c: number, r: Radices, p: number): number[] {
  const stride = r.stride[radixStep(c, r)];
  const out: number[] = [];
  for (let v = c; v < p; v += stride) out.push(v);
  return out;
}

export function radixTree(p: number, r: Radices): TreeNode {
  const h = r.radix.length;
  const make = (id: number): TreeNode => {
    const step = radixStep(id, r);
    const children: TreeNode[] = [];
    for (let l = step + 1; l <= h; l++) for (const c of radixChildren(id, l, r, p)) children.push(make(c));
    return { id, step, children };
  };
  return make(0);
}

/**
 * Why a TCP2 schedule tunes fewer receivers than the paper's hPk when its cliques are smaller than
 * k + 1 (P not a power of k + 1): in step q every processor of the machine tunes one receiver per
 * partner, r_q − 1. Undefined when every clique has k + 1 processors (then the two agree).
 */
export function mixedCliqueTuningsNote(machine: number, k: number, radices: Radices): string | undefined {
  if (radices.radix.every((r) => r === k + 1)) return undefined;
  const exact = radices.radix.reduce((sum, r) => sum + machine * (r - 1), 0);
  const h = radices.radix.length;
  return (
    `The cliques here have ${radices.radix.join(', ')} processors, not k+1 = ${k + 1} in every step: each ` +
    `processor tunes r_q − 1 receivers in step q, Σ P″(r_q − 1) = ${exact.toLocaleString('en-US')} in all, ` +
    `where hPk = ${(h * machine * k).toLocaleString('en-US')} for P″ = ${machine}.`
  );
}

/**
 * The TCP1 numbering as the paper prints it (Sec. 2.1): in step l every node i < (k+1)^(l−1) calls
 * (k+1)^l + ik + j for j = 0 … k−1. The power is one too high: the ids named stop short of P, so
 * most processors are never called (docs/models/star.md). The `corrected` reading, power l − 1, is
 * the formula whose steps name 1 … k, then the next k(k+1) ids, and so on: everyone once.
 * Returns how many of the P processors (node 0 included) the h steps name.
 */
export function tcp1NumberedReach(
  p: number,
  k: number,
  reading: 'printed' | 'corrected' = 'printed',
): number {
  const named = new Set<number>([0]);
  const x = k + 1;
  for (let l = 1; l <= tcpDepth(p, k); l++) {
    const base = power(x, reading === 'printed' ? l : l - 1);
    for (let i = 0; i < power(x, l - 1); i++)
      for (let j = 0; j < k; j++) if (base + i * k + j < p) named.add(base + i * k + j);
  }
  return named.size;
}
