/**
 * Parameter schemas. One definition per parameter drives the parameter panel, the permalink codec,
 * the command line and the tests: the same bounds, defaults, units and messages everywhere.
 */
export type ParamValue = number | string;
export type ParamValues = Readonly<Record<string, ParamValue>>;

/** A parameter group's heading: the usual ones, or any other a family needs. */
export type ParamGroup = 'network' | 'message' | 'time model' | 'algorithm' | 'optics' | (string & {});

interface ParamBase {
  /** Name in URLs (`?nodes=8`) and on the command line (`--nodes 8`). */
  key: string;
  label: string;
  help: string;
  /**
   * Heading the panel files it under; groups appear in the order their first parameter does. The
   * usual ones are 'network', 'message', 'time model', 'algorithm' and 'optics'; a family may add its own.
   */
  group: ParamGroup;
  unit?: string;
  /**
   * When the parameter means something: only while another parameter has one of the listed values
   * (a mesh's rows only for a mesh or torus). Absent: always. The panel shows, the link writes and
   * `list` describes a parameter by this one rule (`applies`).
   */
  appliesWhen?: ParamCondition;
}

/** Another parameter's values for which a parameter applies. */
export interface ParamCondition {
  key: string;
  oneOf: readonly ParamValue[];
}

export interface IntParam extends ParamBase {
  kind: 'int';
  min: number;
  max: number;
  default: number;
  /**
   * The seed of the algorithm's random choices (`seedParam`): a link without it gets a fresh one,
   * written back into the link, so the run it shows can be reproduced from the link alone.
   */
  seed?: true;
}

/** The largest seed: seeds are 31-bit, so they read the same in every language and spreadsheet. */
export const MAX_SEED = 2 ** 31 - 1;

/**
 * The `seed` parameter every algorithm that draws random numbers declares (kernel/util/rng.ts):
 * the same seed gives the same schedule, in the app, the worker and the command line.
 */
export function seedParam(group: ParamGroup = 'algorithm'): IntParam {
  return {
    key: 'seed',
    label: 'Seed',
    kind: 'int',
    min: 0,
    max: MAX_SEED,
    default: 1,
    group,
    help: 'Seed of the random choices: the same seed gives the same schedule.',
    seed: true,
  };
}

/**
 * Gives every seed parameter that `present` (the keys a link set) lacks a fresh seed drawn by `draw`
 * (a number in [0, 1)); returns the keys it filled. Pure but for `draw`.
 */
export function fillSeeds(
  defs: readonly ParamDef[],
  params: Record<string, ParamValue>,
  present: ReadonlySet<string>,
  draw: () => number,
): string[] {
  const filled: string[] = [];
  for (const d of defs)
    if (d.kind === 'int' && d.seed && !present.has(d.key)) {
      params[d.key] = Math.floor(draw() * (MAX_SEED + 1));
      filled.push(d.key);
    }
  return filled;
}

export interface NumberParam extends ParamBase {
  kind: 'number';
  min: number;
  max: number;
  default: number;
  /** Whether the lower bound itself is allowed (false: value must be greater than min). */
  minInclusive?: boolean;
}

export interface EnumParam extends ParamBase {
  kind: 'enum';
  /** `short`: a word or two for where the variant is named in passing (a compare pane's title). */
  options: { value: string; label: string; short?: string }[];
  default: string;
}

/**
 * A comma-separated list of whole numbers ("4,4,4", "1,0,1"), kept as its canonical text so that
 * parameter values stay plain numbers and strings. The empty list is "" (allowed when minLength is 0).
 */
export interface IntListParam extends ParamBase {
  kind: 'int-list';
  /** Bounds of each element. */
  min: number;
  max: number;
  minLength: number;
  maxLength: number;
  default: string;
  /**
   * A set of ids written as ranges ("0-7,12,14-15"): items may be ranges, the value is kept sorted,
   * without repeats, in ranges; the length bounds count ids.
   */
  ranges?: boolean;
}

export type ParamDef = IntParam | NumberParam | EnumParam | IntListParam;

export type ParseResult = { ok: true; value: ParamValue } | { ok: false; error: string };

