import type { NocNetwork } from './noc-network';
import { fewestLinksHalving, routerFlow } from './noc-cuts';
import type { Communication } from './noc-patterns';
import type { FormulaRow } from '../../kernel/spec';

/**
 * The NoC paper's estimate for M-to-N scatter (Sec. 3, eqs. (3)–(10)), computed as the paper
 * computes it, with the widths b₁, b₂, b₃ measured on the network.
 *
 * The paper splits the messages by where their ends lie (Fig. 1): T \ R, T ∩ R (Q processors) and
 * R \ T. Its three cases:
 * - a, the sets overlap in part: eq. (6) = T₁ + T₂, where T₁ = max(⌈(M−Q)Q / b₁⌉, ⌈Q(N−Q) / b₂⌉)
 *   (T \ R → T ∩ R over b₁, T ∩ R → R \ T over b₂, at the same time) and T₂ =
 *   max(⌈(M−Q)(N−Q) / min(b₁, b₂)⌉, ⌈Q(Q−1) / 2b₃⌉) (T \ R → R \ T, and T ∩ R among itself over the
 *   bisection b₃ of its sub-network);
 * - b, R inside T: eq. (8) = max(⌈(M−N)N / b₁⌉, ⌈N(N−1) / 2b₂⌉), b₁ the channels from T to R, b₂ the
 *   bisection of R's sub-network (the paper writes P for M: in its case b every processor sends);
 * - c, T inside R: eq. (10) = max(⌈(N−M)M / b₁⌉, ⌈M(M−1) / 2b₂⌉), b₂ the bisection of T's.
 * Sets with nothing in common are left to eq. (11) (link loads), which the cut bound covers.
 *
 * Two steps of the paper's are not proofs, so the app shows this as the paper's estimate beside the
 * lower bounds, never as one of them: case a adds T₁ and T₂ although both groups could run at the
 * same time, and charges T \ R → R \ T to min(b₁, b₂), which is not a cut between those two sets.
 * docs/models/noc.md says how the widths are measured and compares them with Table 2.
 */
export type MnsCase = 'a' | 'b' | 'c';

/** The sizes and widths an estimate is computed from. */
export interface MnsQuantities {
  case: MnsCase;
  M: number;
  N: number;
  /** Processors in both sets (|T ∩ R|). */
  Q: number;
  b1: number;
  b2: number;
  /** Case a only: the bisection of T ∩ R's sub-network. */
  b3?: number;
}

export interface MnsEstimate extends MnsQuantities {
  value: number;
  equation: string;
  /** The equation in TeX. */
  tex: string;
  /** The estimate's terms, each with its value, in the paper's order. */
  terms: { tex: string; value: number }[];
  /** How the widths were measured, in words. */
  method: string;
}

/** ⌈x / b⌉, with no channels meaning no term (0) when nothing crosses and no finite bound else. */
const over = (x: number, b: number) => (x === 0 ? 0 : b > 0 ? Math.ceil(x / b) : Infinity);

