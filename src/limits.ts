import { checkParam, readParams, type ParamIssue, type ParamValues } from './kernel/params/schema';
import type { AlgorithmCard, Estimate, Limits } from './kernel/spec';

export type { Limits } from './kernel/spec';

export const BROWSER_LIMITS: Limits = {
  name: 'the browser',
  transfers: 20_000_000,
  // 96 M: every configuration the parameter ranges allow below the transfer limit fits. The largest
  // are Bruck on 2048 nodes (54.5 M visit slots) and ReTri on 2187 (27 M; the page peaks near 1.3 GB
  // summed over Chromium's processes); multi-scatter on 4096 keeps 16.8 M route words.
  holdingCells: 96_000_000,
};
export const CLI_LIMITS: Limits = {
  name: 'the command line',
  transfers: 200_000_000,
  holdingCells: 200_000_000,
};

export class InputError extends Error {
  constructor(
    message: string,
    readonly issues: ParamIssue[] = [],
  ) {
    super(message);
  }
}

/** Checks parameters (each one and across them) and the size limit, before any work starts. */
export function checkRun(spec: AlgorithmCard, params: ParamValues, limits: Limits): ParamIssue[] {
  const bad: ParamIssue[] = [];
  for (const def of spec.params) {
    const r =
      def.key in params
        ? checkParam(def, params[def.key])
        : { ok: false as const, error: `${def.key} is missing` };
    if (!r.ok) bad.push({ key: def.key, message: r.error });
  }
  if (bad.length) return bad;
  const issues = spec.validate(params);
  if (issues.length) return issues;
  const e = spec.estimate(params);
  const over = overLimit(e, limits);
  return over ? [{ key: 'nodes', message: `${spec.name}: ${over}` }] : [];
}

function overLimit(e: Estimate, l: Limits): string | null {
  const f = (x: number) => x.toLocaleString('en-US');
  if (e.transfers > l.transfers)
    return `this configuration needs ${f(e.transfers)} transfers; ${l.name} allows at most ${f(l.transfers)}.`;
  if (e.holdingCells > l.holdingCells)
    return `tracking who holds which block needs ${f(e.holdingCells)} entries; ${l.name} allows at most ${f(l.holdingCells)}.`;
  return null;
}

/** Parses raw parameter text, refusing bad values (unlike permalinks, which fall back). */
export function paramsFromRaw(spec: AlgorithmCard, given: Record<string, string>): ParamValues {
  let raw = given;
  try {
    raw = spec.shorthands ? spec.shorthands(given) : given;
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
  const { values, issues, unknown } = readParams(spec.params, raw);
  if (unknown.length)
    throw new InputError(
      `${spec.id} has no parameter ${unknown.map((k) => `--${k}`).join(', ')}; it takes ${spec.params.map((d) => `--${d.key}`).join(', ')}`,
    );
  if (issues.length) throw new InputError(issues[0].message, issues);
  return values;
}