const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "0-7,12,14-15" from sorted, distinct ids. */
export function rangesText(ids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
    parts.push(j === i ? `${ids[i]}` : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The ids of a ranges text ("0-2,5" → 0, 1, 2, 5); the text is a parameter's checked value. */
export function idsOfRanges(text: string): number[] {
  const out: number[] = [];
  for (const item of text === '' ? [] : text.split(',')) {
    const [a, b] = item.split('-').map(Number);
    for (let v = a; v <= (b ?? a); v++) out.push(v);
  }
  return out;
}

/** The allowed values in words, e.g. "a whole number from 2 to 4,096". */
export function describeBounds(def: ParamDef): string {
  switch (def.kind) {
    case 'int':
      return `a whole number from ${fmt(def.min)} to ${fmt(def.max)}`;
    case 'number':
      return def.minInclusive === false
        ? `a number greater than ${fmt(def.min)} and at most ${fmt(def.max)}`
        : `a number from ${fmt(def.min)} to ${fmt(def.max)}`;
    case 'enum':
      return `one of ${def.options.map((o) => o.value).join(', ')}`;
    case 'int-list': {
      if (def.ranges)
        return `ids from ${fmt(def.min)} to ${fmt(def.max)} as a comma-separated list of ids and ranges (0-7,12)`;
      const n =
        def.minLength === def.maxLength
          ? `${def.minLength}`
          : `${def.minLength === 0 ? 'empty or ' : ''}${Math.max(1, def.minLength)} to ${def.maxLength}`;
      return `a comma-separated list of ${n} whole numbers, each from ${fmt(def.min)} to ${fmt(def.max)}`;
    }
  }
}

/** Parses raw text (from a field, a URL or the command line) against a definition. */
export function parseParam(def: ParamDef, raw: string): ParseResult {
  const text = raw.trim();
  const fail = (): ParseResult => ({
    ok: false,
    error: `${def.label} (${def.key}) must be ${describeBounds(def)}${def.unit ? ` ${def.unit}` : ''}; got "${truncate(raw)}"`,
  });
  if (def.kind === 'enum')
    return def.options.some((o) => o.value === text) ? { ok: true, value: text } : fail();
  if (def.kind === 'int-list' && def.ranges) {
    const ids = new Set<number>();
    for (const item of text === '' ? [] : text.split(',').map((x) => x.trim())) {
      const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(item);
      if (!m) return fail();
      const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
      if (a > b || a < def.min || b > def.max || b - a > def.maxLength) return fail();
      for (let v = a; v <= b; v++) ids.add(v);
    }
    if (ids.size < def.minLength || ids.size > def.maxLength) return fail();
    return { ok: true, value: rangesText([...ids].sort((x, y) => x - y)) };
  }
  if (def.kind === 'int-list') {
    const items = text === '' ? [] : text.split(',').map((x) => x.trim());
    if (items.length < def.minLength || items.length > def.maxLength) return fail();
    if (!items.every((x) => /^[+-]?\d+$/.test(x))) return fail();
    const xs = items.map(Number);
    if (!xs.every((x) => Number.isSafeInteger(x) && x >= def.min && x <= def.max)) return fail();
    return { ok: true, value: xs.join(',') };
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return fail();
  const x = Number(text);
  if (!Number.isFinite(x)) return fail();
  if (def.kind === 'int' && !Number.isInteger(x)) return fail();
  const belowMin = def.kind === 'number' && def.minInclusive === false ? x <= def.min : x < def.min;
  if (belowMin || x > def.max) return fail();
  return { ok: true, value: x };
}

/** Checks an already-typed value (e.g. from code) against a definition. */
export function checkParam(def: ParamDef, value: ParamValue): ParseResult {
  return parseParam(def, String(value));
}

/** Each of `defs` checked in `values`: missing, or outside what its definition allows, as issues. */
export function valueIssues(defs: readonly ParamDef[], values: ParamValues): ParamIssue[] {
  const bad: ParamIssue[] = [];
  for (const def of defs) {
    const r =
      def.key in values
        ? checkParam(def, values[def.key])
        : { ok: false as const, error: `${def.key} is missing` };
    if (!r.ok) bad.push({ key: def.key, message: r.error });
  }
  return bad;
}

/** Whether `def` means something under `values` (its `appliesWhen`, if any, holds). */
export function applies(def: ParamDef, values: ParamValues): boolean {
  const c = def.appliesWhen;
  return !c || c.oneOf.includes(values[c.key]);
}

/** The definitions that apply under `values`, in their order. */
export function applicable(defs: readonly ParamDef[], values: ParamValues): ParamDef[] {
  return defs.filter((d) => applies(d, values));
}

/** When a parameter applies, in words: "when network is mesh or torus"; null for one that always does. */
export function conditionText(def: ParamDef): string | null {
  const c = def.appliesWhen;
  if (!c) return null;
  const v = c.oneOf.map(String);
  return `when ${c.key} is ${v.length <= 1 ? v.join('') : `${v.slice(0, -1).join(', ')} or ${v[v.length - 1]}`}`;
}

export function defaultsOf(defs: readonly ParamDef[]): Record<string, ParamValue> {
  return Object.fromEntries(defs.map((d) => [d.key, d.default]));
}

/**
 * Algorithm `id`'s defaults with `extra` laid over them: a figure's point, a paper check's case or a
 * worked example named by what it changes. `card` is the algorithm as found (undefined: an unknown
 * id, which throws).
 */
export function defaultsWith(
  card: { readonly params: readonly ParamDef[] } | undefined,
  id: string,
  extra: ParamValues = {},
): Record<string, ParamValue> {
  if (!card) throw new Error(`unknown algorithm ${id}`);
  return { ...defaultsOf(card.params), ...extra };
}

export interface ParamIssue {
  key: string;
  message: string;
}

/**
 * Reads raw values for a whole schema: valid values are taken, invalid ones are reported and replaced
 * by the default, missing ones take the default, unknown keys are reported.
 */
export function readParams(
  defs: readonly ParamDef[],
  raw: Readonly<Record<string, string>>,
): { values: Record<string, ParamValue>; issues: ParamIssue[]; unknown: string[] } {
  const values = defaultsOf(defs);
  const issues: ParamIssue[] = [];
  for (const def of defs) {
    if (!(def.key in raw)) continue;
    const r = parseParam(def, raw[def.key]);
    if (r.ok) values[def.key] = r.value;
    else issues.push({ key: def.key, message: r.error });
  }
  const known = new Set(defs.map((d) => d.key));
  const unknown = Object.keys(raw).filter((k) => !known.has(k));
  return { values, issues, unknown };
}

export function num(values: ParamValues, key: string): number {
  const v = values[key];
  if (typeof v !== 'number') throw new TypeError(`parameter ${key} is not a number`);
  return v;
}

/** The whole numbers of an int-list parameter ("" is the empty list). */
export function intList(values: ParamValues, key: string): number[] {
  const v = values[key];
  if (typeof v !== 'string') throw new TypeError(`parameter ${key} is not a list`);
  return v === '' ? [] : v.split(',').map(Number);
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
