import type { ParamValues } from '../params/schema';
import type { Usage } from '../verify/rules';
import type { Schedule } from './schedule';
import type { Topology, NetworkKind } from './topology';

/**
 * An interconnect model: one object per family (`src/families/<family>/interconnect.ts`), listed in
 * `src/interconnects.ts`. The models the core knows, one entry each: what their parts are called, how a step
 * is timed when an algorithm brings no cost model of its own, and which checks apply. Code that
 * would otherwise switch on a topology kind reads this instead; a kind it does not know (a newer
 * schedule file, a family still being added) gets the generic entry, never the ring's.
 * The app's half — views and panels — is `app/interconnects.tsx`.
 */
export interface Interconnect {
  kind: NetworkKind;
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
  /**
   * The physical-layer check of a verified schedule (the WDM ring: the OpTree paper's eqs. 4–9, path
   * length, loss, laser power, crosstalk), or null where the model has none. `RunResult.optics`.
   */
  optics: ((params: ParamValues, measured: { longestRoute: number; nodes: number }) => OpticsRow[]) | null;
  /**
   * What the model's views need beyond the schedule, computed once with the result (in the worker)
   * and carried in `RunResult.extras`: the star's tunings per node and step, the circuit switch's
   * blocks per circuit in its dense phases. Absent where none.
   */
  extras?(s: Schedule, p: ParamValues, topo: Topology): Readonly<Record<string, unknown>>;
  /**
   * A network read from a schedule file, as this model, when it is one: the same links in the
   * model's own numbering, and routes in the model's own form (the ring's arcs). Null when it is not;
   * the file is then drawn as a general graph. Verification has already happened on the file as read.
   */
  recognise?(t: Topology, s: Schedule): Recognised | null;
  /**
   * How the spectrum view (links × channels) reads the links: two fibres of `nodes` links each, drawn
   * as two bands (the ring), or one run of links; and its captions, longest first.
   */
  spectrum: { fibres: 1 | 2; captions(nodes: number): string[] };
}

/** The channels of a WDM network (the ring's fibres, the star's coupler): wavelengths, λ. */
export const WAVELENGTHS: Interconnect['channel'] = { name: 'wavelength', symbol: 'λ' };

/** The spectrum of a model whose links are one run: links × channels. */
export const LINKS_BY_CHANNEL: Interconnect['spectrum'] = {
  fibres: 1,
  captions: () => ['link (columns), channel (rows)', 'links × channels'],
};

/**
 * What the electronic and circuit-switched models share: channels with no symbol of their own, no
 * step time (their algorithms bring their time models), no optical budget, links drawn as one run.
 */
export const PLAIN_CHANNELS = {
  channel: { name: 'channel', symbol: null },
  stepSeconds: null,
  optics: null,
  spectrum: LINKS_BY_CHANNEL,
} as const satisfies Partial<Interconnect>;

/** A network read from a schedule file, or a model this build does not know: no picture, no time. */
export const GENERIC_INTERCONNECT: Interconnect = {
  kind: 'generic',
  name: 'network read from a schedule file',
  transfer: { one: 'transfer', many: 'transfers' },
  channel: { name: 'channel', symbol: 'ch' },
  stepSeconds: null,
  optics: null,
  spectrum: LINKS_BY_CHANNEL,
};

/** One constraint: its value by eq. 4's L_max and by the constructed schedule's longest lightpath. */
export interface OpticsRow {
  id: 'path' | 'loss' | 'laser' | 'snr' | 'ber';
  /**
   * The constraint the row belongs to: 'power' (eqs. 5–6, loss and laser are one inequality in two
   * units), 'crosstalk' (eqs. 7–9, SNR and BER likewise) or 'length' (the path length both allow).
   */
  constraint: 'length' | 'power' | 'crosstalk';
  label: string;
  /** The relation in TeX. */
  tex: string;
  source: string;
  /** Value at eq. 4's L_max; null when the algorithm has no tree depth for eq. 4. */
  formula: number | null;
  /** Value at the constructed schedule's longest lightpath. */
  constructed: number;
  /** The bound; null when there is none (an unlimited path length). */
  limit: number | null;
  /** Whether the value must stay at or below the limit ('max') or at or above it ('min'). */
  bound: 'max' | 'min';
  unit: 'nodes' | 'dB' | 'dBm' | 'BER';
  /** The constructed schedule satisfies this constraint. */
  ok: boolean;
  /** The formula's L_max satisfies it (absent when there is no formula value). */
  formulaOk?: boolean;
  /** What is wrong, in plain words, when `ok` is false. */
  message?: string;
  /** A remark on formula vs construction. */
  note?: string;
}

/** A file's network and schedule as a model's own, with the parameters its views need (the star's k). */
export interface Recognised {
  topology: Topology;
  schedule: Schedule;
  params?: ParamValues;
}
