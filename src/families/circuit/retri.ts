import type { AlgorithmSpec, FormulaRow } from '../../kernel/spec';
import {
  alltoallBlocks,
  buildDigitRouting,
  circuitStepSeconds,
  digitRoutingResult,
} from './circuit-alltoall';
import { exactBlockBytes, reconfigBits, type CircuitConfig } from './circuit-params';
import {
  RETRI_FAMILY,
  balancedCost,
  balancedTernary,
  bestReconfigurationCount,
  bestSchedule,
  bitsText,
  centred,
  paperClosedForm,
  scheduleCost,
} from './reconfig-formulas';
import { retriCard, retriShape } from './retri.card';
import { formatSeconds } from '../../kernel/util/units';

/** Digit table: row = (d − r) mod ring, digits of its centred value, phases per row. */
export function retriDigits(ring: number, phases: number): Int8Array {
  const digits = new Int8Array(ring * phases);
  for (let o = 0; o < ring; o++) digits.set(balancedTernary(centred(o, ring), phases), o * phases);
  return digits;
}

/** Closed forms for ReTri next to the constructed schedule's time. */
export function retriFormulas(
  c: CircuitConfig,
  constructedSeconds: number,
  constructedSteps: number,
): FormulaRow[] {
  const { n, phases: s } = retriShape(c);
  const model = c.model;
  const { x } = reconfigBits(c, s);
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
                : `R+1 does not divide s: the printed form has a fractional exponent; balanced segments cost ${formatSeconds(balanced)}`,
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
      note: `cheapest schedule of all ${2 ** s}: x = (${bitsText(best.x)}), ${formatSeconds(best.seconds)}`,
    },
  ];
}
export const retri: AlgorithmSpec<CircuitConfig> = {
  ...retriCard,
  build(c) {
    const { n, ring, phases } = retriShape(c);
    const { x, note } = reconfigBits(c, phases);
    const blocks = alltoallBlocks(n, Math.ceil(exactBlockBytes(c)));
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
    return digitRoutingResult(built, [
      ring > n ? `padded to ${ring} nodes: ${ring - n} ghost nodes relay blocks but own none` : null,
      ring === n && 3 ** phases !== n ? `routed modulo ${n} (not a power of three)` : null,
      note,
    ]);
  },
  stepSeconds(s, usage, c) {
    return circuitStepSeconds(usage, c.model, exactBlockBytes(c), reconfigBits(c, s.stepCount).x);
  },
  formulas(c, m) {
    return retriFormulas(c, m.seconds, m.steps);
  },
};
