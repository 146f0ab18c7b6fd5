import { ALGORITHMS } from '../src/registry';
import { DETAILS, MAX_PANES, MODES, SPEEDS, VIEWS } from '../src/config/url-codec';
import type { ParamDef } from '../src/kernel/params/schema';
import { rng, type Rng } from '../src/kernel/util/rng';
import { MAX_QUERY } from './link-oracle';

/**
 * Seeded generator of permalinks, most of them hostile: values at and beyond every bound of every
 * parameter of every algorithm, markup, long and repeated keys, broken encoding, many compare panes.
 * The same seed gives the same links, so a failure seen in CI can be replayed.
 */

/** Markup a page must show as text, never turn into elements (each carries a marker to look for). */
export const MARKUP = [
  '<img src=x onerror="window.__injected=1">',
  '"><b id=ocl-injected>x</b>',
  '<script>window.__injected=1</script>',
  '<svg onload="window.__injected=1">',
  'javascript:window.__injected=1',
];

const WEIRD = [
  '',
  ' ',
  '-0',
  '0',
  '-1',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  '9007199254740993',
  '4294967296',
  '१२',
  '٣',
  '\u0000',
  '%00',
  '../../etc/passwd',
  '😀',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17',
  ',,,',
];

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[r.int(xs.length)];

/**
 * Notes each kind of hostile part a link gets (`value:markup`, `alg:ring-allgather`, `cmp:too-many`…),
 * for the stratified sample the browser opens (sampleByKind). Tagging draws nothing from the
 * generator, so a seed gives the same links with or without it.
 */
type Tag = (kind: string) => void;

function valueFor(r: Rng, def: ParamDef, tag: Tag): string {
  const roll = r.int(10);
  if (roll < 4) {
    tag(roll < 2 ? 'value:weird' : roll < 3 ? 'value:markup' : 'value:long');
    return roll < 2 ? pick(r, WEIRD) : roll < 3 ? pick(r, MARKUP) : 'x'.repeat(1 + r.int(600));
  }
  switch (def.kind) {
    case 'enum':
      tag(roll < 8 ? 'value:option' : 'value:option-typo');
      return roll < 8 ? pick(r, def.options).value : `${pick(r, def.options).value}x`;
    case 'int-list': {
      tag('value:list');
      const n = r.int(def.maxLength + 3);
      return Array.from({ length: n }, () => String(def.min - 1 + r.int(def.max - def.min + 3))).join(',');
    }
    default: {
      const { min, max } = def;
      const edges = [min, max, min - 1, max + 1, max * 10, min - 0.5, max + 0.5];
      tag(roll < 7 ? 'value:edge' : 'value:inside');
      if (roll < 7) return String(pick(r, edges));
      const x = min + r.next() * Math.min(max - min, 1e6);
      return String(def.kind === 'int' ? Math.round(x) : x);
    }
  }
}

function reservedValue(r: Rng, key: string, tag: Tag): string {
  const roll = r.int(4);
  tag(`reserved:${key}${roll === 0 ? ':weird' : roll === 1 ? ':markup' : ''}`);
  if (roll === 0) return pick(r, WEIRD);
  if (roll === 1) return pick(r, MARKUP);
  switch (key) {
    case 'v':
      return pick(r, ['1', '2', '0', '1.0']);
    case 'step':
      return pick(r, ['0', '1', '3', '16', '99999', '999999999', '1000000000', '-1', '2.5']);
    case 'view':
      return pick(r, [...VIEWS, 'RING']);
    case 'speed':
      return pick(r, [...SPEEDS, '3', 'fast']);
    case 'lecture':
      return pick(r, ['0', '1', 'yes', 'true']);
    case 'play':
      return pick(r, ['0', '1', 'yes']);
    case 'mode':
      return pick(r, [...MODES, 'edit']);
    case 'detail':
      return pick(r, [...DETAILS, 'matrix']);
    case 'sweep':
    case 'check':
      return pick(r, ['', 'nope', 'heatmaps', 'optree-motivation']);
    default:
      return pick(r, WEIRD);
  }
}

function paneText(r: Rng, tag: Tag): string {
  const spec = r.int(8) === 0 ? null : pick(r, ALGORITHMS);
  if (!spec) tag('cmp:unknown-algorithm');
  const id = spec ? spec.id : pick(r, ['nope', '', ':', pick(r, MARKUP)]);
  const items: string[] = [];
  const count = r.int(4);
  for (let i = 0; i < count; i++) {
    if (!spec || r.int(6) === 0) {
      tag('cmp:stray-item');
      items.push(`${pick(r, ['colour', 'depth', '', '='])}=${pick(r, WEIRD)}`);
    } else {
      const def = pick(r, spec.params);
      items.push(`${def.key}=${valueFor(r, def, tag)}`);
      if (r.int(5) === 0) {
        tag('cmp:repeated-item');
        items.push(`${def.key}=${valueFor(r, def, tag)}`); // repeated inside the pane
      }
    }
  }
  return items.length ? `${id}:${items.join(';')}` : id;
}

