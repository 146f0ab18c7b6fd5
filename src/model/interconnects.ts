import { ringStepSeconds } from '../cost/wdm-ring-time';
import type { ParamValues } from '../params/schema';
import type { Usage } from '../verify/verifier';
import type { Schedule } from './schedule';
import type { TopologyKind } from './topology';

/**
 * The interconnect models the core knows, one entry each: what their parts are called, how a step
 * is timed when an algorithm brings no cost model of its own, and which checks apply. Code that
 * would otherwise switch on a topology kind reads this instead; a kind it does not know (a newer
 * schedule file, a family still being added) gets the generic entry, never the ring's.
 * The app's half — views and panels — is `app/interconnects.tsx`.
 */
export interface Interconnect {
  kind: TopologyKind;
  /** The model's name in running text ("a WDM ring"). */
  name: string;
  /** What one transfer is called: "lightpath", "transmission", "transfer". */
  transfer: { one: string; many: string };
  /** What a link's channels are, and their symbol in compact text (null: not worth showing). */
  channel: { name: string; symbol: string | null };
  /**
   * Seconds of each step when the algorithm has no `stepSeconds` of its own; null when the model
   * has no time model (an algorithm on it must bring one).
   */
  stepSeconds: ((s: Schedule, usage: Usage, p: ParamValues) => Float64Array) | null;
  /** Whether the OpTree paper's optical constraints (eqs. 4–9: loss, power, crosstalk) apply. */
  optics: boolean;
  /**
   * How the spectrum view (links × channels) reads the links: two fibres of `nodes` links each, drawn
   * as two bands (the ring), or one run of links; and its captions, longest first.
   */
  spectrum: { fibres: 1 | 2; captions(nodes: number): string[] };
}

const LINKS_BY_CHANNEL = {
  fibres: 1,
  captions: () => ['link (columns), channel (rows)', 'links × channels'],
} as const;

export const INTERCONNECTS: Readonly<Record<TopologyKind, Interconnect>> = {
  'wdm-ring': {
    kind: 'wdm-ring',
    name: 'WDM optical ring',
    transfer: { one: 'lightpath', many: 'lightpaths' },
    channel: { name: 'wavelength', symbol: 'λ' },
    stepSeconds: ringStepSeconds,
    optics: true,
    spectrum: {
      fibres: 2,
      captions: () => [
        'link i leaves node i (columns), wavelength (rows)',
        'links (columns), wavelengths (rows)',
      ],
    },
  },
  star: {
    kind: 'star',
    name: 'passive optical star',
    transfer: { one: 'transmission', many: 'transmissions' },
    channel: { name: 'wavelength', symbol: 'λ' },
    stepSeconds: null,
    optics: false,
    // Its links (model/star.ts): uplinks into the coupler, the coupler, downlinks out of it.
    spectrum: {
      fibres: 1,
      captions: (n) => [
        `uplinks 0–${n - 1}, coupler ${n}, downlinks ${n + 1}–${2 * n}; wavelength (rows)`,
        `up 0–${n - 1} · coupler ${n} · down ${n + 1}–${2 * n}`,
        'links × wavelengths',
      ],
    },
  },
  circuit: {
    kind: 'circuit',
    name: 'reconfigurable optical circuit switch',
    transfer: { one: 'transfer', many: 'transfers' },
    channel: { name: 'channel', symbol: null },
    stepSeconds: null,
    optics: false,
    spectrum: LINKS_BY_CHANNEL,
  },
  generic: {
    kind: 'generic',
    name: 'network read from a schedule file',
    transfer: { one: 'transfer', many: 'transfers' },
    channel: { name: 'channel', symbol: 'ch' },
    stepSeconds: null,
    optics: false,
    spectrum: LINKS_BY_CHANNEL,
  },
};

/** Whether the core knows `kind`. */
export function isKnownInterconnect(kind: string): kind is TopologyKind {
  return Object.hasOwn(INTERCONNECTS, kind);
}

/** The entry for `kind`; the generic one for a kind the core does not know. */
export function interconnectOf(kind: string): Interconnect {
  return isKnownInterconnect(kind) ? INTERCONNECTS[kind] : INTERCONNECTS.generic;
}
