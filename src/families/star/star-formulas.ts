/**
 * Closed forms of the passive-star paper (Desprez, Ferreira, Tourancheau: Sec. 3 and Tables 1–2),
 * as functions of P, k, the tuning delay D, the message count m and the split steps h'. Times are in
 * message units (Lτ = 1). These are the paper's expressions; what our schedules measure is computed
 * from the schedules (star-cost.ts) and shown beside them.
 */

/** Principal branch of the Lambert W function (w·e^w = z) for z ≥ −1/e, by Halley's iteration. */
export function lambertW(z: number): number {
  if (!(z >= -1 / Math.E)) return NaN;
  if (z === 0) return 0;
  if (!Number.isFinite(z)) return z;
  let w = z < 1 ? Math.log1p(z) : Math.log(z) - (z > 3 ? Math.log(Math.log(z)) : 0);
  for (let i = 0; i < 64; i++) {
    const e = Math.exp(w);
    const f = w * e - z;
    const next = w - f / (e * (w + 1) - ((w + 2) * f) / (2 * w + 2));
    if (Math.abs(next - w) <= 1e-14 * (1 + Math.abs(next))) return next;
    w = next;
  }
  return w;
}

/** The star's shape for the formulas: P, k and h (the steps of TCP1). */
export interface StarShape {
  p: number;
  k: number;
  h: number;
}

/** Scatter and gather (Sec. 3.1): T_com = Σ_{i=1..h} P/(k+1)^i = (P−1)/k. */
export const scatterCommunication = ({ p, k }: StarShape) => (p - 1) / k;

/** TCP1 tunings: every node but the root tunes one receiver once (Sec. 2.1): P − 1. */
export const tcp1Tunings = ({ p }: StarShape) => p - 1;

/** Split broadcast (Sec. 3.2.2): T_com = (2/k((k+1)^h' − 1) + h − h') · m/(k+1)^h'. h' = 0 is naive. */
export function broadcastCommunication({ k, h }: StarShape, m: number, hs: number): number {
  const x = Math.pow(k + 1, hs);
  return ((2 / k) * (x - 1) + h - hs) * (m / x);
}

/** Split broadcast tunings: (P − 1) + h'·P·k (phases 1–2 are TCP1, each phase-3 step retunes Pk). */
export const broadcastTunings = ({ p, k }: StarShape, hs: number) => p - 1 + hs * p * k;

/** The paper's total T_tune + T_com of the split broadcast. */
export function broadcastTotal(shape: StarShape, m: number, d: number, hs: number): number {
  return broadcastTunings(shape, hs) * d + broadcastCommunication(shape, m, hs);
}

/** Gossip (Sec. 3.3): T_com = Σ_{i=0..h−1} (k+1)^i m = ((k+1)^h − 1) m / k. */
export const gossipCommunication = ({ k, h }: StarShape, m: number) => ((Math.pow(k + 1, h) - 1) * m) / k;

/** Gossip and multi-scatter tunings (Sec. 3.3–3.4): h·P·k. */
export const tcp2Tunings = ({ p, k, h }: StarShape) => h * p * k;

/** Multi-scatter (Sec. 3.4): T_com = h · P/(k+1). */
export const multiscatterCommunication = ({ p, k, h }: StarShape) => (h * p) / (k + 1);

/** Communication lower bounds of Table 1. */
export const lowerBounds = {
  /** One-to-all broadcast: the source pushes m through k transmitters. */
  broadcast: ({ k }: StarShape, m: number) => m / k,
  /** Scatter / gather: P − 1 messages through the root's k transmitters (receivers). */
  scatter: ({ p, k }: StarShape) => (p - 1) / k,
  /** Gossip: every node takes in (P − 1)m through k receivers. */
  gossip: ({ p, k }: StarShape, m: number) => ((p - 1) * m) / k,
  /** Multi-scatter: every node takes in P − 1 messages through k receivers. */
  multiscatter: ({ p, k }: StarShape) => (p - 1) / k,
};

/**
 * h'_opt as printed in the paper (Sec. 3.2.2):
 * h − 1 + 1/ln(k+1) − W(P² e k² D / (2m(k+1))) / ln(k+1).
 */
export function hOptPaper({ p, k, h }: StarShape, m: number, d: number): number {
  const ln = Math.log(k + 1);
  return h - 1 + 1 / ln - lambertW((p * p * Math.E * k * k * d) / (2 * m * (k + 1))) / ln;
}

/**
 * h'_opt re-derived from the paper's own T_com and T_tune (docs/models/star.md): setting
 * dT/dh' = 0 with P = (k+1)^h gives
 * h + 1/ln(k+1) − 2/k − W(P² k D e / (m (k+1)^(2/k))) / ln(k+1).
 * It equals the printed one for k = 2.
 */
export function hOptDerived({ p, k, h }: StarShape, m: number, d: number): number {
  const ln = Math.log(k + 1);
  return h + 1 / ln - 2 / k - lambertW((p * p * k * d * Math.E) / (m * Math.pow(k + 1, 2 / k))) / ln;
}

/** The whole h' ∈ 0 … h with the smallest paper total (first one on ties). */
export function hOptInteger(shape: StarShape, m: number, d: number): number {
  let best = 0;
  for (let hs = 1; hs <= shape.h; hs++)
    if (broadcastTotal(shape, m, d, hs) < broadcastTotal(shape, m, d, best) - 1e-12) best = hs;
  return best;
}

/** One whole h′ of the trade-off: the paper's tuning, communication and total. */
export interface TradeoffPoint {
  hs: number;
  tuning: number;
  communication: number;
  total: number;
}

/**
 * The h′ trade-off of the split broadcast for one configuration: the paper's costs at every whole
 * h′ = 0 … h, its printed h′_opt, our re-derived one, and the best whole h′ by enumeration.
 */
export function splitTradeoff(shape: StarShape, m: number, d: number) {
  const points: TradeoffPoint[] = [];
  for (let hs = 0; hs <= shape.h; hs++) {
    const tuning = broadcastTunings(shape, hs) * d;
    const communication = broadcastCommunication(shape, m, hs);
    points.push({ hs, tuning, communication, total: tuning + communication });
  }
  return {
    points,
    h: shape.h,
    paperOpt: hOptPaper(shape, m, d),
    derivedOpt: hOptDerived(shape, m, d),
    best: hOptInteger(shape, m, d),
  };
}
