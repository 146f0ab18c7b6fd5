import { OPTREE_PAPER } from './paper';
import { num, type ParamDef, type ParamIssue, type ParamValues } from '../../kernel/params/schema';
import type { FormulaRow, Measured } from '../../kernel/spec';
import { OPTICS_PARAMS } from './optics-params';
import { TIME_PARAMS, checkTimeParams, eq3Seconds, timeModelOf, type TimeModel } from './wdm-ring-time';
import { parseChecked } from '../../kernel/config';
import { plural } from '../../kernel/util/units';

/** Parameters every WDM-ring algorithm shares: the ring, the eq. 3 time model, the optics (eqs. 4–9). */
export const RING_PARAMS: readonly ParamDef[] = [
  {
    key: 'nodes',
    label: 'Nodes N',
    kind: 'int',
    min: 2,
    max: 65_536,
    default: 8,
    group: 'network',
    help: 'Processors on the bidirectional optical ring.',
  },
  {
    key: 'wavelengths',
    label: 'Wavelengths w',
    kind: 'int',
    min: 1,
    max: 1024,
    default: 4,
    group: 'network',
    help: 'Wavelengths per fibre direction (TeraRack: 64).',
  },
  ...TIME_PARAMS,
  ...OPTICS_PARAMS,
];

/** What every WDM-ring algorithm is configured with: the ring, the message and the eq. 3 time model. */
export interface RingConfig {
  nodes: number;
  wavelengths: number;
  /** d: the data each node contributes (one block). */
  messageBytes: number;
  time: TimeModel;
}

/** The ring's parameters read, without checking the rules across them (see parseRing). */
export function readRing(p: ParamValues): RingConfig {
  return {
    nodes: num(p, 'nodes'),
    wavelengths: num(p, 'wavelengths'),
    messageBytes: num(p, 'message-bytes'),
    time: timeModelOf(p),
  };
}

/** The ring's rules across parameters (the time model's: a flit divides a packet). */
export function ringIssues(p: ParamValues): ParamIssue[] {
  return checkTimeParams(p);
}

/** What every all-gather card of the WDM ring says alike: the collective, the network and the paper. */
export const RING_ALLGATHER = { collective: 'allgather', topology: 'wdm-ring', paper: OPTREE_PAPER } as const;

/**
 * A WDM-ring card's `parse`: every parameter of RING_PARAMS checked against its bounds (a ConfigError
 * naming it and its limits), then read, then the time model's rule across parameters.
 */
export function parseRing(p: ParamValues): RingConfig {
  return parseChecked(RING_PARAMS, p, readRing, () => ringIssues(p));
}

/**
 * Why eq. 3 and the schedule differ for a message that is not a whole number of packets: the formula
 * sends d bytes, a lightpath sends whole packets, the last one padded (docs/models/time-model.md).
 */
export function partialPacketNote(c: RingConfig): string | undefined {
  const d = c.messageBytes;
  const packet = c.time.packetBytes;
  if (d % packet === 0) return undefined;
  const packets = Math.ceil(d / packet);
  return (
    `d = ${d.toLocaleString('en-US')} B is not a whole number of ${packet}-B packets: a lightpath sends ` +
    `${plural(packets, 'packet')} (${(packets * packet).toLocaleString('en-US')} B, ` +
    `the last padded), where eq. 3 counts d itself.`
  );
}

/** The eq. 3 time row: the printed formula with `steps` from the paper, beside the constructed time. */
export function eq3Row(c: RingConfig, steps: number, m: Measured, note?: string): FormulaRow {
  note = [note, partialPacketNote(c)].filter(Boolean).join(' ') || undefined;
  return {
    id: 'time',
    label: 'Time',
    tex: 'T = S\\left(\\frac{d}{B} + a\\right)',
    source: 'OpTree paper, eq. 3',
    formula: eq3Seconds(c.time, steps, c.messageBytes),
    constructed: m.seconds,
    unit: 's',
    note,
  };
}
