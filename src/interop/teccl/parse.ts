/**
 * TE-CCL's output JSON (microsoft/TE-CCL, teccl/solvers/allgather.py and alltoall.py): the solver's
 * flows as sentences. All-gather files list each flow once in "N-Flows" —
 * `Chunk c from s traveled over i->j in epoch k [via switches a -> b]` — and, per demand, its path
 * in "N-Chunk paths". All-to-all files split chunks into fractions
 * (`… i->j with volume 0.25 in epoch k …`) and their flows do not say whom a chunk is for, so they are
 * read from the paths: `Demand at d for chunk c from s met by epoch k` → lists of hops, one list per
 * fraction's path. Switches are vertices that forward without holding.
 */
import { CLI_LIMITS, InputError } from '../../limits';
import type { Verdicts } from '../verdicts';

/** One hop of a chunk (or a fraction of one) from GPU `from` to GPU `to`, through switches. */
export interface Flow {
  /** The chunk: its source GPU and index, and (personalised) the GPU it is for. */
  source: number;
  chunk: number;
  dest: number;
  /** Vertex ids along the hop: from, the switches, to. */
  via: number[];
  epoch: number;
  /** Fraction of the chunk (1 for whole chunks). */
  volume: number;
  /** For paths: the hop before this one on the same path (index into flows), or −1. */
  after: number;
}

export interface TecclDoc {
  /** Chunks have one destination each (all-to-all) rather than every GPU (all-gather). */
  personalised: boolean;
  flows: Flow[];
  /** Demands (source, chunk, destination) the file states, when it does. */
  demands: { source: number; chunk: number; dest: number }[];
  /** Vertex ids that are switches (named by "via switches"). */
  switches: Set<number>;
  /** GPU ids: every end of a hop that is not a switch, and every GPU named by the demands. */
  gpus: number[];
  epochSeconds: number | null;
  epochsRequired: number | null;
}

/** Most flows read by the command line (the page reads fewer: `Limits.tecclFlows`). */
export const MAX_TECCL_FLOWS = CLI_LIMITS.tecclFlows;

const keyLike = (doc: Record<string, unknown>, re: RegExp) => Object.keys(doc).find((k) => re.test(k));

/** Whether a parsed JSON document is TE-CCL output. */
export function isTecclDocument(doc: unknown): doc is Record<string, unknown> {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return false;
  const d = doc as Record<string, unknown>;
  return keyLike(d, /^\d+-Flows$/) !== undefined || keyLike(d, /^\d+-[Cc]hunk paths$/) !== undefined;
}

const NUM = '(\\d+)';
const VOLUME = '(?: with volume ([0-9.eE+-]+))?';
const SWITCHES = '(?: via switches ([\\d\\s>-]+))?';
const FLOW = new RegExp(
  `^Chunk ${NUM} from ${NUM} traveled over ${NUM}->${NUM}${VOLUME} (?:in|at) epoch ${NUM}${SWITCHES}$`,
);
const HOP = new RegExp(
  `^(?:Chunk ${NUM} from ${NUM} traveled over )?${NUM}->${NUM}${VOLUME} in epoch ${NUM}${SWITCHES}$`,
);
const DEMAND = /^Demand at (\d+) for chunk (\d+) from (\d+) met by epoch (\d+)$/;

function hopOf(m: RegExpExecArray, at: number): Omit<Flow, 'source' | 'chunk' | 'dest' | 'after'> {
  const from = Number(m[at]);
  const to = Number(m[at + 1]);
  const switches = m[at + 4]
    ? m[at + 4]
        .split(/\s*->\s*/)
        .filter(Boolean)
        .map(Number)
    : [];
  return {
    via: [from, ...switches, to],
    volume: m[at + 2] ? Number(m[at + 2]) : 1,
    epoch: Number(m[at + 3]),
  };
}

/**
 * `most`: the flows read before the file is refused (the page's limit is lower than the command
 * line's, src/limits.ts).
 */