/** Eq. (6), (8) or (10) from the sizes and the widths: a pure function of the paper's quantities. */
export function paperMnsSteps(q: MnsQuantities): Pick<MnsEstimate, 'value' | 'equation' | 'terms' | 'tex'> {
  const { M, N, Q, b1, b2 } = q;
  if (q.case === 'a') {
    const b3 = q.b3 ?? 0;
    const t1 = [over((M - Q) * Q, b1), over(Q * (N - Q), b2)];
    const t2 = [over((M - Q) * (N - Q), Math.min(b1, b2)), over(Q * (Q - 1), 2 * b3)];
    return {
      value: Math.max(...t1) + Math.max(...t2),
      equation: '(6)',
      tex: '\\max(\\lceil \\tfrac{(M-Q)Q}{b_1} \\rceil, \\lceil \\tfrac{Q(N-Q)}{b_2} \\rceil) + \\max(\\lceil \\tfrac{(M-Q)(N-Q)}{\\min(b_1, b_2)} \\rceil, \\lceil \\tfrac{Q(Q-1)}{2b_3} \\rceil)',
      terms: [
        { tex: '\\lceil (M-Q)Q / b_1 \\rceil', value: t1[0] },
        { tex: '\\lceil Q(N-Q) / b_2 \\rceil', value: t1[1] },
        { tex: '\\lceil (M-Q)(N-Q) / \\min(b_1, b_2) \\rceil', value: t2[0] },
        { tex: '\\lceil Q(Q-1) / 2b_3 \\rceil', value: t2[1] },
      ],
    };
  }
  // Case b: the M − N senders outside R send to all N; R's N scatter among themselves. Case c is its
  // mirror: the M senders send to the N − M receivers outside T, and among themselves.
  const [outside, inside] = q.case === 'b' ? [M - N, N] : [N - M, M];
  const terms = [
    {
      tex: `\\lceil ${q.case === 'b' ? '(M-N)N' : '(N-M)M'} / b_1 \\rceil`,
      value: over(outside * inside, b1),
    },
    {
      tex: `\\lceil ${q.case === 'b' ? 'N(N-1)' : 'M(M-1)'} / 2b_2 \\rceil`,
      value: over(inside * (inside - 1), 2 * b2),
    },
  ];
  return {
    value: Math.max(terms[0].value, terms[1].value),
    equation: q.case === 'b' ? '(8)' : '(10)',
    tex: `\\max(${terms[0].tex}, ${terms[1].tex})`,
    terms,
  };
}

/** Which of the paper's cases a pair of sets is, or null when they share no processor. */
export function mnsCaseOf(senders: readonly number[], receivers: readonly number[]): MnsCase | null {
  const r = new Set(receivers);
  const Q = senders.filter((v) => r.has(v)).length;
  if (Q === 0) return null;
  if (Q === receivers.length) return 'b'; // R ⊆ T (T = R included)
  if (Q === senders.length) return 'c';
  return 'a';
}

/** Routers up to which a sub-network's bisection is found by trying every split. */
const EXACT_SUBNETWORK_ROUTERS = 20;

/**
 * The estimate for a scatter between the communication's sets on `net`, or why there is none (a
 * broadcast, sets with nothing in common, a sub-network with no balanced split or too large).
 * Widths are in directed channels: b₁ and b₂ the fewest channels whose removal cuts every route from
 * one set's routers to the other's (a minimum cut, found as a maximum flow over unit channels); a
 * bisection the fewest channels, both ways, between two halves of the sub-network's routers that
 * hold half of its processors each (the sub-network: the set's routers and the links among them).
 * Both are the reading of "bisection width" under which Table 2's 16-to-16 bound of 15 comes out.
 */
export function paperMnsEstimate(net: NocNetwork, c: Communication): MnsEstimate | string {
  if (c.broadcast) return 'the estimate is for scatter (eq. (2) covers broadcast)';
  const kind = mnsCaseOf(c.senders, c.receivers);
  if (!kind)
    return 'the sets share no processor: the paper turns to link loads (eq. (11)), as the cut bound does';
  const inR = new Set(c.receivers);
  const inT = new Set(c.senders);
  const both = c.senders.filter((v) => inR.has(v));
  const onlyT = c.senders.filter((v) => !inR.has(v));
  const onlyR = c.receivers.filter((v) => !inT.has(v));
  const M = c.senders.length;
  const N = c.receivers.length;
  const Q = both.length;
  const sub = (set: readonly number[]) => subnetworkBisection(net, set);
  let q: MnsQuantities;
  if (kind === 'a') {
    const b3 = sub(both);
    if (typeof b3 === 'string') return b3;
    q = { case: kind, M, N, Q, b1: minCut(net, onlyT, both), b2: minCut(net, both, onlyR), b3 };
  } else {
    const inside = kind === 'b' ? c.receivers : c.senders;
    const b2 = sub(inside);
    if (typeof b2 === 'string') return b2;
    q = { case: kind, M, N, Q, b1: kind === 'b' ? minCut(net, onlyT, both) : minCut(net, both, onlyR), b2 };
  }
  return {
    ...q,
    ...paperMnsSteps(q),
    method:
      'b₁, b₂: minimum cuts in directed router channels between the sets’ routers; bisections: every ' +
      `split of the sub-network’s routers tried (up to ${EXACT_SUBNETWORK_ROUTERS})`,
  };
}