const RESERVED_KEYS = ['v', 'step', 'view', 'speed', 'lecture', 'play', 'mode', 'detail', 'sweep', 'check'];

/** The seed and the number of links the fuzz tests use unless told otherwise (FUZZ_SEED, FUZZ_LINKS). */
export const DEFAULT_SEED = 20261125;
export const DEFAULT_LINKS = 2000;
/** How many links of each kind the browser opens by default (FUZZ_PER_KIND): 100–200 links in all. */
export const DEFAULT_PER_KIND = 5;

/** One link's query string (with its leading `?`); `tag` hears the kinds of hostile part it has. */
export function hostileLink(r: Rng, tag: Tag = () => {}): string {
  const parts: [string, string][] = [];
  if (r.int(10) > 0) parts.push(['v', r.int(8) === 0 ? reservedValue(r, 'v', tag) : '1']);
  else tag('v:missing');
  const spec = r.int(12) === 0 ? null : pick(r, ALGORITHMS);
  if (spec) parts.push(['alg', spec.id]);
  else if (r.int(2) === 0) parts.push(['alg', pick(r, ['nope', pick(r, MARKUP), 'RING-ALLGATHER'])]);
  tag(spec ? `alg:${spec.id}` : parts.some(([k]) => k === 'alg') ? 'alg:unknown' : 'alg:missing');
  if (spec)
    for (const def of spec.params)
      if (r.int(3) === 0) {
        parts.push([def.key, valueFor(r, def, tag)]);
        if (r.int(10) === 0) {
          tag('key:repeated');
          parts.push([def.key, valueFor(r, def, tag)]); // repeated key
        }
      }
  for (const key of RESERVED_KEYS) if (r.int(5) === 0) parts.push([key, reservedValue(r, key, tag)]);
  if (r.int(4) === 0) {
    const panes = Array.from({ length: r.int(MAX_PANES + 4) }, () => paneText(r, tag));
    const empty = r.int(10) === 0;
    tag(panes.length > MAX_PANES ? 'cmp:too-many' : 'cmp');
    if (empty) tag('cmp:empty-pane');
    parts.push(['cmp', panes.join(empty ? '||' : '|')]);
    if (r.int(2) === 0) {
      tag('cmp:mode-compare');
      parts.push(['mode', 'compare']);
    }
  }
  if (r.int(8) === 0) {
    tag('key:unknown');
    parts.push([pick(r, ['colour', 'x'.repeat(200), pick(r, MARKUP), '']), pick(r, WEIRD)]);
  }
  if (r.int(20) === 0) {
    tag('key:huge');
    parts.push(['k'.repeat(1 + r.int(3000)), 'v']);
  }
  // Shuffle, then encode; a few links keep raw or broken escapes.
  for (let i = parts.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  let query = parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  if (r.int(25) === 0) {
    tag('escape:broken');
    query += pick(r, ['&%E0%A4%A', '&%', '&=&&=', '&nodes']);
  }
  if (query.length > MAX_QUERY) tag('length:over-limit');
  return `?${query}`;
}

/** A generated link and the kinds of hostile part it has. */
export interface TaggedLink {
  /** Its place among the seed's links (what FUZZ_SEED replays). */
  index: number;
  link: string;
  kinds: string[];
}

/** `count` generated links from `seed`, with their kinds. */
export function taggedLinks(seed: number, count: number): TaggedLink[] {
  const r = rng(seed);
  return Array.from({ length: count }, (_, index) => {
    const kinds = new Set<string>();
    const link = hostileLink(r, (k) => kinds.add(k));
    return { index, link, kinds: [...kinds] };
  });
}

/**
 * A stratified sample, in the links' order: a link is taken while it has a kind seen fewer than
 * `perKind` times in the sample so far, so every kind the links have is in it (`perKind` times when
 * the links have it that often).
 */
export function sampleByKind(links: TaggedLink[], perKind: number): TaggedLink[] {
  const seen = new Map<string, number>();
  return links.filter(({ kinds }) => {
    if (!kinds.some((k) => (seen.get(k) ?? 0) < perKind)) return false;
    for (const k of kinds) seen.set(k, (seen.get(k) ?? 0) + 1);
    return true;
  });
}
