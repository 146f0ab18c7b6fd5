import { ALGORITHMS } from '../src/registry';
import { DEFAULT_ALGORITHM } from '../src/cards';
import type { ParamDef } from '../src/kernel/params/schema';

/**
 * What a link's own items say the page must show, read without the app's decoder: the fuzz test's
 * independent oracle (e2e/hostile-links.spec.ts). It judges only items whose fate is plain — a whole
 * number in or out of its bounds, a word among a choice's options or not — and leaves the rest
 * (exponents, signs, spaces, lists) to the checks that hold for every link.
 */
export interface LinkExpectation {
  /** The algorithm whose schedule may be shown: the link's, when the app knows it, else the default. */
  algorithm: string;
  /** Parameters the link sets once, with a plain verdict: kept as given, or refused (and said). */
  items: {
    key: string;
    value: string;
    valid: boolean;
    number: boolean;
    /**
     * The schema's `appliesWhen`: the parameter means something only while `key` has one of these
     * values (`fallback` when the link leaves it out); otherwise a link need not carry it.
     */
    when?: { key: string; oneOf: string[]; fallback: string };
  }[];
  /** The step the link asks for, when it is a plain number the app reads. */
  step: number | null;
}

/** The app reads at most this much of a link (docs/security.md); longer links are not judged here. */
export const MAX_QUERY = 4096;

/** The link's fields in order, each key → its values; pieces that do not decode are left out. */
export function linkFields(query: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const piece of query.replace(/^\?/, '').split('&')) {
    if (!piece) continue;
    const eq = piece.indexOf('=');
    try {
      const key = decodeURIComponent((eq < 0 ? piece : piece.slice(0, eq)).replace(/\+/g, ' '));
      const value = decodeURIComponent((eq < 0 ? '' : piece.slice(eq + 1)).replace(/\+/g, ' '));
      fields.set(key, [...(fields.get(key) ?? []), value]);
    } catch {
      // Broken escapes: the app ignores the piece, and so does this reading.
    }
  }
  return fields;
}

/** Whether `text` is plainly a valid value of `def` (true), plainly not (false), or neither (null). */
export function plainVerdict(def: ParamDef, text: string): boolean | null {
  if (def.kind === 'enum') {
    if (def.options.some((o) => o.value === text)) return true;
    return def.options.some((o) => o.value === text.trim()) ? null : false;
  }
  if (def.kind === 'int-list') return null;
  if (!/\d/.test(text)) return false;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const x = Number(text);
  if (def.kind === 'int' && !Number.isInteger(x)) return false;
  const aboveMin = def.kind === 'number' && def.minInclusive === false ? x > def.min : x >= def.min;
  return aboveMin && x <= def.max;
}

export function expectationOf(query: string): LinkExpectation | null {
  if (query.replace(/^\?/, '').length > MAX_QUERY) return null;
  const fields = linkFields(query);
  const alg = fields.get('alg')?.[0];
  const spec = ALGORITHMS.find((a) => a.id === alg) ?? ALGORITHMS.find((a) => a.id === DEFAULT_ALGORITHM)!;
  const items: LinkExpectation['items'] = [];
  for (const def of spec.params) {
    const values = fields.get(def.key);
    if (values?.length !== 1) continue;
    const valid = plainVerdict(def, values[0]);
    const c = def.appliesWhen;
    const control = c && spec.params.find((d) => d.key === c.key);
    const when =
      c && control
        ? { key: c.key, oneOf: c.oneOf.map(String), fallback: String(control.default) }
        : undefined;
    if (valid !== null)
      items.push({ key: def.key, value: values[0], valid, number: def.kind !== 'enum', when });
  }
  const step = fields.get('step');
  return {
    algorithm: spec.id,
    items,
    step: step?.length === 1 && /^\d{1,9}$/.test(step[0]) ? Number(step[0]) : null,
  };
}

/**
 * What is wrong with the page's reading of the link, judged by its items: a plainly valid value
 * must be in the address the page wrote back (unless a notice names it: a rule between parameters
 * reset it), a plainly refused one must be named by a notice.
 */
export function itemProblems(e: LinkExpectation, written: string, notices: string): string[] {
  const shown = linkFields(written);
  const problems: string[] = [];
  if (shown.get('alg')?.[0] !== e.algorithm)
    problems.push(`shows ${shown.get('alg')?.[0]}, the link's items say ${e.algorithm}`);
  const named = (key: string) => notices.includes(key);
  for (const item of e.items) {
    const now = shown.get(item.key)?.[0];
    const same = item.number ? Number(now) === Number(item.value) : now === item.value;
    // A valid value that means nothing in the configuration shown (a mesh's rows on the Octagon) may
    // be left out of the link: only what applies is written.
    const w = item.when;
    const applies = !w || w.oneOf.includes(shown.get(w.key)?.[0] ?? w.fallback);
    if (item.valid && applies && !same && !named(item.key))
      problems.push(`${item.key}=${item.value} is valid but became ${now}, and no notice names ${item.key}`);
    if (!item.valid && !named(item.key))
      problems.push(`${item.key}=${item.value.slice(0, 40)} is refused, but no notice names ${item.key}`);
  }
  return problems;
}
