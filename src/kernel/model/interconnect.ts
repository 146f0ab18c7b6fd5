import type { ParamValues } from '../params/schema';
import type { Usage } from '../verify/rules';
import type { Schedule } from './schedule';
import type { TopologyKind } from './topology';

/**
 * An interconnect model: one object per family (`src/families/<family>/interconnect.ts`), listed in
 * `src/interconnects.ts`. The models the core knows, one entry each: what their parts are called, how a step
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

/** The spectrum of a model whose links are one run: links × channels. */
export const LINKS_BY_CHANNEL: Interconnect['spectrum'] = {
  fibres: 1,
  captions: () => ['link (columns), channel (rows)', 'links × channels'],
};

/** A network read from a schedule file, or a model this build does not know: no picture, no time. */
export const GENERIC_INTERCONNECT: Interconnect = {
  kind: 'generic',
  name: 'network read from a schedule file',
  transfer: { one: 'transfer', many: 'transfers' },
  channel: { name: 'channel', symbol: 'ch' },
  stepSeconds: null,
  optics: false,
  spectrum: LINKS_BY_CHANNEL,
};
