import { recogniseCircuit } from './recognise';
import { circuitLoadsByStep } from './circuit-loads';
import { PLAIN_CHANNELS, type Interconnect } from '../../kernel/model/interconnect';

/** Processors on a reconfigurable circuit switch: algorithms bring their own time (circuit-time.ts). */
export const CIRCUIT_SWITCH: Interconnect = {
  kind: 'circuit',
  name: 'reconfigurable optical circuit switch',
  transfer: { one: 'transfer', many: 'transfers' },
  ...PLAIN_CHANNELS,
  recognise: recogniseCircuit,
  // The dense phases' blocks per circuit, which the view draws as bands (circuit-loads.ts).
  extras: (s, _p, topo) => ({ loads: circuitLoadsByStep(s, topo) }),
};
