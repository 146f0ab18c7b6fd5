import { ALGORITHM_CARDS, DEFAULT_ALGORITHM, findCard } from '../cards';
import {
  DEFAULT_OPTIONS,
  defaultConfig,
  DETAILS,
  HIDEABLE,
  MAX_PANES,
  MODES,
  paneParams,
  SPEEDS,
  VIEWS,
  type AppConfig,
  type ComparePane,
  type ViewOptions,
} from './app-config';
import {
  EXPLORER_PAGE_CARDS,
  findExplorerPageCard,
  findReproductionCard,
  findSweep,
  REPRODUCTION_CARDS,
  SWEEPS,
} from '../experiments/catalogue';
import { applies, fillSeeds, parseParam, type ParamValue } from '../kernel/params/schema';
import { isNoteId, NOTE_IDS } from '../notes/model-notes';
import { INTEROP_FIELDS } from './interop-link';
import { MARK_FIELD } from './mark-link';
import { show } from './show';
import { migrateLink, URL_VERSION } from './url-migrations';
import { resolveCrossRules } from './url-cross-rules';
import { tryLinkProblem } from '../tryit/share-link';

export { URL_VERSION } from './url-migrations';
export * from './app-config';

/**
 * Permalinks: the whole view in a readable query string, e.g.
 *   ?v=2&alg=ring-allgather&nodes=8&wavelengths=4&…&step=3&view=split&speed=2
 * Parameters are validated by the same schema as the panel and the command line; the other fields
 * come from one table (FIELDS), written and read by two loops. Anything invalid or unknown is
 * ignored, listed in `ignored`, and replaced by its default: a link never breaks the page. Links of
 * an older version are migrated first (url-migrations.ts). The configuration itself, its defaults
 * and its words are app-config.ts (re-exported here).
 */

