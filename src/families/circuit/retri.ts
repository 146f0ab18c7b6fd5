import { circuitModelOf } from './circuit-time';
import {
  balancedCost,
  balancedTernary,
  bestReconfigurationCount,
  bestSchedule,
  bitsText,
  ceilLog,
  centred,
  paperClosedForm,
  RETRI_FAMILY,
  scheduleCost,
} from './reconfig-formulas';
import { num, type ParamValues } from '../../kernel/params/schema';
import {
  alltoallBlocks,
  buildDigitRouting,
  circuitParams,
  circuitSentence,
  circuitStepSeconds,
  exactBlockBytes,
  RECONFIGURE_PARAM,
  reconfigBits,
} from './circuit-alltoall';
import { PAPERS, type AlgorithmSpec, type FormulaRow } from '../../kernel/spec';

/**
 * ReTri (ReTri paper, Sec. 3): all-to-all in ⌈log3 n⌉ phases. Block B[r,d] moves by the balanced-
 * ternary digits of its centred offset d − r: in phase k by τ_k·3^k. With `layout = padded` the run
 * uses the next power of three, the extra nodes being ghosts that only relay (the paper's way); with
 * `modular` the same rule runs modulo n itself, which is correct for every n (see docs/models/retri.md).
 */
export const RETRI_MAX_NODES = 2187;

export interface RetriShape {
  /** Real nodes n. */
  n: number;
  /** Nodes on the switch: n (modular) or 3^s (padded). */
  ring: number;
  phases: number;
}

export function retriShape(p: ParamValues): RetriShape {
  const n = num(p, 'nodes');
  const phases = ceilLog(n, 3);
  const ring = p.layout === 'padded' ? 3 ** phases : n;
  return { n, ring, phases };
}

/** Digit table: row = (d − r) mod ring, digits of its centred value, phases per row. */
export function retriDigits(ring: number, phases: number): Int8Array {
  const digits = new Int8Array(ring * phases);
  for (let o = 0; o < ring; o++) digits.set(balancedTernary(centred(o, ring), phases), o * phases);
  return digits;
}

export const retri: AlgorithmSpec = {
  id: 'retri',
  name: 'ReTri',
  family: 'Reconfigurable all-to-all',
  collective: 'alltoall',
  topology: 'circuit',
  paper: PAPERS.retri,
  reconfigFamily: RETRI_FAMILY,
  blockRoute: (_p, r, d, ring, phases) =>
    `balanced-ternary digits of Δ = ${centred(d - r, ring)}: (${balancedTernary(centred(d - r, ring), phases)
      .map((t) => (t > 0 ? '+1' : t < 0 ? '−1' : '0'))
      .join(', ')}) for phases 0…${phases - 1}`,
  summary:
    'Each node talks to the peers 3^k to its left and right in phase k. A block travels by the ' +
    'balanced-ternary digits of the distance to its destination: digit +1 sends it right, −1 left, 0 ' +
    'keeps it. Rebuilding the circuits before a phase makes every transfer one hop; reusing the old ' +
    'ones saves the reconfiguration delay but sends data over several hops with more congestion.',
  params: circuitParams(
    {
      key: 'nodes',
      label: 'Nodes n',
      kind: 'int',
      min: 2,
      max: RETRI_MAX_NODES,
      default: 27,
      group: 'network',
      help: 'Accelerators, each with two transceivers on the optical circuit switch.',
    },
    {
      key: 'layout',
      label: 'Other n',
      kind: 'enum',
      options: [
        { value: 'modular', label: 'route modulo n' },
        { value: 'padded', label: 'pad to a power of 3' },
      ],
      default: 'modular',
      group: 'network',
      help: 'When n is not a power of three: route modulo n, or run on the next power of three with ghosts.',
    },
    RECONFIGURE_PARAM,
  ),
  validate: () => [],
  estimate(p) {
    const { n, ring, phases } = retriShape(p);
    const blocks = n * n;
    return {
      steps: phases,
      transfers: 2 * ring * phases,
      blockRefs: Math.ceil((2 / 3) * blocks * phases),
      holdingCells: blocks + Math.ceil((2 / 3) * blocks * phases),
    };
  },
  build(p) {
    const { n, ring, phases } = retriShape(p);
    const { x, note } = reconfigBits(p, phases);
    const blocks = alltoallBlocks(n, Math.ceil(exactBlockBytes(p)));
    const digitRow = new Uint32Array(blocks.count);
    for (let r = 0; r < n; r++)
      for (let d = 0; d < n; d++) digitRow[r * n + d] = (((d - r) % ring) + ring) % ring;
    const built = buildDigitRouting({
      algorithm: 'retri',
      ringSize: ring,
      phaseOffsets: Array.from({ length: phases }, (_, k) => 3 ** k),
      x,
      blocks,
      digitRow,
      digits: retriDigits(ring, phases),
    });
    const variants = [
      ring > n ? `padded to ${ring} nodes: ${ring - n} ghost nodes relay blocks but own none` : null,
      ring === n && 3 ** phases !== n ? `routed modulo ${n} (not a power of three)` : null,
      note,
    ].filter(Boolean);
    return { topology: built.topology, schedule: built.schedule, variant: variants.join('; ') || undefined };
  },
  stepSeconds(s, usage, p) {
    return circuitStepSeconds(usage, p, exactBlockBytes(p), reconfigBits(p, s.stepCount).x);
  },
  formulas(p, m) {
    return retriFormulas(p, m.seconds, m.steps);
  },
  narrate(p, f) {
    const { n, ring, phases } = retriShape(p);
    const k = f.step - 1;
    const { x } = reconfigBits(p, phases);
    const circuits = circuitSentence(3, x, k);
    const perNode = ring === n && 3 ** phases === n ? ` (${n / 3} each way per node)` : '';
    return (
      `Phase ${k}: every node sends the blocks whose digit ${k} is +1 to the node ${3 ** k} to its right and ` +
      `those with −1 to the node ${3 ** k} to its left${perNode}: ${f.transfers} transfers, ${f.blocksMoved} blocks. ` +
      circuits
    );
  },
};

