import { ALGORITHM_CARDS, DEFAULT_ALGORITHM, findCard } from '../cards';
import type { AlgorithmCard } from '../kernel/spec';
import {
  findReproductionCard,
  findSweep,
  HEATMAPS_PAGE,
  REPRODUCTION_CARDS,
  SWEEPS,
} from '../experiments/catalogue';
import { defaultsOf, parseParam, type ParamValue } from '../kernel/params/schema';

/**
 * Permalinks: the whole view in a readable query string, e.g.
 *   ?v=1&alg=ring-allgather&nodes=8&wavelengths=4&…&step=3&view=split&speed=2
 * Parameters are validated by the same schema as the panel and the command line. Anything invalid or
 * unknown is ignored, listed in `ignored`, and replaced by its default: a link never breaks the page.
 */
export const URL_VERSION = 1;

export const VIEWS = ['ring', 'matrix', 'split'] as const;
export type ViewName = (typeof VIEWS)[number];
export const SPEEDS = ['0.5', '1', '2', '4', '8', '16', 'max'] as const;
export type Speed = (typeof SPEEDS)[number];

/** What the page shows: one schedule, several side by side, the explorer's charts, the paper checks. */
export const MODES = ['visualize', 'compare', 'explore', 'paper'] as const;
export type Mode = (typeof MODES)[number];
/** The detail pane next to the network: holdings matrix, the algorithm's tree, the fibre spectrum. */
export const DETAILS = ['holdings', 'tree', 'spectrum'] as const;
export type DetailName = (typeof DETAILS)[number];

export interface ViewOptions {
  view: ViewName;
  lecture: boolean;
  speed: Speed;
  mode: Mode;
  detail: DetailName;
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
  options: ViewOptions;
  /** Compare mode's schedules (at most MAX_PANES). */
  compare: ComparePane[];
  /** The explorer's chart (a sweep id) and the paper check shown ('' = the first one). */
  sweep: string;
  check: string;
}

export const MAX_PANES = 4;

export const DEFAULT_OPTIONS: ViewOptions = {
  view: 'split',
  lecture: false,
  speed: '2',
  mode: 'visualize',
  detail: 'holdings',
};

