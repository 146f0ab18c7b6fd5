import { recogniseStar } from './recognise';
import { WAVELENGTHS, type Interconnect } from '../../kernel/model/interconnect';
import { starTunings } from './star-cost';
import { kOf } from './star-params';

/** The passive optical star: every algorithm on it brings its own cost model (star-cost.ts). */
export const PASSIVE_STAR: Interconnect = {
  kind: 'star',
  name: 'passive optical star',
  transfer: { one: 'transmission', many: 'transmissions' },
  channel: WAVELENGTHS,
  stepSeconds: null,
  optics: null,
  recognise: recogniseStar,
  // Counted for the cost formulas anyway (star-cost.ts keeps them), so carrying them costs nothing.
  extras: (s, p) => (s.receivers.kind === 'list' ? { tunings: starTunings(s, kOf(p)) } : {}),
  // Its links (topology.ts): uplinks into the coupler, the coupler, downlinks out of it.
  spectrum: {
    fibres: 1,
    captions: (n) => [
      `uplinks 0–${n - 1}, coupler ${n}, downlinks ${n + 1}–${2 * n}; wavelength (rows)`,
      `up 0–${n - 1} · coupler ${n} · down ${n + 1}–${2 * n}`,
      'links × wavelengths',
    ],
  },
};