/** Whether a compare pane takes the page's value of `key` (it does not set its own) and it applies there. */
function paneReadsPageValue(config: Pick<AppConfig, 'params'>, pane: ComparePane, key: string): boolean {
  const def = findCard(pane.algorithm)?.params.find((d) => d.key === key);
  return !!def && !(key in pane.overrides) && applies(def, paneParams(config, pane));
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

/** Where a link's fields are read into. */
interface Target {
  config: AppConfig;
  /** `play=1`: start playing once the result is shown (written only on request, see encodeConfig). */
  play: boolean;
  /** `only0`, when the link gives it (else it follows lecture mode). */
  onlyNode0?: boolean;
}

/**
 * A field of the query string besides the version, the algorithm and its parameters: its key, how it
 * is written (null: left out of the link, which it may be only at its default) and how it is read
 * (a notice when the text is refused; the field then keeps its default).
 */
interface UrlField {
  key: string;
  encode(c: AppConfig): string | null;
  decode(text: string, into: Target): string | null;
}

/** A view option that takes one of a few words. `always`: written even at its default. */
function choice<K extends 'view' | 'speed' | 'mode' | 'detail'>(
  key: K,
  values: readonly ViewOptions[K][],
  always: boolean,
  refused: (got: string) => string,
): UrlField {
  return {
    key,
    encode: (c) => (always || c.options[key] !== DEFAULT_OPTIONS[key] ? c.options[key] : null),
    decode(text, { config }) {
      if (!(values as readonly string[]).includes(text)) return refused(text);
      config.options[key] = text as ViewOptions[K];
      return null;
    },
  };
}

/** The fields, in the order a link writes them (after v, alg and the parameters). */
const FIELDS: readonly UrlField[] = [
  {
    key: 'step',
    encode: (c) => String(c.step),
    decode(text, { config }) {
      if (!/^\d{1,9}$/.test(text))
        return `step must be a whole number ≥ 0; got "${show(text)}"; starting at step 0`;
      config.step = Number(text);
      return null;
    },
  },
  MARK_FIELD,
  choice('view', VIEWS, true, (t) => `view must be one of ${VIEWS.join(', ')}; got "${show(t)}"`),
  choice(
    'speed',
    SPEEDS,
    true,
    (t) => `speed must be one of ${SPEEDS.join(', ')} (steps per second); got "${show(t)}"`,
  ),
  {
    key: 'lecture',
    encode: (c) => (c.options.lecture ? '1' : null),
    decode(text, { config }) {
      if (text !== '1' && text !== '0') return `lecture must be 0 or 1; got "${show(text)}"`;
      config.options.lecture = text === '1';
      return null;
    },
  },
  {
    key: 'only0',
    // Without it, a link's circuit follows its lecture mode (decodeConfig sets it once all are read).
    encode: (c) => (c.options.onlyNode0 !== c.options.lecture ? (c.options.onlyNode0 ? '1' : '0') : null),
    decode(text, into) {
      if (text !== '1' && text !== '0')
        return `only0 must be 1 (only node 0's blocks) or 0 (every block); got "${show(text)}"`;
      into.onlyNode0 = text === '1';
      return null;
    },
  },
  choice('mode', MODES, false, (t) => `mode must be one of ${MODES.join(', ')}; got "${show(t)}"`),
  choice('detail', DETAILS, false, (t) => `detail must be one of ${DETAILS.join(', ')}; got "${show(t)}"`),
  {
    key: 'cmp',
    encode: (c) => (c.compare.length ? c.compare.map(encodePane).join('|') : null),
    decode(text, { config }) {
      const notes: string[] = [];
      const texts = text.split('|').filter(Boolean);
      if (texts.length > MAX_PANES)
        notes.push(
          `compare shows at most ${MAX_PANES} schedules; the link has ${texts.length}, the rest were left out`,
        );
      for (const t of texts.slice(0, MAX_PANES)) {
        const pane = decodePane(t, notes);
        if (pane) config.compare.push(pane);
      }
      return notes.length ? notes.join('\n') : null;
    },
  },
  {
    key: 'sweep',
    encode: (c) => c.sweep || null,
    decode(text, { config }) {
      if (!findSweep(text) && !findExplorerPageCard(text))
        return `chart "${show(text)}" is unknown (known: ${[...SWEEPS, ...EXPLORER_PAGE_CARDS].map((x) => x.id).join(', ')})`;
      config.sweep = text;
      return null;
    },
  },
  {
    key: 'check',
    encode: (c) => c.check || null,
    decode(text, { config }) {
      if (!findReproductionCard(text))
        return `paper check "${show(text)}" is unknown (known: ${REPRODUCTION_CARDS.map((x) => x.id).join(', ')})`;
      config.check = text;
      return null;
    },
  },
  {
    key: 'notes',
    encode: (c) => c.notes || null,
    decode(text, { config }) {
      if (!isNoteId(text)) return `model notes "${show(text)}" are unknown (known: ${NOTE_IDS.join(', ')})`;
      config.notes = text;
      return null;
    },
  },
  {
    key: 'hide',
    encode: (c) => (c.hide.length ? c.hide.join(',') : null),
    decode(text, { config }) {
      const names = text.split(',').filter(Boolean);
      const unknown = names.filter((n) => !(HIDEABLE as readonly string[]).includes(n));
      config.hide = HIDEABLE.filter((h) => names.includes(h));
      return unknown.length
        ? `hide: ${unknown.map((u) => `"${show(u)}"`).join(', ')} cannot be hidden (parts that can: ${HIDEABLE.join(', ')})`
        : null;
    },
  },
  {
    key: 'embed',
    encode: (c) => (c.embed ? '1' : null),
    decode(text, { config }) {
      if (text !== '1' && text !== '0')
        return `embed must be 1 (the network and timeline only) or 0; got "${show(text)}"`;
      config.embed = text === '1';
      return null;
    },
  },
  {
    key: 'file',
    encode: (c) => c.file || null,
    decode(text, { config }) {
      if (!/^[0-9a-f]{8,64}$/.test(text))
        return `file must name a schedule file by its hash (hex digits); got "${show(text)}"`;
      config.file = text;
      return null;
    },
  },
  ...INTEROP_FIELDS,
  {
    key: 'try',
    encode: (c) => c.tryit || null,
    decode(text, { config }) {
      const problem = tryLinkProblem(text);
      if (problem) return `try: ${problem}; the exercise was not opened`;
      config.tryit = text;
      return null;
    },
  },
  {
    key: 'play',
    // Written only when asked for (encodeConfig's `play`): the address bar never says it.
    encode: () => null,
    decode(text, into) {
      into.play = text === '1';
      return text === '1' || text === '0'
        ? null
        : `play must be 1 (start playing) or 0; got "${show(text)}"; not playing`;
    },
  },
];

/**
 * The link of a configuration. `play`: the link starts playing when opened (`play=1`, as a copied
 * link of a page that is playing says).
 */
export function encodeConfig(c: AppConfig, { play = false }: { play?: boolean } = {}): string {
  const spec = findCard(c.algorithm);
  const parts: [string, string][] = [
    ['v', String(URL_VERSION)],
    ['alg', c.algorithm],
  ];
  // Only the parameters that apply (the schema's `appliesWhen`): a link names what its view
  // depends on. Decoding reads any (older links wrote them all).
  for (const def of spec?.params ?? [])
    if (applies(def, c.params) || c.compare.some((p) => paneReadsPageValue(c, p, def.key)))
      parts.push([def.key, String(c.params[def.key] ?? def.default)]);
  for (const f of FIELDS) {
    const text = f.key === 'play' ? (play ? '1' : null) : f.encode(c);
    if (text !== null) parts.push([f.key, text]);
  }
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

/** The algorithms a link may name, for a notice: the first few and how many more (the menu has all). */
function knownAlgorithms(): string {
  const ids = ALGORITHM_CARDS.map((a) => a.id);
  const shown = 8;
  return ids.length <= shown
    ? `known: ${ids.join(', ')}`
    : `known: ${ids.slice(0, shown).join(', ')} and ${ids.length - shown} more in the Algorithm menu`;
}

export function decodeConfig(query: string): Decoded {
  const ignored: string[] = [];
  let q = query.startsWith('?') ? query.slice(1) : query;
  if (q.length > MAX_QUERY) {
    ignored.push(`the link is longer than ${MAX_QUERY} characters; the rest was cut off`);
    q = q.slice(0, MAX_QUERY);
  }
  let raw = new Map<string, string>();
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

  const migrated = migrateLink(raw);
  raw = migrated.raw;
  ignored.push(...migrated.notes);

  const alg = raw.get('alg');
  let spec = alg === undefined ? undefined : findCard(alg);
  if (alg !== undefined && !spec)
    ignored.push(`algorithm "${show(alg)}" is unknown; showing ${DEFAULT_ALGORITHM} (${knownAlgorithms()})`);
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
  // An algorithm that draws random numbers reproduces from its seed: a link without one gets a fresh
  // seed, which the page writes back into the link (no notice: nothing was dropped).
  fillSeeds(spec.params, config.params, new Set(raw.keys()), Math.random);

  const into: Target = { config, play: false };
  for (const f of FIELDS) {
    const text = raw.get(f.key);
    if (text === undefined) continue;
    const refused = f.decode(text, into);
    if (refused !== null) ignored.push(...refused.split('\n'));
  }
  config.options.onlyNode0 = into.onlyNode0 ?? config.options.lecture;

  const known = new Set(['v', 'alg', ...FIELDS.map((f) => f.key), ...spec.params.map((d) => d.key)]);
  for (const key of raw.keys())
    if (!known.has(key)) ignored.push(`"${show(key)}" is not a setting of ${spec.id}`);
  if (ignored.length > MAX_SHOWN)
    ignored.splice(MAX_SHOWN, ignored.length - MAX_SHOWN, `… and ${ignored.length - MAX_SHOWN} more`);
  return { config, ignored, play: into.play };
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
