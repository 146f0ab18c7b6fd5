import { checkTimeParams, TIME_PARAMS } from '../cost/wdm-ring-time';
import type { ParamDef, ParamIssue, ParamValues } from '../params/schema';

/** Parameters every WDM-ring algorithm shares: the ring, then the eq. 3 time model. */
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
];

export function validateRing(p: ParamValues): ParamIssue[] {
  return checkTimeParams(p);
}