/**
 * The fewest directed router channels that cut every route from the routers of `from` to those of
 * `to` (Infinity when a router holds processors of both: their messages need no link): the most that
 * can flow between them with no limit at either end (noc-cuts.ts).
 */
export function minCut(net: NocNetwork, from: readonly number[], to: readonly number[]): number {
  if (from.length === 0 || to.length === 0) return 0;
  const [source, sink] = [new Float64Array(net.routers), new Float64Array(net.routers)];
  for (const p of from) source[net.procRouter[p]] = Infinity;
  for (const p of to) sink[net.procRouter[p]] = Infinity;
  return routerFlow(net, source, sink);
}

/**
 * The bisection of the sub-network of `set` (its routers and the links among them) in directed
 * channels both ways: the fewest links between two sides of those routers that hold ⌊|set|/2⌋ and
 * ⌈|set|/2⌉ of its processors, times two; or why there is none (no split balances them, the
 * sub-network falls apart into pieces with no link between them, more than
 * EXACT_SUBNETWORK_ROUTERS routers).
 */
export function subnetworkBisection(net: NocNetwork, set: readonly number[]): number | string {
  const routers = [...new Set(set.map((p) => net.procRouter[p]))].sort((a, b) => a - b);
  const S = routers.length;
  if (S > EXACT_SUBNETWORK_ROUTERS)
    return `a sub-network of ${S} routers is more than the ${EXACT_SUBNETWORK_ROUTERS} whose bisection is found exactly`;
  const local = new Map(routers.map((r, i) => [r, i]));
  const load = new Uint32Array(S);
  for (const p of set) load[local.get(net.procRouter[p])!]++;
  const links = net.edges
    .filter(([a, b]) => local.has(a) && local.has(b))
    .map(([a, b]) => [local.get(a)!, local.get(b)!] as const);
  const best = fewestLinksHalving(load, links);
  if (best === Infinity) return `no split of the routers of {${set.join(', ')}} halves them`;
  if (best === 0) return `the routers of {${set.join(', ')}} fall apart with no link between the halves`;
  return 2 * best;
}

/**
 * The paper's M-to-N scatter estimate (eqs. (6), (8), (10)) as a formula row beside the lower bounds
 * of a schedule of `steps` steps (`bound`: the binding one): computed as the paper computes it, with
 * its widths measured on the network, and never used as a bound (the top of this file says why).
 * None for broadcasts and for sets with nothing in common.
 */
export function paperEstimateRow(
  net: NocNetwork,
  c: Communication,
  steps: number,
  bound: number,
): FormulaRow | null {
  if (c.broadcast || c.pattern === 'oas') return null;
  const e = paperMnsEstimate(net, c);
  if (typeof e === 'string') return null;
  // The widths of the groups that have messages (an empty group's width does not enter).
  const groups = e.case === 'a' ? [e.M > e.Q, e.N > e.Q, e.Q > 1] : [e.M !== e.N, true];
  const widths = [`b₁ = ${e.b1}`, `b₂ = ${e.b2}`, `b₃ = ${e.b3}`]
    .filter((_, i) => groups[i])
    .join(', ')
    .replace(/Infinity/g, '∞ (a router holds both sets)');
  const verdict =
    steps < e.value
      ? `Our verified schedule has ${steps} steps, fewer than the estimate: here it is not a lower bound.`
      : e.value > bound
        ? `Above our binding lower bound (${bound}): the estimate is not proved, so the bounds above are what a schedule is held to.`
        : `Not above our binding lower bound (${bound}).`;
  return {
    id: 'paper-mns',
    label: `the paper’s M-to-N scatter estimate, case ${e.case} (M = ${e.M}, N = ${e.N}, Q = ${e.Q})`,
    tex: e.tex,
    source: `NoC paper, eq. ${e.equation}`,
    formula: e.value,
    constructed: steps,
    unit: 'steps',
    note: `Terms ${e.terms.map((t) => t.value).join(', ')} with ${widths} channels (${e.method}). ${
      e.case === 'a' ? 'Case a adds the two groups’ times, as if they could not overlap. ' : ''
    }${verdict}`,
  };
}
