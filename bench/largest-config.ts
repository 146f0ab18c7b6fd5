/**
 * Which configuration of an algorithm `bench:largest` measures: the largest the page accepts.
 *
 * First the processor count (the first of SIZE_KEYS the algorithm has) goes as high as the
 * algorithm's own rules and the browser's limits allow; then, at that count, the channels
 * (wavelengths per fibre or per node) go as high as they allow. Other parameters keep their defaults.
 * Candidates are the parameter's maximum and the powers of 2, 3 and 4 below it, highest first.
 *
 * The NoC family sets its size by its network, not by one count: the page schedules at most 65,536
 * messages (`Limits.placedMessages`), so its largest accepted all-to-all has 256 processors (65,280
 * messages). The scatter is measured on the 16 × 16 mesh with one processor per router (the most
 * routers to draw), the broadcast on the 8 × 8 mesh with four (the fattest routers).
 */
import { defaultsOf, type ParamValue, type ParamValues } from '../src/kernel/params/schema';
import { BROWSER_LIMITS, checkRun } from '../src/limits';
import type { AlgorithmSpec } from '../src/kernel/spec';
import { configIssues } from '../src/kernel/config';

/** Keys that set how many processors there are, and then how many channels each link has. */
const SIZE_KEYS = ['nodes', 'side', 'group-size'] as const;
const CHANNEL_KEYS = ['wavelengths', 'wavelengths-per-node'] as const;

const NOC_LARGEST: Record<string, ParamValues> = {
  'noc-scatter': {
    network: 'mesh',
    rows: 16,
    cols: 16,
    'per-router': 1,
    pattern: 'aas',
    method: 'constructive',
  },
  'noc-broadcast': {
    network: 'mesh',
    rows: 8,
    cols: 8,
    'per-router': 4,
    pattern: 'aab',
    method: 'constructive',
  },
};

export interface LargestConfig {
  /** The parameters that differ from the defaults, as they go into a link (`key=value&…`). */
  query: string;
  /** A short description for the report: `nodes 4096, wavelengths-per-node 15`. */
  label: string;
}

const accepted = (spec: AlgorithmSpec, params: ParamValues) =>
  configIssues(spec, params).length === 0 && checkRun(spec, params, BROWSER_LIMITS).length === 0;

/** The highest value of integer parameter `key` accepted with the rest of `params`, or null. */
function highest(spec: AlgorithmSpec, params: ParamValues, key: string): number | null {
  const def = spec.params.find((d) => d.key === key);
  if (!def || def.kind !== 'int') return null;
  const candidates = new Set<number>([def.max]);
  for (const base of [2, 3, 4]) for (let x = base; x <= def.max; x *= base) candidates.add(x);
  for (const v of [...candidates].sort((a, b) => b - a))
    if (v >= def.min && accepted(spec, { ...params, [key]: v })) return v;
  return null;
}

export function largestConfig(spec: AlgorithmSpec): LargestConfig {
  const fixed = NOC_LARGEST[spec.id];
  const chosen: Record<string, ParamValue> = { ...fixed };
  if (!fixed) {
    let params = defaultsOf(spec.params);
    for (const keys of [SIZE_KEYS, CHANNEL_KEYS]) {
      const key = keys.find((k) => spec.params.some((d) => d.key === k));
      const v = key ? highest(spec, params, key) : null;
      if (key && v !== null) {
        params = { ...params, [key]: v };
        chosen[key] = v;
      }
    }
  }
  const entries = Object.entries(chosen);
  return {
    query: entries.map(([k, v]) => `${k}=${String(v)}`).join('&'),
    label: entries.map(([k, v]) => `${k} ${String(v)}`).join(', '),
  };
}