/** Closed forms for ReTri next to the constructed schedule's time. */
export function retriFormulas(
  p: ParamValues,
  constructedSeconds: number,
  constructedSteps: number,
): FormulaRow[] {
  const { n, phases: s } = retriShape(p);
  const model = circuitModelOf(p);
  const { x } = reconfigBits(p, s);
  const R = x.filter(Boolean).length;
  const power = 3 ** s === n;
  const padNote = power
    ? undefined
    : `n = ${n} is not a power of three: the closed forms are those of the ${3 ** s}-node ring the paper runs on; the constructed schedule carries only the ${n}·${n} real blocks`;
  const best = bestSchedule(s, (xs) => scheduleCost(model, RETRI_FAMILY, xs, s));
  const star = bestReconfigurationCount(model, RETRI_FAMILY, s);
  const aligned = R < s && s % (R + 1) === 0;
  const balanced = R < s ? balancedCost(model, RETRI_FAMILY, s, R) : NaN;
  return [
    {
      id: 'steps',
      label: 'Phases',
      tex: 's = \\lceil \\log_3 n \\rceil',
      source: 'ReTri paper, Sec. 3.2',
      formula: s,
      constructed: constructedSteps,
      unit: 'steps',
    },
    {
      id: 'time',
      label: `Time for x = (${bitsText(x)})`,
      tex: '\\textstyle\\sum_k (\\alpha_s + 3^{k-j_k} y) + R\\delta',
      source: 'ReTri paper, Sec. 3.4 (segment cost); y = α_h + β·m/3, j_k = last reconfiguration ≤ k',
      formula: scheduleCost(model, RETRI_FAMILY, x, s),
      constructed: constructedSeconds,
      unit: 's',
      note:
        [
          padNote,
          x[0]
            ? 'x₀ = 1 rebuilds the ring the switch starts with: it costs δ and changes no circuit (our reading of Algorithm 1)'
            : null,
        ]
          .filter(Boolean)
          .join('; ') || undefined,
    },
    {
      id: 'balanced',
      label: `Balanced segments, R = ${R}`,
      tex: 's\\alpha_s + (R{+}1)\\,y\\,\\tfrac{3^{s/(R+1)}-1}{2} + R\\delta',
      source: 'ReTri paper, Sec. 3.4; y = α_h + β·m/3',
      formula: R < s ? paperClosedForm(model, RETRI_FAMILY, s, R) : NaN,
      constructed: constructedSeconds,
      unit: 's',
      note:
        R >= s
          ? 'x reconfigures before phase 0 as well (R = s), which the closed form does not cover'
          : [
              aligned
                ? null
                : `R+1 does not divide s: the printed form has a fractional exponent; balanced segments cost ${balanced.toExponential(4)} s`,
              scheduleCost(model, RETRI_FAMILY, x, s) !== balanced
                ? 'this x does not split the phases into balanced segments'
                : null,
            ]
              .filter(Boolean)
              .join('; ') || undefined,
    },
    {
      id: 'best-r',
      label: 'Best number of reconfigurations',
      tex: 'R^\\star = \\arg\\min_R C(R)',
      source: 'ReTri paper, Sec. 3.4 (balanced segments) vs. all 2^s schedules enumerated',
      formula: star.R,
      constructed: best.reconfigurations,
      unit: 'reconfigurations',
      note: `cheapest schedule of all ${2 ** s}: x = (${bitsText(best.x)}), ${best.seconds.toExponential(4)} s`,
    },
  ];
}
