import type { AlgorithmSpec } from '../../kernel/spec';
import { bruckCard, bruckPhases } from './bruck.card';
import {
  alltoallBlocks,
  buildDigitRouting,
  circuitStepSeconds,
  digitRoutingResult,
} from './circuit-alltoall';
import { exactBlockBytes, reconfigBits, type CircuitConfig } from './circuit-params';
import {
  BRUCK_FAMILY,
  bestReconfigurationCount,
  bestSchedule,
  bitsText,
  hopUnit,
  scheduleCost,
} from './reconfig-formulas';
import { formatSeconds } from '../../kernel/util/units';

/** Digit table: row o < n: bits of o as +1 (clockwise half); row n + o: bits of o as −1. */
export function bruckDigits(n: number, phases: number): Int8Array {
  const digits = new Int8Array(2 * n * phases);
  for (let o = 0; o < n; o++)
    for (let k = 0; k < phases; k++) {
      const bit = (o >> k) & 1;
      digits[o * phases + k] = bit;
      digits[(n + o) * phases + k] = -bit;
    }
  return digits;
}
export const bruck: AlgorithmSpec<CircuitConfig> = {
  ...bruckCard,
  build(c) {
    const n = c.nodes;
    const s = bruckPhases(c);
    const { x, note } = reconfigBits(c, s);
    const blocks = alltoallBlocks(n, Math.ceil(exactBlockBytes(c, 2)), 2);
    const digitRow = new Uint32Array(blocks.count);
    for (let r = 0; r < n; r++)
      for (let d = 0; d < n; d++) {
        const b = (r * n + d) * 2;
        digitRow[b] = (((d - r) % n) + n) % n;
        digitRow[b + 1] = n + ((((r - d) % n) + n) % n);
      }
    const built = buildDigitRouting({
      algorithm: 'bruck',
      ringSize: n,
      phaseOffsets: Array.from({ length: s }, (_, k) => 2 ** k),
      x,
      blocks,
      digitRow,
      digits: bruckDigits(n, s),
    });
    return digitRoutingResult(built, [2 ** s !== n ? `routed modulo ${n} (not a power of two)` : null, note]);
  },
  stepSeconds(s, usage, c) {
    return circuitStepSeconds(usage, c.model, exactBlockBytes(c, 2), reconfigBits(c, s.stepCount).x);
  },
  formulas(c, m) {
    const n = c.nodes;
    const s = bruckPhases(c);
    const model = c.model;
    const { x } = reconfigBits(c, s);
    const every = x.map((_, k) => k > 0);
    const best = bestSchedule(s, (xs) => scheduleCost(model, BRUCK_FAMILY, xs, s));
    const note =
      2 ** s === n ? undefined : `n = ${n} is not a power of two: closed forms are for ${2 ** s} nodes`;
    return [
      {
        id: 'steps',
        label: 'Phases',
        tex: 's = \\lceil \\log_2 n \\rceil',
        source: 'ReTri paper, Sec. 2',
        formula: s,
        constructed: m.steps,
        unit: 'steps',
      },
      {
        id: 'time',
        label: `Time for x = (${bitsText(x)})`,
        tex: '\\textstyle\\sum_k (\\alpha_s + 2^{k-j_k} y) + R\\delta',
        source: 'ReTri paper, Sec. 3.4, radix 2; y = α_h + β·m/4 (m/4 per direction)',
        formula: scheduleCost(model, BRUCK_FAMILY, x, s),
        constructed: m.seconds,
        unit: 's',
        note: [
          note,
          'our reading of the mirrored baseline: half of every block each way, by the binary digits of its distance (docs/models/retri.md)',
        ]
          .filter(Boolean)
          .join('; '),
      },
      {
        id: 'every-phase',
        label: 'Reconfiguring before every phase',
        tex: 's\\,(\\alpha_s + y) + (s-1)\\delta',
        source: 'ReTri paper, Sec. 3.4 (C^Bruck with s = log2 n)',
        formula: s * (model.phase + hopUnit(model, BRUCK_FAMILY)) + (s - 1) * model.reconfiguration,
        constructed: scheduleCost(model, BRUCK_FAMILY, every, s),
        unit: 's',
        note: 'constructed column: the segment sum for x = (0,1,…,1), which should agree',
      },
      {
        id: 'best-r',
        label: 'Best number of reconfigurations',
        tex: 'R^\\star = \\arg\\min_R C(R)',
        source: `balanced segments (ReTri paper, Sec. 3.4) vs. all ${2 ** s} schedules enumerated`,
        formula: bestReconfigurationCount(model, BRUCK_FAMILY, s).R,
        constructed: best.reconfigurations,
        unit: 'reconfigurations',
        note: `cheapest schedule: x = (${bitsText(best.x)}), ${formatSeconds(best.seconds)}`,
      },
    ];
  },
};
