import { circuitModelOf } from './circuit-time';
import {
  bestReconfigurationCount,
  bestSchedule,
  bitsText,
  BRUCK_FAMILY,
  ceilLog,
  hopUnit,
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
import { PAPERS, type AlgorithmSpec } from '../../kernel/spec';

/**
 * Bruck's all-to-all with mirroring on a circuit switch (the reconfigurable baseline of the ReTri
 * paper, Sec. 2 and 4, after its reference "Bridge"): every block is split in two halves. The first
 * half travels clockwise by the binary digits of (d − r) mod n, the second counter-clockwise by those
 * of (r − d) mod n; in phase k a node sends the halves whose bit k is set 2^k onwards. ⌈log2 n⌉
 * phases, subrings of n/2^k nodes after a reconfiguration before phase k.
 */
export const BRUCK_MAX_NODES = 2048;

export function bruckPhases(p: ParamValues): number {
  return ceilLog(num(p, 'nodes'), 2);
}

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

export const bruck: AlgorithmSpec = {
  id: 'bruck',
  name: 'Bruck (mirrored)',
  family: 'Reconfigurable all-to-all',
  collective: 'alltoall',
  topology: 'circuit',
  paper: PAPERS.retri,
  reconfigFamily: BRUCK_FAMILY,
  blockRoute: (_p, r, d, ring, phases) =>
    `binary digits (phase 0 first): clockwise half ${bitsOf((((d - r) % ring) + ring) % ring, phases)}, ` +
    `mirrored half ${bitsOf((((r - d) % ring) + ring) % ring, phases)}`,
  summary:
    'Bruck’s all-to-all in ⌈log2 n⌉ phases, mirrored so that both directions of every circuit carry ' +
    'data: half of each block goes clockwise by the binary digits of its distance, the other half ' +
    'counter-clockwise. In phase k the peers are 2^k away; rebuilding the circuits makes that one hop.',
  params: circuitParams(
    {
      key: 'nodes',
      label: 'Nodes n',
      kind: 'int',
      min: 2,
      max: BRUCK_MAX_NODES,
      default: 16,
      group: 'network',
      help: 'Accelerators, each with two transceivers on the optical circuit switch.',
    },
    { ...RECONFIGURE_PARAM, default: '0,1,1,1' },
  ),
  validate: () => [],
  estimate(p) {
    const n = num(p, 'nodes');
    const s = bruckPhases(p);
    const blocks = 2 * n * n;
    return {
      steps: s,
      transfers: 2 * n * s,
      blockRefs: (blocks * s) / 2,
      holdingCells: blocks + (blocks * s) / 2,
    };
  },
  build(p) {
    const n = num(p, 'nodes');
    const s = bruckPhases(p);
    const { x, note } = reconfigBits(p, s);
    const blocks = alltoallBlocks(n, Math.ceil(exactBlockBytes(p, 2)), 2);
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
    const variants = [2 ** s !== n ? `routed modulo ${n} (not a power of two)` : null, note].filter(Boolean);
    return { topology: built.topology, schedule: built.schedule, variant: variants.join('; ') || undefined };
  },
  stepSeconds(s, usage, p) {
    return circuitStepSeconds(usage, p, exactBlockBytes(p, 2), reconfigBits(p, s.stepCount).x);
  },
  formulas(p, m) {
    const n = num(p, 'nodes');
    const s = bruckPhases(p);
    const model = circuitModelOf(p);
    const { x } = reconfigBits(p, s);
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
        note: `cheapest schedule: x = (${bitsText(best.x)}), ${best.seconds.toExponential(4)} s`,
      },
    ];
  },
  narrate(p, f) {
    const k = f.step - 1;
    const { x } = reconfigBits(p, bruckPhases(p));
    return (
      `Phase ${k}: every node sends the half-blocks whose bit ${k} is set ${2 ** k} positions on, the clockwise ` +
      `halves right and the mirrored halves left: ${f.transfers} transfers, ${f.blocksMoved} half-blocks. ` +
      circuitSentence(2, x, k)
    );
  },
};

/** The low `s` bits of x, least significant first. */
function bitsOf(x: number, s: number): string {
  return Array.from({ length: s }, (_, k) => (x >> k) & 1).join('');
}
