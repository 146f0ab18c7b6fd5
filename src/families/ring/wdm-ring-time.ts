import { num, type ParamDef, type ParamValues } from '../../kernel/params/schema';
import type { Schedule } from '../../kernel/model/schedule';
import type { Usage } from '../../kernel/verify/rules';

/**
 * Time model of the WDM ring from the OpTree paper (Dai et al., "Efficient Algorithm for All-gather
 * Operation in Optical Interconnect Systems", eq. 3): T = S · (d/B + a), where S is the number of
 * steps, d the data one lightpath carries in a step, B the bandwidth of one wavelength and a the
 * per-step overhead: the reconfiguration delay of the micro-ring resonators plus the O/E/O
 * conversion delay. Our reading of the parameters (Section V.A) is in docs/models/time-model.md:
 * data travels in whole packets, each packet is packet/flit flits, and O/E/O costs a number of clock
 * cycles per flit.
 */
export const TIME_PARAMS: readonly ParamDef[] = [
  {
    key: 'message-bytes',
    label: 'Message size d',
    kind: 'int',
    min: 1,
    max: 2 ** 34,
    default: 4 * 2 ** 20,
    unit: 'B',
    group: 'message',
    help: 'Data each node contributes (one block). 4 MiB is the size of the paper’s depth experiment.',
  },
  {
    key: 'bandwidth',
    label: 'Bandwidth per wavelength B',
    kind: 'number',
    // Bounded away from 0: a rate of 1e-300 Gb/s passed as valid and made every time infinite.
    min: 0.001,
    max: 100_000,
    default: 40,
    unit: 'Gb/s',
    group: 'time model',
    help: 'Line rate of one wavelength (TeraRack: 40 Gb/s).',
  },
  {
    key: 'reconfiguration-delay',
    label: 'Reconfiguration delay',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    default: 25,
    unit: 'µs',
    group: 'time model',
    help: 'Time to retune the micro-ring resonators before each step (paper: 25 µs).',
  },
  {
    key: 'oeo-cycles-per-flit',
    label: 'O/E/O delay per flit',
    kind: 'number',
    min: 0,
    max: 1_000_000,
    default: 1,
    unit: 'cycles',
    group: 'time model',
    help: 'Optical-electrical-optical conversion cost per flit received (paper: 1 cycle).',
  },
  {
    key: 'clock',
    label: 'Clock frequency',
    kind: 'number',
    min: 0.001,
    max: 100,
    default: 1,
    unit: 'GHz',
    group: 'time model',
    help: 'Clock that counts O/E/O cycles. The paper does not state it; 1 GHz is our assumption.',
  },
  {
    key: 'packet-bytes',
    label: 'Packet size',
    kind: 'int',
    min: 1,
    max: 1 << 20,
    default: 128,
    unit: 'B',
    group: 'time model',
    help: 'Data travels in whole packets (paper: 128 B); a partial last packet is padded.',
  },
  {
    key: 'flit-bytes',
    label: 'Flit size',
    kind: 'int',
    min: 1,
    max: 1 << 20,
    default: 32,
    unit: 'B',
    group: 'time model',
    help: 'Smallest unit of transfer (paper: 32 B); must divide the packet size.',
  },
];

export interface TimeModel {
  bandwidthBitsPerSecond: number;
  reconfigurationSeconds: number;
  oeoSecondsPerFlit: number;
  packetBytes: number;
  flitsPerPacket: number;
}

export function timeModelOf(p: ParamValues): TimeModel {
  return {
    bandwidthBitsPerSecond: num(p, 'bandwidth') * 1e9,
    reconfigurationSeconds: num(p, 'reconfiguration-delay') * 1e-6,
    oeoSecondsPerFlit: num(p, 'oeo-cycles-per-flit') / (num(p, 'clock') * 1e9),
    packetBytes: num(p, 'packet-bytes'),
    flitsPerPacket: num(p, 'packet-bytes') / num(p, 'flit-bytes'),
  };
}

/** Cross-parameter rule of the time model. */
export function checkTimeParams(p: ParamValues): { key: string; message: string }[] {
  const packet = num(p, 'packet-bytes');
  const flit = num(p, 'flit-bytes');
  return packet % flit === 0
    ? []
    : [
        {
          key: 'flit-bytes',
          message: `Flit size (flit-bytes) must divide the packet size ${packet} B; got ${flit} B`,
        },
      ];
}

/** Seconds one lightpath needs to carry `bytes`: packetised transmission plus O/E/O of its flits. */
export function lightpathSeconds(m: TimeModel, bytes: number): number {
  if (bytes <= 0) return 0;
  const packets = Math.ceil(bytes / m.packetBytes);
  return (
    (packets * m.packetBytes * 8) / m.bandwidthBitsPerSecond +
    packets * m.flitsPerPacket * m.oeoSecondsPerFlit
  );
}

/** Seconds of one step whose fullest lightpath carries `maxBytes` (0: an idle step costs nothing). */
export function stepSeconds(m: TimeModel, maxBytes: number): number {
  return maxBytes > 0 ? lightpathSeconds(m, maxBytes) + m.reconfigurationSeconds : 0;
}

/** The per-step overhead a of eq. 3 for data d: reconfiguration plus O/E/O of d's flits. */
export function overheadSeconds(m: TimeModel, d: number): number {
  return m.reconfigurationSeconds + Math.ceil(d / m.packetBytes) * m.flitsPerPacket * m.oeoSecondsPerFlit;
}

/** Eq. 3 of the OpTree paper as printed: T = S · (d/B + a). */
export function eq3Seconds(m: TimeModel, steps: number, d: number): number {
  return steps * ((d * 8) / m.bandwidthBitsPerSecond + overheadSeconds(m, d));
}

/** Seconds of each step under eq. 3: the lightpath carrying the most data sets the step's pace. */
export function ringStepSeconds(s: Schedule, usage: Usage, params: ParamValues): Float64Array {
  const model = timeModelOf(params);
  const perStep = new Float64Array(s.stepCount);
  for (let i = 0; i < s.stepCount; i++)
    perStep[i] = stepSeconds(model, usage.stepMaxBlocks[i] * s.blocks.bytes);
  return perStep;
}
