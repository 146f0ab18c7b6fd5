import { defaultsOf, type ParamDef, type ParamValue, type ParamValues } from '../kernel/params/schema';

/**
 * What happens to the parameters when the user switches algorithm. A value carries over only when
 * both algorithms mean the same thing by it: the same label and unit, and — for the message and the
 * time model, whose numbers are a model's own (a ring's bandwidth per wavelength, 40 Gb/s, is not a
 * reconfigurable network's link bandwidth, 400 Gb/s) — the same default. Otherwise the new
 * algorithm's default applies, unless the user set the value in that algorithm earlier (`setIn`),
 * and a value the user had set that does not carry over is named, so it can be said.
 */
export interface SwitchedParams {
  params: Record<string, ParamValue>;
  /** Values the user had set that the new algorithm does not take over, in words. */
  dropped: string[];
}

/** Groups whose numbers belong to a model: carried only between identical definitions. */
const MODEL_GROUPS = new Set(['message', 'time model']);

export function sameMeaning(a: ParamDef, b: ParamDef): boolean {
  if (a.key !== b.key || a.label !== b.label || a.unit !== b.unit || a.kind !== b.kind) return false;
  return !(MODEL_GROUPS.has(a.group) || MODEL_GROUPS.has(b.group)) || a.default === b.default;
}

export function switchParams(
  from: readonly ParamDef[],
  values: ParamValues,
  to: readonly ParamDef[],
  /** Values the user set in the new algorithm before (kept for this session). */
  setIn: ParamValues = {},
): SwitchedParams {
  const params: Record<string, ParamValue> = { ...defaultsOf(to) };
  const dropped: string[] = [];
  const old = new Map(from.map((d) => [d.key, d]));
  for (const d of to) {
    const before = old.get(d.key);
    if (d.key in setIn) params[d.key] = setIn[d.key];
    else if (before && d.key in values && sameMeaning(before, d)) params[d.key] = values[d.key];
    else if (before && d.key in values && values[d.key] !== before.default)
      dropped.push(
        `${before.label} ${show(values[d.key], before.unit)} is not carried over: here ${d.label.toLowerCase()} starts at ${show(params[d.key], d.unit)}`,
      );
  }
  return { params, dropped };
}

const show = (v: ParamValue, unit?: string) => (unit ? `${v} ${unit}` : String(v));
