import { ALGORITHM_CARDS, DEFAULT_ALGORITHM, findCard } from '../cards';
import { defaultsOf, type ParamValue } from '../kernel/params/schema';
import { DEFAULT_INTEROP, type InteropView } from './interop-link';

/*
 * What a page shows, as data: the configuration a permalink writes and reads (url-codec.ts), its
 * view options and their words, its defaults and a compare pane's parameters.
 */

export const VIEWS = ['network', 'matrix', 'split'] as const;
export type ViewName = (typeof VIEWS)[number];
export const SPEEDS = ['0.5', '1', '2', '4', '8', '16', 'max'] as const;
export type Speed = (typeof SPEEDS)[number];

/** What the page shows: one schedule, several side by side, the explorer's charts, the paper checks, Try it. */
export const MODES = ['visualize', 'compare', 'explore', 'paper', 'try'] as const;
export type Mode = (typeof MODES)[number];
/**
 * The detail pane next to the network: holdings matrix, the algorithm's tree, the fibre spectrum,
 * the links' load over all steps, an MSCCL file's threadblock timeline, a TE-CCL file's chunks (each
 * only while such a file is shown).
 */
export const DETAILS = ['holdings', 'tree', 'spectrum', 'linkload', 'threadblocks', 'chunks'] as const;
export type DetailName = (typeof DETAILS)[number];
/**
 * Parts of the page a link may hide (`hide=params,header`), for embedding a view in a page or a
 * slide: the header, the parameter panel, the side column (narration, formulas, panels), the
 * timeline. Notices are never hidden: a bad link always says what it dropped.
 */
export const HIDEABLE = ['header', 'params', 'side', 'timeline'] as const;
export type Hideable = (typeof HIDEABLE)[number];
/** What embed mode leaves out: all but the network and the timeline. */
export const EMBED_HIDES: readonly Hideable[] = ['header', 'params', 'side'];

/** The parts of the page a configuration leaves out: its `hide`, and in embed mode EMBED_HIDES. */
export function hiddenParts(c: Pick<AppConfig, 'hide' | 'embed'>): Hideable[] {
  return HIDEABLE.filter((h) => c.hide.includes(h) || (c.embed && EMBED_HIDES.includes(h)));
}

export interface ViewOptions {
  view: ViewName;
  lecture: boolean;
  speed: Speed;
  mode: Mode;
  detail: DetailName;
  /**
   * A circuit switch drawn with only node 0's blocks, as the ReTri paper's Fig. 1 (`only0`): by
   * default in lecture mode, not at the desk, so a link writes it only where it differs.
   */
  onlyNode0: boolean;
}

/** One schedule of compare mode: an algorithm and the parameters it sets differently from the page's. */
export interface ComparePane {
  algorithm: string;
  overrides: Record<string, ParamValue>;
}

export interface AppConfig {
  algorithm: string;
  params: Record<string, ParamValue>;
  /** 0 = before the first step. */
  step: number;
  /** Links marked on the network picture (`mark=`, mark-link.ts), [] for none. */
  mark: number[];
  options: ViewOptions;
  /** Compare mode's schedules (at most MAX_PANES). */
  compare: ComparePane[];
  /** The explorer's chart (a sweep id) and the paper check shown ('' = the first one). */
  sweep: string;
  check: string;
  /** Parts of the page left out (`hide=`), in HIDEABLE's order. */
  hide: Hideable[];
  /**
   * Embed mode (`embed=1`): the network and the timeline only, for a course page or a slide, with a
   * link back to the full view (EMBED_HIDES are left out besides `hide`).
   */
  embed: boolean;
  /**
   * A schedule file shown instead of the algorithm's schedule: its content hash (the browser keeps
   * the file under it), '' for none. The algorithm and parameters stay, for when the file is closed.
   */
  file: string;
  /** A file made elsewhere: its network and stretch (`net=`, `stretch=`; interop-link.ts). */
  interop: InteropView;
  /** The model note open over the page (`docs/models/<id>.md`, src/notes), '' for none. */
  notes: string;
  /** Try it's exercise and attempt (`try=`, src/tryit/share-link.ts), '' for the first exercise. */
  tryit: string;
}

export const MAX_PANES = 4;

export const DEFAULT_OPTIONS: ViewOptions = {
  view: 'split',
  lecture: false,
  speed: '2',
  mode: 'visualize',
  detail: 'holdings',
  onlyNode0: false,
};

export function defaultConfig(algorithm = DEFAULT_ALGORITHM): AppConfig {
  const spec = findCard(algorithm) ?? ALGORITHM_CARDS[0];
  return {
    algorithm: spec.id,
    params: defaultsOf(spec.params),
    step: 0,
    mark: [],
    options: { ...DEFAULT_OPTIONS },
    compare: [],
    sweep: '',
    check: '',
    hide: [],
    embed: false,
    file: '',
    interop: { ...DEFAULT_INTEROP },
    notes: '',
    tryit: '',
  };
}

/**
 * The full parameters of a compare pane: the page's values for the parameters its algorithm shares
 * (the ring, the message, the time model), its defaults for the rest, then its own overrides.
 */
export function paneParams(config: Pick<AppConfig, 'params'>, pane: ComparePane): Record<string, ParamValue> {
  const spec = findCard(pane.algorithm);
  if (!spec) return {};
  const params = defaultsOf(spec.params);
  for (const d of spec.params) if (d.key in config.params) params[d.key] = config.params[d.key];
  return { ...params, ...pane.overrides };
}
