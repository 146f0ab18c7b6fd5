import { xyHops } from './geometry';
import { gatherRounds, scatterRounds, type Message, type Method, type Ports } from './rounds';

/**
 * How far our latency model can be brought to the OTIS paper's printed latencies (docs/models/otis.md,
 * Latency). Under our wormhole model a schedule's latency is linear in three constants:
 *
 *   L = a · (S_e + S_o) + b · Σ_e h_e + c · S_o,
 *
 * with a = t_s + m·t_1 (every step), b = t_r (per hop of a step's longest electronic route, h_e) and
 * c = t_o (per optical step). `stepProfile` gives S_e, S_o and Σ h_e of a configuration from the same
 * rounds the builder uses (every group runs the same rounds, so one group tells the longest route of
 * a step; no million-processor schedule needs building), and `fitLatency` finds the non-negative
 * constants that fit the printed values best (least squares of the relative errors).
 */
export interface StepProfile {
  electronic: number;
  optical: number;
  /** Σ over electronic steps of the step's longest route, in hops. */
  hops: number;
}

/** Our OTIS-Mesh all-reduce at group size P, root and control group both at `at`, as a step profile. */
export function stepProfile(P: number, method: Method, ports: Ports, at: number): StepProfile {
  const q = Math.round(Math.sqrt(P));
  const shape = { side: q, groups: 1 };
  const rounds: Message[][] = [
    ...gatherRounds(q, at, method, ports),
    ...gatherRounds(q, at, method, ports),
    ...scatterRounds(q, at, method, ports),
    ...scatterRounds(q, at, method, ports),
  ];
  let hops = 0;
  for (const round of rounds) hops += Math.max(0, ...round.map(([a, b]) => xyHops(shape, a, b)));
  return { electronic: rounds.length, optical: 2, hops };
}

export interface LatencyFit {
  /** t_s + m·t_1, t_r and t_o, in seconds. */
  perStep: number;
  perHop: number;
  optical: number;
  /** The fitted latency of each sample (s) and its relative miss ((fitted − printed) / printed). */
  fitted: number[];
  miss: number[];
}

/** The model's latency of a profile under constants [a, b, c]. */
export const latencyOf = (p: StepProfile, [a, b, c]: readonly number[]) =>
  a * (p.electronic + p.optical) + b * p.hops + c * p.optical;

/**
 * The non-negative a, b, c minimising Σ ((L_i − y_i) / y_i)² over the samples (y in seconds): the
 * least-squares solution on every subset of the three constants, the best one that is non-negative.
 */
export function fitLatency(samples: readonly { profile: StepProfile; seconds: number }[]): LatencyFit {
  // Rows of the weighted problem: x_i / y_i · [a, b, c] ≈ 1.
  const rows = samples.map(({ profile: p, seconds: y }) => [
    (p.electronic + p.optical) / y,
    p.hops / y,
    p.optical / y,
  ]);
  let best: number[] = [0, 0, 0];
  let bestError = Infinity;
  for (let mask = 1; mask < 8; mask++) {
    const free = [0, 1, 2].filter((j) => (mask >> j) & 1);
    const x = leastSquares(
      rows.map((r) => free.map((j) => r[j])),
      rows.map(() => 1),
    );
    if (!x || x.some((v) => v < 0)) continue;
    const k = [0, 0, 0];
    free.forEach((j, i) => (k[j] = x[i]));
    const error = rows.reduce((e, r) => e + (r[0] * k[0] + r[1] * k[1] + r[2] * k[2] - 1) ** 2, 0);
    if (error < bestError) [best, bestError] = [k, error];
  }
  const fitted = samples.map((s) => latencyOf(s.profile, best));
  return {
    perStep: best[0],
    perHop: best[1],
    optical: best[2],
    fitted,
    miss: fitted.map((f, i) => f / samples[i].seconds - 1),
  };
}

/** The least-squares solution of A x ≈ y through the normal equations, or null when singular. */
function leastSquares(A: number[][], y: number[]): number[] | null {
  const n = A[0].length;
  const M = Array.from({ length: n }, (_, i) => [
    ...Array.from({ length: n }, (_, j) => A.reduce((s, r) => s + r[i] * r[j], 0)),
    A.reduce((s, r, k) => s + r[i] * y[k], 0),
  ]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    if (Math.abs(M[p][c]) < 1e-12 * Math.max(1, Math.abs(M[c][c]))) return null;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}