export function readTeccl(
  doc: Record<string, unknown>,
  file: string,
  v: Verdicts,
  most: { flows: number; where: string } = { flows: MAX_TECCL_FLOWS, where: CLI_LIMITS.name },
): TecclDoc {
  const flowsKey = keyLike(doc, /^\d+-Flows$/);
  const pathsKey = keyLike(doc, /^\d+-[Cc]hunk paths$/);
  const flowsRaw = flowsKey ? doc[flowsKey] : undefined;
  const pathsRaw = pathsKey ? doc[pathsKey] : undefined;
  if (flowsRaw !== undefined && !Array.isArray(flowsRaw))
    throw new InputError(`${file}: "${flowsKey}" must be a list of flows`);
  if (
    pathsRaw !== undefined &&
    (pathsRaw === null || typeof pathsRaw !== 'object' || Array.isArray(pathsRaw))
  )
    throw new InputError(`${file}: "${pathsKey}" must be an object of demands and their paths`);
  const flowList = (flowsRaw as unknown[] | undefined) ?? [];
  const paths = (pathsRaw as Record<string, unknown> | undefined) ?? {};
  const personalised =
    flowList.some((f) => typeof f === 'string' && f.includes(' with volume ')) ||
    Object.values(paths).some((p) => Array.isArray(p) && Array.isArray(p[0]));
  const flows: Flow[] = [];
  const demands: TecclDoc['demands'] = [];
  const bad = (what: string, text: unknown) =>
    v.error('malformed', {}, `${file}: ${what} cannot be read: ${JSON.stringify(text).slice(0, 80)}`);
  const push = (f: Flow) => {
    if (flows.length >= most.flows)
      throw new InputError(
        `${file} has more than ${most.flows.toLocaleString('en-US')} flows; ${most.where} reads no more${
          most.flows < MAX_TECCL_FLOWS
            ? ` (the command line's check reads up to ${MAX_TECCL_FLOWS.toLocaleString('en-US')})`
            : ''
        }`,
      );
    flows.push(f);
  };

  // Demands (and, for personalised files, the flows) come from the paths.
  for (const [key, value] of Object.entries(paths)) {
    const d = DEMAND.exec(key);
    if (!d || !Array.isArray(value)) {
      bad('a chunk path', key);
      continue;
    }
    const demand = { dest: Number(d[1]), chunk: Number(d[2]), source: Number(d[3]) };
    demands.push(demand);
    if (!personalised) continue;
    for (const fraction of value) {
      let after = -1;
      for (const hop of Array.isArray(fraction) ? fraction : []) {
        const text = Array.isArray(hop) ? hop[1] : hop;
        const m = typeof text === 'string' ? HOP.exec(text) : null;
        if (!m) {
          bad('a hop', hop);
          continue;
        }
        push({ ...demand, ...hopOf(m, 3), after });
        after = flows.length - 1;
      }
    }
  }
  if (!personalised)
    for (const text of flowList) {
      const m = typeof text === 'string' ? FLOW.exec(text) : null;
      if (!m) {
        bad('a flow', text);
        continue;
      }
      push({ chunk: Number(m[1]), source: Number(m[2]), dest: -1, ...hopOf(m, 3), after: -1 });
    }

  const switches = new Set<number>();
  for (const f of flows) for (let i = 1; i + 1 < f.via.length; i++) switches.add(f.via[i]);
  const gpus = new Set<number>();
  for (const f of flows) {
    gpus.add(f.via[0]);
    gpus.add(f.via[f.via.length - 1]);
  }
  for (const d of demands) {
    gpus.add(d.source);
    gpus.add(d.dest);
  }
  const demandMet = keyLike(doc, /^\d+-Demand_Met$/);
  if (demandMet && doc[demandMet] && typeof doc[demandMet] === 'object')
    for (const k of Object.keys(doc[demandMet] as object)) {
      const g = /^GPU (\d+)$/.exec(k);
      if (g) gpus.add(Number(g[1]));
    }
  const num = (re: RegExp) => {
    const k = keyLike(doc, re);
    return k && typeof doc[k] === 'number' ? (doc[k] as number) : null;
  };
  return {
    personalised,
    flows,
    demands,
    switches,
    gpus: [...gpus].filter((g) => !switches.has(g)).sort((a, b) => a - b),
    epochSeconds: num(/^\d+-Epoch_Duration$/),
    epochsRequired: num(/^\d+-Epochs_Required$/),
  };
}
