import { BER_LIMIT, type OpticsParams } from './optics-params';

// ---------------------------------------------------------------------------------------------------
// Units

/** A ratio in dB as a plain factor: 10^(dB/10). */
export const dbToRatio = (db: number) => 10 ** (db / 10);
/** A plain power ratio in dB. */
export const ratioToDb = (r: number) => 10 * Math.log10(r);
/** A power in dBm in milliwatts (0 dBm = 1 mW). */
export const dbmToMw = dbToRatio;

/** Comparisons of sums of decimal inputs (0.1 + 0.2) must not flip on the last bit. */
const EPS = 1e-9;
export const atMost = (a: number, b: number) => a <= b + EPS * Math.max(Math.abs(a), Math.abs(b));

// ---------------------------------------------------------------------------------------------------
// Eq. 4: the longest lightpath

/**
 * Eq. 4: L_max = 1 + (N^{1/k} − 1)·N^{1−1/k}, the length of OpTree's longest lightpath (stage 1,
 * from the first node of the first group to the first node of the last group), counted as nodes
 * touched: the hop distance (m − 1)·N/m plus one. For k = 1 (one stage) it is N.
 */
export function eq4LongestPath(nodes: number, depth: number): number {
  const m = nodes ** (1 / depth);
  return 1 + (m - 1) * nodes ** (1 - 1 / depth);
}

/**
 * Eq. 4 for per-level arities m_1..m_k (stage 1 first): at level j, groups of ⌈N/(m_1⋯m_j)⌉ nodes
 * and the first member of the first and of the last of m_j sibling groups are (m_j − 1) group sizes
 * apart. The longest over the levels, plus one. With m_j = N^{1/k} at every level it is eq. 4.
 */
export function longestPathForRadices(nodes: number, radices: readonly number[]): number {
  let product = 1;
  let hops = 0;
  for (const m of radices) {
    product *= m;
    hops = Math.max(hops, (m - 1) * Math.ceil(nodes / product));
  }
  return 1 + hops;
}

/** Nodes a lightpath of `hops` hops touches, both ends included: the count eq. 4 gives. */
export const nodesOnPath = (hops: number) => hops + 1;

// ---------------------------------------------------------------------------------------------------
// Eqs. 5–6: insertion loss and laser power

/** Eq. 5: L_l = P_m + L·P_pass (dB) for a lightpath touching L nodes. */
export function insertionLossDb(o: OpticsParams, pathNodes: number): number {
  return o.modulatorLossDb + pathNodes * o.passLossDb;
}

/**
 * Eq. 6 solved for the laser: P_laser ≥ S + L_l + P_p (dBm). The printed inequality has no
 * receiver sensitivity S: it is our reading that the budget is counted down to the detector's
 * sensitivity, and S = 0 dBm gives the printed form.
 */
export function requiredLaserDbm(o: OpticsParams, pathNodes: number): number {
  return o.sensitivityDbm + insertionLossDb(o, pathNodes) + o.penaltyDb;
}

/** The loss a lightpath may have: P_laser − S − P_p (dB). */
export function lossBudgetDb(o: OpticsParams): number {
  return o.laserDbm - o.sensitivityDbm - o.penaltyDb;
}

// ---------------------------------------------------------------------------------------------------
// Eqs. 7–9: crosstalk, SNR and bit-error rate

/** Signal power at the receiver of a lightpath touching L nodes: P_S = P_laser − L_l (dBm). */
export function receivedDbm(o: OpticsParams, pathNodes: number): number {
  return o.laserDbm - insertionLossDb(o, pathNodes);
}

/**
 * Eqs. 7–8 as a plain ratio: P_S / (P_N + P_O) with P_N = L·P_Rx + P_Tx, where P_Rx and P_Tx are
 * crosstalk ratios to P_S (so P_N = P_S·(L·x_Rx + x_Tx)) and P_O is an absolute noise power. Powers
 * are added in milliwatts, never in dB.
 */
export function snrRatio(o: OpticsParams, pathNodes: number): number {
  const signalMw = dbmToMw(receivedDbm(o, pathNodes));
  const crosstalkMw = signalMw * (pathNodes * dbToRatio(o.crosstalkRxDb) + dbToRatio(o.crosstalkTxDb));
  return signalMw / (crosstalkMw + dbmToMw(o.otherNoiseDbm));
}

/** Eq. 7: the SNR in dB. */
export const snrDb = (o: OpticsParams, pathNodes: number) => ratioToDb(snrRatio(o, pathNodes));

/** Eq. 9: BER = ½·e^{−SNR/4}, with the SNR as a plain power ratio (see the docs for why not dB). */
export const berOf = (snr: number) => 0.5 * Math.exp(-snr / 4);

/** The SNR (plain ratio) eq. 9 needs for BER = `ber`: 4·ln(1/(2·ber)); 80.1 (19.04 dB) for 10⁻⁹. */
export const snrNeededRatio = (ber = BER_LIMIT) => 4 * Math.log(1 / (2 * ber));

// ---------------------------------------------------------------------------------------------------
// The longest lightpath the optics allow

export type Binding = 'power' | 'crosstalk';

/**
 * The most nodes a lightpath may touch under eqs. 5–6 (power) and 7–9 (crosstalk); null when
 * neither limits it (no loss and no per-node crosstalk). Both SNR and the power margin only fall as
 * L grows, so each limit is the last L that passes.
 */
export function longestAllowedPath(o: OpticsParams): { nodes: number | null; binding: Binding | null } {
  const byPower = powerLimit(o);
  const byCrosstalk = crosstalkLimit(o);
  if (byPower === null && byCrosstalk === null) return { nodes: null, binding: null };
  if (byCrosstalk === null || (byPower !== null && byPower <= byCrosstalk))
    return { nodes: byPower, binding: 'power' };
  return { nodes: byCrosstalk, binding: 'crosstalk' };
}

/** Path lengths beyond this count as unlimited (a ring has at most 65,536 nodes here). */
const CAP = 2 ** 40;

function powerLimit(o: OpticsParams): number | null {
  const spare = lossBudgetDb(o) - o.modulatorLossDb;
  if (o.passLossDb === 0) return atMost(0, spare) ? null : 0;
  const nodes = Math.max(0, Math.floor(spare / o.passLossDb + EPS));
  return nodes > CAP ? null : nodes;
}

function crosstalkLimit(o: OpticsParams): number | null {
  const ok = (l: number) => snrAllows(o, l);
  if (!ok(1)) return 0;
  let lo = 1;
  let hi = 2;
  while (ok(hi)) {
    lo = hi;
    hi *= 2;
    if (hi > CAP) return null;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Eq. 9's bound in SNR terms: the plain-ratio SNR of a lightpath touching L nodes reaches 80.1. */
export function snrAllows(o: OpticsParams, pathNodes: number): boolean {
  return atMost(snrNeededRatio(), snrRatio(o, pathNodes));
}
