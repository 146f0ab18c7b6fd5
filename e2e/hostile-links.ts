import { ALGORITHMS } from '../src/registry';
import { DETAILS, MAX_PANES, MODES, SPEEDS, VIEWS } from '../src/config/url-codec';
import type { ParamDef } from '../src/kernel/params/schema';
import { rng, type Rng } from '../src/kernel/util/rng';

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

function valueFor(r: Rng, def: ParamDef): string {
  const roll = r.int(10);
  if (roll < 2) return pick(r, WEIRD);
  if (roll < 3) return pick(r, MARKUP);
  if (roll < 4) return 'x'.repeat(1 + r.int(600));
  switch (def.kind) {
    case 'enum':
      return roll < 8 ? pick(r, def.options).value : `${pick(r, def.options).value}x`;
    case 'int-list': {
      const n = r.int(def.maxLength + 3);
      return Array.from({ length: n }, () => String(def.min - 1 + r.int(def.max - def.min + 3))).join(',');
    }
    default: {
      const { min, max } = def;
      const edges = [min, max, min - 1, max + 1, max * 10, min - 0.5, max + 0.5];
      if (roll < 7) return String(pick(r, edges));
      const x = min + r.next() * Math.min(max - min, 1e6);
      return String(def.kind === 'int' ? Math.round(x) : x);
    }
  }
}

function reservedValue(r: Rng, key: string): string {
  const roll = r.int(4);
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

function paneText(r: Rng): string {
  const spec = r.int(8) === 0 ? null : pick(r, ALGORITHMS);
  const id = spec ? spec.id : pick(r, ['nope', '', ':', pick(r, MARKUP)]);
  const items: string[] = [];
  const count = r.int(4);
  for (let i = 0; i < count; i++) {
    if (!spec || r.int(6) === 0) items.push(`${pick(r, ['colour', 'depth', '', '='])}=${pick(r, WEIRD)}`);
    else {
      const def = pick(r, spec.params);
      items.push(`${def.key}=${valueFor(r, def)}`);
      if (r.int(5) === 0) items.push(`${def.key}=${valueFor(r, def)}`); // repeated inside the pane
    }
  }
  return items.length ? `${id}:${items.join(';')}` : id;
}

const RESERVED_KEYS = ['v', 'step', 'view', 'speed', 'lecture', 'play', 'mode', 'detail', 'sweep', 'check'];

/** One link's query string (with its leading `?`). */
export function hostileLink(r: Rng): string {
  const parts: [string, string][] = [];
  if (r.int(10) > 0) parts.push(['v', r.int(8) === 0 ? reservedValue(r, 'v') : '1']);
  const spec = r.int(12) === 0 ? null : pick(r, ALGORITHMS);
  if (spec) parts.push(['alg', spec.id]);
  else if (r.int(2) === 0) parts.push(['alg', pick(r, ['nope', pick(r, MARKUP), 'RING-ALLGATHER'])]);
  if (spec)
    for (const def of spec.params)
      if (r.int(3) === 0) {
        parts.push([def.key, valueFor(r, def)]);
        if (r.int(10) === 0) parts.push([def.key, valueFor(r, def)]); // repeated key
      }
  for (const key of RESERVED_KEYS) if (r.int(5) === 0) parts.push([key, reservedValue(r, key)]);
  if (r.int(4) === 0) {
    const panes = Array.from({ length: r.int(MAX_PANES + 4) }, () => paneText(r));
    parts.push(['cmp', panes.join(r.int(10) === 0 ? '||' : '|')]);
    if (r.int(2) === 0) parts.push(['mode', 'compare']);
  }
  if (r.int(8) === 0) parts.push([pick(r, ['colour', 'x'.repeat(200), pick(r, MARKUP), '']), pick(r, WEIRD)]);
  if (r.int(20) === 0) parts.push(['k'.repeat(1 + r.int(3000)), 'v']);
  // Shuffle, then encode; a few links keep raw or broken escapes.
  for (let i = parts.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  let query = parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  if (r.int(25) === 0) query += pick(r, ['&%E0%A4%A', '&%', '&=&&=', '&nodes']);
  return `?${query}`;
}

/** `count` generated links from `seed`. */
export function hostileLinks(seed: number, count: number): string[] {
  const r = rng(seed);
  return Array.from({ length: count }, () => hostileLink(r));
}
