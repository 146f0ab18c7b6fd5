/**
 * Whether the replayed data implements the collective the file claims: every output chunk holds
 * exactly what the collective puts there (msccl-tools' checks, language/collectives.py), each
 * contribution of a sum exactly once. `custom` is replayed and described, never judged.
 *
 * With R ranks and c = nchunksperloop / R, input chunk j of rank r has id j·R + r (dataflow.ts):
 * - allgather: output chunk i·c + k of every rank holds input chunk k of rank i;
 * - allreduce: output chunk j of every rank holds the sum of input chunk j of all ranks;
 * - alltoall: output chunk i·c + k of rank r holds input chunk r·c + k of rank i;
 * - reduce_scatter: output chunk k of rank r holds the sum of input chunk r·c + k of all ranks;
 * - broadcast: output chunk j of every rank holds input chunk j of the root;
 * - reduce: output chunk j of the root holds the sum of input chunk j of all ranks.
 * The root of a broadcast or reduce is not in the file; it is read off the data flow (the rank whose
 * chunks fill the outputs, or whose output holds the most).
 */
import { equal, firstMissing, sizeOf } from '../../kernel/model/contributions';
import type { Verdicts } from '../verdicts';
import type { DataFlow } from './dataflow';
import type { Algo } from './model';
import { whereStep, type OpGraph } from './ops';

export interface Judgement {
  /** The root found for broadcast and reduce. */
  root?: number;
  /** Output chunks checked and how many hold what they should. */
  checked: number;
  correct: number;
}

/** Output chunks per rank the collective fills. */
export function outputsPerRank(a: Algo, rank: number): number {
  const n = a.nchunksperloop || (a.gpus[rank]?.o ?? 0);
  return a.collective === 'reduce_scatter' ? Math.floor(n / a.ngpus) : n;
}

/**
 * The expected content of output chunk k of rank r, as ranges, or null where nothing is required
 * (R ranks; per = nchunksperloop / R). The page's chunk tracking reads it too. Given `into` (two
 * numbers long), the range is written there instead of into a new array: the judge asks this for
 * every output chunk.
 */
export function expectedOutput(
  collective: string | null,
  R: number,
  per: number,
  root: number,
  r: number,
  k: number,
  into?: Uint32Array,
): Uint32Array | null {
  // One contribution (width 1) or the sum over all ranks (width R), from `from` on.
  let from: number;
  let width = 1;
  switch (collective) {
    case 'allgather':
      from = (k % per) * R + Math.floor(k / per);
      break;
    case 'allreduce':
      from = k * R;
      width = R;
      break;
    case 'alltoall':
      from = (r * per + (k % per)) * R + Math.floor(k / per);
      break;
    case 'reduce_scatter':
      from = (r * per + k) * R;
      width = R;
      break;
    case 'broadcast':
      from = k * R + root;
      break;
    case 'reduce':
      if (r !== root) return null;
      from = k * R;
      width = R;
      break;
    default:
      return null;
  }
  const range = into ?? new Uint32Array(2);
  range[0] = from;
  range[1] = from + width;
  return range;
}

export function judge(a: Algo, ops: OpGraph, flow: DataFlow, v: Verdicts, label: string): Judgement {
  const R = a.ngpus;
  const per = flow.buffers.per || 1;
  const out = (r: number, k: number) => {
    const c = flow.buffers.cell(r, 'o', k);
    return { cell: c, value: c >= 0 ? flow.values[c] : null };
  };
  let root: number | undefined;
  if (a.collective === 'broadcast' || a.collective === 'reduce') root = findRoot(a, flow, out);
  const tag = label ? ` (${label})` : '';
  const name = (id: number) => `chunk ${Math.floor(id / R)} of rank ${id % R}`;
  let checked = 0;
  let correct = 0;
  if (a.collective === null || a.collective === 'custom') return { checked, correct };
  const scratch = new Uint32Array(2);
  for (let r = 0; r < R; r++) {
    const n = outputsPerRank(a, r);
    for (let k = 0; k < n; k++) {
      const want = expectedOutput(a.collective, R, per, root ?? 0, r, k, scratch);
      if (!want) continue;
      checked++;
      const cell = flow.buffers.cell(r, 'o', k);
      const value = cell >= 0 ? flow.values[cell] : null;
      if (value && equal(value, want)) {
        correct++;
        continue;
      }
      const w = cell >= 0 ? flow.writer[cell] : -1;
      const at = w >= 0 ? whereStep(ops.steps, w) : null;
      const where = at ?? { rank: r };
      const needs =
        sizeOf(want) === 1 ? name(want[0]) : `the sum of chunk ${want[0] / R} over all ${R} ranks`;
      let has: string;
      if (cell < 0) has = `there is no output chunk ${k} (o_chunks ${a.gpus[r]?.o ?? 0})`;
      else if (!value) has = 'it holds nothing';
      else if (sizeOf(value) === 1) has = `it holds ${name(value[0])}`;
      else {
        const lack = firstMissing(want, value);
        has =
          lack >= 0
            ? `it holds a sum of ${sizeOf(value)} contributions without ${name(lack)}`
            : `it holds a sum of ${sizeOf(value)} contributions, some not of this chunk`;
      }
      v.error(
        'collective',
        where,
        `rank ${r}, output chunk ${k}${tag}: ${a.coll} needs ${needs}; ${has}${at ? ` (last written by threadblock ${at.tb}, step ${at.step})` : ''}`,
      );
    }
  }
  return { root, checked, correct };
}

/** The root of a broadcast (whose chunks the outputs hold) or reduce (whose output combines most). */
function findRoot(
  a: Algo,
  flow: DataFlow,
  out: (r: number, k: number) => { value: Uint32Array | null },
): number {
  const R = a.ngpus;
  const score = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    const { value } = out(r, 0);
    if (!value) continue;
    if (a.collective === 'broadcast') {
      if (sizeOf(value) === 1) score[value[0] % R]++;
    } else score[r] = sizeOf(value);
  }
  let best = 0;
  for (let r = 1; r < R; r++) if (score[r] > score[best]) best = r;
  return best;
}
