import {
  idsOfRanges,
  rangesText,
  type ParamDef,
  type ParamValue,
  type ParamValues,
} from '../../kernel/params/schema';
import { customLinksProblem } from './noc-network';
import { MAX_PROCESSORS, NETWORK_PARAMS } from './noc-params';

/**
 * A network of one's own from a topology file — `{ "routers": 8, "links": [[0, 1], [1, 2], …],
 * "processorsPerRouter": 2 }` (processorsPerRouter optional, 1) — checked whole against the ranges
 * of the parameters that carry it (the link of a page carries them), before anything is built from it.
 */

/** The parameter a field of the file becomes: its range is the field's. */
const def = (key: string): ParamDef => NETWORK_PARAMS.find((d) => d.key === key)!;

export const TOPOLOGY_EXAMPLE = '{ "routers": 8, "links": [[0, 1], [1, 2], …], "processorsPerRouter": 2 }';

/** A topology file's content, as the problem with it: the field it names and what is wrong. */
export class TopologyFileError extends Error {
  override name = 'TopologyFileError';
}

function got(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'number' && !Number.isFinite(v)) return 'a number too large for JavaScript';
  const text = JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** A whole number within the range of parameter `key`, or an error naming `field`. */
function whole(v: unknown, field: string, key: string): number {
  const { min = 0, max = Infinity } = def(key) as { min?: number; max?: number };
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new TopologyFileError(`"${field}" must be a whole number from ${min} to ${max}; got ${got(v)}`);
  return v;
}

/** Whether a parsed JSON document looks like a topology file (routers, and no schedule format). */
export function isTopologyDocument(doc: unknown): boolean {
  return (
    typeof doc === 'object' && doc !== null && !Array.isArray(doc) && 'routers' in doc && !('format' in doc)
  );
}

/**
 * The parameters that carry a topology document (`network=custom`, `routers`, `links` as pairs,
 * `per-router`). Sizes are checked first, then every link, then that the network is connected and
 * not over the processor limit; the first problem throws TopologyFileError naming its field.
 */
export function readTopologyDocument(doc: unknown): Record<string, string> {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new TopologyFileError(`a topology file is a JSON object, ${TOPOLOGY_EXAMPLE}; got ${got(doc)}`);
  const d = doc as { routers?: unknown; links?: unknown; processorsPerRouter?: unknown };
  const routers = whole(d.routers, 'routers', 'routers');
  const per =
    d.processorsPerRouter === undefined
      ? 1
      : whole(d.processorsPerRouter, 'processorsPerRouter', 'per-router');
  if (!Array.isArray(d.links))
    throw new TopologyFileError(
      `"links" must be an array of router pairs, [[0, 1], [1, 2], …]; got ${got(d.links)}`,
    );
  const most = Math.floor((def('links') as { maxLength: number }).maxLength / 2);
  if (d.links.length > most)
    throw new TopologyFileError(
      `"links" has ${d.links.length.toLocaleString('en-US')} links; a network may have at most ${most}`,
    );
  const flat: number[] = [];
  d.links.forEach((l: unknown, i) => {
    const router = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < routers;
    if (!Array.isArray(l) || l.length !== 2 || !l.every(router))
      throw new TopologyFileError(
        `"links[${i}]" must be a pair of router numbers from 0 to ${routers - 1}; got ${Array.isArray(l) && l.length === 2 ? JSON.stringify(l).slice(0, 40) : got(l)}`,
      );
    flat.push(l[0] as number, l[1] as number);
  });
  const problem = customLinksProblem(routers, flat);
  if (problem) throw new TopologyFileError(`"links": ${problem}`);
  if (routers * per > MAX_PROCESSORS)
    throw new TopologyFileError(
      `"processorsPerRouter": ${routers} routers × ${per} make ${routers * per} processors; at most ${MAX_PROCESSORS}`,
    );
  return { network: 'custom', routers: String(routers), links: flat.join(','), 'per-router': String(per) };
}

/**
 * The communication's processors kept inside a network of P processors (at most MAX_PROCESSORS):
 * ids beyond it are dropped; a set left empty becomes the first (senders) or second (receivers) half;
 * a root beyond it becomes 0. Returns only the values that change.
 */
export function fittedToNetwork(params: ParamValues, P: number): Record<string, ParamValue> {
  const half = Math.max(1, Math.floor(P / 2));
  const out: Record<string, ParamValue> = {};
  const fit = (key: string, fallback: number[]) => {
    const kept = idsOfRanges(String(params[key] ?? '')).filter((v) => v < P);
    const text = rangesText(kept.length ? kept : fallback);
    if (text !== params[key]) out[key] = text;
  };
  fit(
    'senders',
    Array.from({ length: half }, (_, i) => i),
  );
  fit(
    'receivers',
    Array.from({ length: P - half }, (_, i) => half + i),
  );
  if (Number(params['root']) >= P) out['root'] = 0;
  return out;
}
