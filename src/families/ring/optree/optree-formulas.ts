/**
 * Closed forms of the OpTree paper (Dai, Chen, Huang, Zhang, "Efficient Algorithm for All-gather
 * Operation in Optical Interconnect Systems"), as printed, for the formula panels, the paper check
 * and the sweeps. Readings where the printed text is ambiguous are documented in docs/models/optree.md.
 */

/** ⌈x⌉ that ignores floating-point dust just above a whole number (64.00000000000001 → 64). */
export function ceilClean(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) < 1e-9 * Math.max(1, Math.abs(x)) ? r : Math.ceil(x);
}

/** Lemma 1: fewest wavelengths for all-to-all in one stage on a ring, ⌈N²/8⌉. */
export function lemma1Ring(n: number): number {
  return Math.ceil((n * n) / 8);
}

/** Lemma 1 for a line (a segment of the ring): ⌊N²/4⌋. */
export function lemma1Line(n: number): number {
  return Math.floor((n * n) / 4);
}

/**
 * The exact link-load bound of one-stage all-to-all on a bidirectional ring: a cut of the ring into
 * halves of ⌊N/2⌋ and ⌈N/2⌉ nodes has ⌊N/2⌋·⌈N/2⌉ pairs to carry each way over two links. Equals
 * Lemma 1's ⌈N²/8⌉ for even N and is one less, (N² − 1)/8, for odd N.
 */
export function oneStageLoad(n: number): number {
  return Math.ceil((Math.floor(n / 2) * Math.ceil(n / 2)) / 2);
}

/** Table 1, one-stage model (OSM): ⌈N²/(8w)⌉ steps. */
export function osmSteps(n: number, w: number): number {
  return Math.ceil((n * n) / (8 * w));
}

/** Theorem 1 (eq. 1): ⌈(2k − 1)·N^(1+1/k) / (8w)⌉ steps for a k-stage OpTree (k ≥ 2). */
export function theorem1Steps(n: number, w: number, k: number): number {
  return ceilClean(((2 * k - 1) * n ** (1 + 1 / k)) / (8 * w));
}

/** The continuous optimum of eq. 1 over k (the root of ∂S/∂k = 0 in Lemma 3's proof). */
export function lemma3Continuous(n: number): number {
  const l = Math.log(n);
  return (l + Math.sqrt(Math.max(0, l * (l - 2)))) / 2;
}

/** Lemma 3 as printed (ceiling brackets): k* = ⌈(ln N + √(ln N (ln N − 2)))/2⌉, at least 1. */
export function lemma3Depth(n: number): number {
  return Math.max(1, Math.ceil(lemma3Continuous(n) - 1e-12));
}

/** Lemma 3 with the text's "integer rounding" reading: the nearest whole number. */
export function lemma3DepthRounded(n: number): number {
  return Math.max(1, Math.round(lemma3Continuous(n)));
}

/** Theorem 2: Theorem 1 at Lemma 3's k*. */
export function theorem2Steps(n: number, w: number): number {
  return theorem1Steps(n, w, lemma3Depth(n));
}

/**
 * The step sum in the proof of Theorem 1, generalised to one arity per stage: stage 1 takes
 * ⌈m²/(8w)⌉·⌈N/m⌉ steps and every later stage ⌈m²/(4w)⌉·⌈N/m⌉ (the ceilings as printed).
 */
export function proofStageSteps(n: number, w: number, radices: readonly number[]): number[] {
  return radices.map((m, j) => Math.ceil((m * m) / ((j === 0 ? 8 : 4) * w)) * Math.ceil(n / m));
}

/** WRHT (Table 1): group size m̄ = 2w + 1 and levels θ = ⌈log_m̄ N⌉ (computed exactly). */
export function wrhtShape(n: number, w: number): { group: number; levels: number } {
  const group = 2 * w + 1;
  let levels = 0;
  for (let p = 1; p < n; p *= group) levels++;
  return { group, levels };
}

/**
 * WRHT all-gather steps as printed in Table 1: 1 + ⌈(m̄^θ − m̄)/(m̄ − 1)⌉ + (θ − 1)·m̄^(θ−1); the text's
 * other variant ends in θ·m̄^(θ−1) instead.
 */
export function wrhtSteps(n: number, w: number, variant: 'table' | 'alternative' = 'table'): number {
  const { group: m, levels: t } = wrhtShape(n, w);
  if (t === 0) return 0;
  const collect = 1 + Math.ceil((m ** t - m) / (m - 1));
  return collect + (variant === 'table' ? t - 1 : t) * m ** (t - 1);
}

/** The collection part of the WRHT count: 1 + m̄ + m̄² + … + m̄^(θ−1). */
export function wrhtCollectSteps(n: number, w: number): number {
  const { group: m, levels: t } = wrhtShape(n, w);
  return t === 0 ? 0 : 1 + Math.ceil((m ** t - m) / (m - 1));
}