export function defaultConfig(algorithm = DEFAULT_ALGORITHM): AppConfig {
  const spec = findCard(algorithm) ?? ALGORITHM_CARDS[0];
  return {
    algorithm: spec.id,
    params: defaultsOf(spec.params),
    step: 0,
    options: { ...DEFAULT_OPTIONS },
    compare: [],
    sweep: '',
    check: '',
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

/** `optree:radices=4,4;depth=2` — a pane in the `cmp` key (panes are separated by `|`). */
function encodePane(p: ComparePane): string {
  const o = Object.entries(p.overrides).map(([k, v]) => `${k}=${v}`);
  return o.length ? `${p.algorithm}:${o.join(';')}` : p.algorithm;
}

function decodePane(text: string, ignored: string[]): ComparePane | null {
  const colon = text.indexOf(':');
  const id = colon < 0 ? text : text.slice(0, colon);
  const spec = findCard(id);
  if (!spec) {
    ignored.push(`compare: algorithm "${show(id)}" is unknown; that pane was left out`);
    return null;
  }
  const overrides: Record<string, ParamValue> = {};
  if (colon >= 0)
    for (const item of text.slice(colon + 1).split(';')) {
      if (!item) continue;
      const eq = item.indexOf('=');
      const key = eq < 0 ? item : item.slice(0, eq);
      const def = spec.params.find((d) => d.key === key);
      if (!def) {
        ignored.push(`compare: "${show(key)}" is not a setting of ${spec.id}`);
        continue;
      }
      if (key in overrides) {
        ignored.push(
          `compare: ${show(key)} appears more than once in a ${spec.id} pane; the first value was used`,
        );
        continue;
      }
      const r = parseParam(def, eq < 0 ? '' : item.slice(eq + 1));
      if (r.ok) overrides[key] = r.value;
      else ignored.push(`compare: ${r.error}`);
    }
  return { algorithm: spec.id, overrides };
}

/** Keys of the query string that are not algorithm parameters. */
const RESERVED = [
  'v',
  'alg',
  'step',
  'view',
  'lecture',
  'speed',
  'play',
  'mode',
  'detail',
  'cmp',
  'sweep',
  'check',
];

export function encodeConfig(c: AppConfig): string {
  const spec = findCard(c.algorithm);
  const parts: [string, string][] = [
    ['v', String(URL_VERSION)],
    ['alg', c.algorithm],
  ];
  for (const def of spec?.params ?? []) parts.push([def.key, String(c.params[def.key] ?? def.default)]);
  parts.push(['step', String(c.step)], ['view', c.options.view], ['speed', c.options.speed]);
  if (c.options.lecture) parts.push(['lecture', '1']);
  if (c.options.mode !== DEFAULT_OPTIONS.mode) parts.push(['mode', c.options.mode]);
  if (c.options.detail !== DEFAULT_OPTIONS.detail) parts.push(['detail', c.options.detail]);
  if (c.compare.length) parts.push(['cmp', c.compare.map(encodePane).join('|')]);
  if (c.sweep) parts.push(['sweep', c.sweep]);
  if (c.check) parts.push(['check', c.check]);
  return parts.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

export interface Decoded {
  config: AppConfig;
  /** Human-readable reasons, one per ignored item. */
  ignored: string[];
  /** `play=1`: start playing once the result is shown. */
  play: boolean;
}

const MAX_QUERY = 4096;
const MAX_SHOWN = 40;

export function decodeConfig(query: string): Decoded {
  const ignored: string[] = [];
  let q = query.startsWith('?') ? query.slice(1) : query;
  if (q.length > MAX_QUERY) {
    ignored.push(`the link is longer than ${MAX_QUERY} characters; the rest was cut off`);
    q = q.slice(0, MAX_QUERY);
  }
  const raw = new Map<string, string>();
  for (const piece of q.split('&')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    const key = safeDecode(eq < 0 ? piece : piece.slice(0, eq));
    const value = safeDecode(eq < 0 ? '' : piece.slice(eq + 1));
    if (key === null || value === null) {
      ignored.push(`"${show(piece)}" is not valid URL encoding`);
      continue;
    }
    if (raw.has(key)) ignored.push(`${show(key)} appears more than once; the first value was used`);
    else raw.set(key, value);
  }
  if (raw.size === 0) return { config: defaultConfig(), ignored, play: false };

  const v = raw.get('v');
  if (v === undefined) ignored.push('the link has no version (v); read as v=1');
  else if (v !== String(URL_VERSION)) ignored.push(`version v=${show(v)} is unknown; read as v=1`);

  const alg = raw.get('alg');
  let spec = alg === undefined ? undefined : findCard(alg);
  if (alg !== undefined && !spec)
    ignored.push(
      `algorithm "${show(alg)}" is unknown; showing ${DEFAULT_ALGORITHM} (known: ${ALGORITHM_CARDS.map((a) => a.id).join(', ')})`,
    );
  spec ??= findCard(DEFAULT_ALGORITHM)!;
  const config = defaultConfig(spec.id);

  for (const def of spec.params) {
    const text = raw.get(def.key);
    if (text === undefined) continue;
    const r = parseParam(def, text);
    if (r.ok) config.params[def.key] = r.value;
    else ignored.push(`${r.error}; using ${def.default}`);
  }
  resolveCrossRules(
    spec,
    config.params,
    new Set(spec.params.map((d) => d.key).filter((k) => raw.has(k))),
    ignored,
  );

  const step = raw.get('step');
  if (step !== undefined) {
    if (/^\d{1,9}$/.test(step)) config.step = Number(step);
    else ignored.push(`step must be a whole number ≥ 0; got "${show(step)}"; starting at step 0`);
  }
  const view = raw.get('view');
  if (view !== undefined) {
    if ((VIEWS as readonly string[]).includes(view)) config.options.view = view as ViewName;
    else ignored.push(`view must be one of ${VIEWS.join(', ')}; got "${show(view)}"`);
  }
  const speed = raw.get('speed');
  if (speed !== undefined) {
    if ((SPEEDS as readonly string[]).includes(speed)) config.options.speed = speed as Speed;
    else ignored.push(`speed must be one of ${SPEEDS.join(', ')} (steps per second); got "${show(speed)}"`);
  }
  const lecture = raw.get('lecture');
  if (lecture !== undefined) {
    if (lecture === '1' || lecture === '0') config.options.lecture = lecture === '1';
    else ignored.push(`lecture must be 0 or 1; got "${show(lecture)}"`);
  }
  const mode = raw.get('mode');
  if (mode !== undefined) {
    if ((MODES as readonly string[]).includes(mode)) config.options.mode = mode as Mode;
    else ignored.push(`mode must be one of ${MODES.join(', ')}; got "${show(mode)}"`);
  }
  const detail = raw.get('detail');
  if (detail !== undefined) {
    if ((DETAILS as readonly string[]).includes(detail)) config.options.detail = detail as DetailName;
    else ignored.push(`detail must be one of ${DETAILS.join(', ')}; got "${show(detail)}"`);
  }
  const cmp = raw.get('cmp');
  if (cmp !== undefined) {
    const texts = cmp.split('|').filter(Boolean);
    if (texts.length > MAX_PANES)
      ignored.push(
        `compare shows at most ${MAX_PANES} schedules; the link has ${texts.length}, the rest were left out`,
      );
    for (const t of texts.slice(0, MAX_PANES)) {
      const pane = decodePane(t, ignored);
      if (pane) config.compare.push(pane);
    }
  }
  const sweep = raw.get('sweep');
  if (sweep !== undefined) {
    if (findSweep(sweep) || sweep === HEATMAPS_PAGE) config.sweep = sweep;
    else
      ignored.push(
        `chart "${show(sweep)}" is unknown (known: ${[...SWEEPS.map((x) => x.id), HEATMAPS_PAGE].join(', ')})`,
      );
  }
  const check = raw.get('check');
  if (check !== undefined) {
    if (findReproductionCard(check)) config.check = check;
    else
      ignored.push(
        `paper check "${show(check)}" is unknown (known: ${REPRODUCTION_CARDS.map((x) => x.id).join(', ')})`,
      );
  }
  const playText = raw.get('play');
  const play = playText === '1';
  if (playText !== undefined && playText !== '1' && playText !== '0')
    ignored.push(`play must be 1 (start playing) or 0; got "${show(playText)}"; not playing`);

  const known = new Set([...RESERVED, ...spec.params.map((d) => d.key)]);
  for (const key of raw.keys())
    if (!known.has(key)) ignored.push(`"${show(key)}" is not a setting of ${spec.id}`);
  if (ignored.length > MAX_SHOWN)
    ignored.splice(MAX_SHOWN, ignored.length - MAX_SHOWN, `… and ${ignored.length - MAX_SHOWN} more`);
  return { config, ignored, play };
}

/**
 * Settles the algorithm's cross-parameter rules (a flit size that must divide the packet size, …) for
 * parameters read from a link. A failing rule is blamed on a value the link set whose default
 * satisfies the rule, the rule's own key first (the link `packet-bytes=100` is at fault, not the flit
 * size it never named); if no single value does, the rule's key is reset and the rules are checked again. That value goes back to its
 * default and the notice says which.
 */
function resolveCrossRules(
  spec: AlgorithmCard,
  params: Record<string, ParamValue>,
  fromLink: Set<string>,
  ignored: string[],
): void {
  for (let round = 0; round <= spec.params.length; round++) {
    const issue = spec.validate(params)[0];
    if (!issue) return;
    const fails = (p: Record<string, ParamValue>) =>
      spec.validate(p).some((i) => i.key === issue.key && i.message === issue.message);
    const candidates = fromLink.has(issue.key)
      ? [issue.key, ...[...fromLink].filter((k) => k !== issue.key)]
      : [...fromLink];
    const blamed =
      candidates.find((k) => {
        const def = spec.params.find((d) => d.key === k)!;
        return !fails({ ...params, [k]: def.default });
      }) ?? issue.key;
    const def = spec.params.find((d) => d.key === blamed);
    if (!def) {
      ignored.push(issue.message);
      return;
    }
    ignored.push(
      blamed === issue.key
        ? `${issue.message}; using the default`
        : `${issue.message}; the link's ${blamed} = ${show(String(params[blamed]))} was ignored, using ${def.default}`,
    );
    params[blamed] = def.default;
    fromLink.delete(blamed);
  }
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function show(s: string): string {
  // Control characters would garble the notice; show them as '?'.
  const clean = Array.from(s, (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? '?' : ch)).join(
    '',
  );
  return clean.length > 40 ? `${clean.slice(0, 37)}...` : clean;
}
