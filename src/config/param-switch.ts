import {
  checkParam,
  defaultsOf,
  type ParamDef,
  type ParamIssue,
  type ParamValue,
  type ParamValues,
} from '../kernel/params/schema';

/**
 * What happens to the parameters when the user switches algorithm. A value carries over only when
 * both algorithms mean the same thing by it and the new one accepts it:
 * - the same label, unit and kind, and — for the message and the time model, whose numbers are a
 *   model's own (a ring's bandwidth per wavelength, 40 Gb/s, is not a reconfigurable network's link
 *   bandwidth, 400 Gb/s) — the same default;
 * - for a choice, the same option under the same name (the mesh's "Method: EDN levels" is no method
 *   of the NoC scatter's, whose "Method" picks a search);
 * - within the new definition's bounds, and together with the other values passing the new
 *   algorithm's own rules (`issues`: its cross-parameter rules and size limits; a root of 13 on a
 *   network of 8 processors is dropped).
 * Otherwise the new algorithm's default applies, unless the user set the value in that algorithm
 * earlier (`setIn`), and a value the user had set that does not carry over is named, so it can be said.
 */
export interface SwitchedParams {
  params: Record<string, ParamValue>;
  /** Values the user had set that the new algorithm does not take over, in words. */
  dropped: string[];
  /**
   * Keys whose value is not the new algorithm's default by chance of the switch: carried over from the
   * last algorithm or set by the user in this one before (a seed not among them is drawn afresh).
   */
  kept: Set<string>;
}

/** Groups whose numbers belong to a model: carried only between identical definitions. */
const MODEL_GROUPS = new Set(['message', 'time model']);

export function sameMeaning(a: ParamDef, b: ParamDef): boolean {
  if (a.key !== b.key || a.label !== b.label || a.unit !== b.unit || a.kind !== b.kind) return false;
  return !(MODEL_GROUPS.has(a.group) || MODEL_GROUPS.has(b.group)) || a.default === b.default;
}

/** Whether `to` takes `value` of `from` with the meaning it had there (see SwitchedParams). */
export function carries(from: ParamDef, to: ParamDef, value: ParamValue): boolean {
  if (!sameMeaning(from, to) || !checkParam(to, value).ok) return false;
  if (from.kind !== 'enum' || to.kind !== 'enum') return true;
  const named = (d: typeof from, v: ParamValue) => d.options.find((o) => o.value === v)?.label;
  return named(from, value) === named(to, value);
}

export function switchParams(
  from: readonly ParamDef[],
  values: ParamValues,
  to: readonly ParamDef[],
  /** Values the user set in the new algorithm before (kept for this session). */
  setIn: ParamValues = {},
  /** The new algorithm's rules over a whole configuration (cross-parameter rules, size limits). */
  issues: (params: ParamValues) => ParamIssue[] = () => [],
): SwitchedParams {
  const params: Record<string, ParamValue> = { ...defaultsOf(to) };
  const dropped: string[] = [];
  const old = new Map(from.map((d) => [d.key, d]));
  /** Keys whose value came from the last algorithm. */
  const carried = new Set<string>();
  /** Keys the user set in the new algorithm before. */
  const setBefore = new Set<string>();
  const drop = (before: ParamDef, d: ParamDef, why: string) => {
    if (values[d.key] !== before.default)
      dropped.push(
        `${before.label} ${show(values[d.key], before.unit)} is not carried over${why}: here ${d.label.toLowerCase()} starts at ${show(params[d.key], d.unit)}`,
      );
  };
  for (const d of to) {
    const before = old.get(d.key);
    if (d.key in setIn && checkParam(d, setIn[d.key]).ok) {
      params[d.key] = setIn[d.key];
      setBefore.add(d.key);
    } else if (!before || !(d.key in values)) continue;
    else if (carries(before, d, values[d.key])) {
      params[d.key] = values[d.key];
      carried.add(d.key);
    } else drop(before, d, '');
  }
  // The new algorithm's rules: a carried value they refuse goes back to the default, the value a
  // rule names first, else the first carried value whose default satisfies it, else all of them.
  for (let round = 0; round <= to.length && carried.size; round++) {
    const issue = issues(params)[0];
    if (!issue) break;
    const still = (p: ParamValues) =>
      issues(p).some((i) => i.key === issue.key && i.message === issue.message);
    const reset = (keys: string[]) =>
      keys.reduce((p, k) => ({ ...p, [k]: to.find((d) => d.key === k)!.default }), params);
    const order = carried.has(issue.key) ? [issue.key, ...carried] : [...carried];
    const blamed = order.find((k) => !still(reset([k])));
    for (const k of blamed ? [blamed] : [...carried]) {
      const [before, d] = [old.get(k)!, to.find((x) => x.key === k)!];
      params[k] = d.default;
      carried.delete(k);
      drop(before, d, ` (${issue.message.replace(/\.$/, '')})`);
    }
  }
  return { params, dropped, kept: new Set([...carried, ...setBefore]) };
}

const show = (v: ParamValue, unit?: string) => (unit ? `${v} ${unit}` : String(v));
