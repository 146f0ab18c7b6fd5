import { num, type ParamDef, type ParamValues } from '../../kernel/params/schema';
import type { Usage } from '../../kernel/verify/rules';

/**
 * Cost model of a reconfigurable optical network (ReTri paper, Sec. 3.4, the extended Hockney model):
 * a phase k costs α_s + h_k·α_h + m_k·c_k·β, and every reconfiguration δ. Here h_k is the longest
 * route of the phase in circuit hops and m_k·c_k the most bytes that cross one directed circuit in the
 * phase, both measured on the verified schedule (not assumed). Defaults: the paper's evaluation
 * (Sec. 4): 400 Gb/s links, 1 µs per hop, 1.7 µs per phase.
 */
export const CIRCUIT_TIME_PARAMS: readonly ParamDef[] = [
  {
    key: 'message-bytes',
    label: 'Message size m',
    kind: 'int',
    min: 1,
    max: 2 ** 34,
    default: 2 ** 20,
    unit: 'B',
    group: 'message',
    help: 'Data each node sends in all, split evenly over the destinations (block size m/n).',
  },
  {
    key: 'bandwidth',
    label: 'Link bandwidth b',
    kind: 'number',
    // Bounded away from 0: a rate of 1e-300 Gb/s passed as valid and made every time infinite.
    min: 0.001,
    max: 100_000,
    default: 400,
    unit: 'Gb/s',
    group: 'time model',
    help: 'Line rate of one optical circuit in each direction (paper: 400 Gb/s).',
  },
  {
    key: 'hop-delay',
    label: 'Per-hop delay α_h',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    default: 1,
    unit: 'µs',
    group: 'time model',
    help: 'Propagation and forwarding delay of one circuit hop (paper: 1 µs).',
  },
  {
    key: 'phase-delay',
    label: 'Per-phase delay α_s',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    default: 1.7,
    unit: 'µs',
    group: 'time model',
    help: 'Start-up cost of every phase, e.g. preparing the data (paper: 1.7 µs).',
  },
  {
    key: 'reconfiguration-delay',
    label: 'Reconfiguration delay δ',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    default: 10,
    unit: 'µs',
    group: 'time model',
    help: 'Time the switch needs to set up new circuits (paper sweeps 1 µs to 50 ms).',
  },
];

/** The cost parameters in seconds and seconds per byte. */
export interface CircuitModel {
  messageBytes: number;
  /** Seconds per byte, β = 1/b. */
  beta: number;
  hop: number;
  phase: number;
  reconfiguration: number;
}

export function circuitModelOf(p: ParamValues): CircuitModel {
  return {
    messageBytes: num(p, 'message-bytes'),
    beta: 8 / (num(p, 'bandwidth') * 1e9),
    hop: num(p, 'hop-delay') * 1e-6,
    phase: num(p, 'phase-delay') * 1e-6,
    reconfiguration: num(p, 'reconfiguration-delay') * 1e-6,
  };
}

/** What one phase of a verified schedule measures, the inputs of its cost. */
export interface PhaseMeasure {
  /** Longest route in circuit hops, h_k. */
  hops: number;
  /** Most bytes crossing one directed circuit, m_k·c_k. */
  linkBytes: number;
  reconfigured: boolean;
}

/** Seconds of one phase: (δ if reconfigured) + α_s + h_k·α_h + m_k·c_k·β. */
export function phaseSeconds(m: CircuitModel, ph: PhaseMeasure): number {
  return (ph.reconfigured ? m.reconfiguration : 0) + m.phase + ph.hops * m.hop + ph.linkBytes * m.beta;
}

/** Per-step measures of a verified schedule with one step per phase and blocks of `blockBytes`. */
export function phaseMeasures(
  usage: Usage,
  blockBytes: number,
  reconfigured: readonly boolean[],
): PhaseMeasure[] {
  return Array.from(usage.stepLongestRoute, (hops, i) => ({
    hops,
    linkBytes: usage.stepMaxLinkBlocks[i] * blockBytes,
    reconfigured: reconfigured[i] ?? false,
  }));
}
