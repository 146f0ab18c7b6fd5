import type { StageRequest } from '../ring-stages';
import type { OptreePlan } from './optree-plan';
import { plural } from '../../../kernel/util/units';

/**
 * Direction of a lightpath over exactly half a ring of n nodes (n even) from node a. Node a and its
 * antipode a + n/2 go the same way, so every window of n/2 links carries one of each such pair: the
 * ties add ⌊n/4⌋ lightpaths to each link, plus one on half the links when n/2 is odd (the pair that
 * cannot be split evenly).
 */
export function tieClockwise(a: number, n: number): boolean {
  const half = n / 2;
  const r = a % half;
  return r < Math.floor(half / 2) || (half % 2 === 1 && a === half - 1);
}

/** Signed shortest arc from a to b on a ring of n nodes (ties by tieClockwise). */
export function ringHops(a: number, b: number, n: number): number {
  const d = (b - a + n) % n;
  if (2 * d < n) return d;
  if (2 * d > n) return d - n;
  return tieClockwise(a, n) ? d : d - n;
}

/** Real blocks held by each residue class of stage j (slots r + t·g_{j−1}), as a pool. */
function blockPool(
  plan: OptreePlan,
  stage: number,
): { start: Int32Array; count: Int32Array; pool: Int32Array } {
  const span = stage === 1 ? plan.slots : plan.strides[stage - 2];
  const copies = plan.slots / span;
  const start = new Int32Array(span);
  const count = new Int32Array(span);
  // Every real node is in exactly one class.
  const pool = new Int32Array(plan.nodes);
  let at = 0;
  for (let r = 0; r < span; r++) {
    start[r] = at;
    for (let t = 0; t < copies; t++) {
      const v = plan.nodeOfSlot[r + t * span];
      if (v >= 0) pool[at++] = v;
    }
    count[r] = at - start[r];
  }
  return { start, count, pool };
}

/** A stage's requests, with where each subset's bundles start (subset by subset, group by group). */
export interface OptreeRequest extends StageRequest {
  /** Subset i's bundles are subsetStart[i] … subsetStart[i + 1] − 1; the last entry is the count. */
  subsetStart: Int32Array;
}

/**
 * Requests of stage `stage` for the slots [from, to) (a whole number of parent groups), with node ids
 * shifted by −nodeBase and routes on a ring of `ringSize` nodes.
 */
export function stageRequest(
  plan: OptreePlan,
  stage: number,
  from: number,
  to: number,
  nodeBase: number,
  ringSize: number,
  label: string,
): OptreeRequest {
  const j = stage - 1;
  const m = plan.radices[j];
  const g = plan.strides[j];
  const span = g * m;
  const held = blockPool(plan, stage);
  // At most m − 1 partners per slot: room for every bundle up front, trimmed at the end.
  const room = (to - from) * (m - 1);
  const out: SubsetSink = {
    src: new Int32Array(room),
    hops: new Int32Array(room),
    mult: new Int32Array(room),
    blockStart: new Int32Array(room),
    count: 0,
    // Hosts already targeted by the current sender (stamped with sender slot + 1).
    targeted: new Int32Array(plan.nodes),
  };
  const subsetStart = new Int32Array(((to - from) / span) * g + 1);
  let subset = 0;
  for (let base = from; base < to; base += span)
    for (let r = 0; r < g; r++) {
      subsetStart[subset++] = out.count;
      out.count = addSubset(plan, stage, base + r, held, nodeBase, ringSize, out);
    }
  subsetStart[subset] = out.count;
  const c = out.count;
  return {
    label,
    phase: `stage ${stage}`,
    arcs: {
      count: c,
      src: out.src.subarray(0, c),
      hops: out.hops.subarray(0, c),
      mult: out.mult.subarray(0, c),
    },
    blockStart: out.blockStart.subarray(0, c),
    pool: held.pool,
    subsetStart,
  };
}

/** The bundles stageRequest collects (`count` so far). */
interface SubsetSink {
  src: Int32Array;
  hops: Int32Array;
  mult: Int32Array;
  blockStart: Int32Array;
  count: number;
  targeted: Int32Array;
}

/**
 * The bundles of one subset of stage `stage`, the slots first + t·g_j: every member sends every other
 * member's host the blocks of its residue class (one function per subset, so that V8 optimises it as
 * a whole rather than from inside its innermost loop); returns the new bundle count.
 */
function addSubset(
  plan: OptreePlan,
  stage: number,
  first: number,
  held: { start: Int32Array; count: Int32Array },
  nodeBase: number,
  ringSize: number,
  out: SubsetSink,
): number {
  const m = plan.radices[stage - 1];
  const g = plan.strides[stage - 1];
  const classes = stage === 1 ? plan.slots : plan.strides[stage - 2];
  const host = plan.hostOfSlot;
  const virtual = plan.slots > plan.nodes;
  const ring = stage === 1;
  const { src, hops, mult, blockStart, targeted } = out;
  let c = out.count;
  for (let ta = 0; ta < m; ta++) {
    const a = first + ta * g;
    const res = a % classes;
    const k = held.count[res];
    if (k === 0) continue;
    const pa = host[a];
    for (let tb = 0; tb < m; tb++) {
      if (tb === ta) continue;
      const pb = host[first + tb * g];
      if (pb === pa) continue;
      if (virtual) {
        if (targeted[pb] === a + 1) continue;
        targeted[pb] = a + 1;
      }
      src[c] = pa - nodeBase;
      hops[c] = ring ? ringHops(pa, pb, ringSize) : pb - pa;
      mult[c] = k;
      blockStart[c] = held.start[res];
      c++;
    }
  }
  return c;
}

export function stageLabel(plan: OptreePlan, stage: number): string {
  if (plan.stageCount === 1) return `one stage: all ${plan.nodes} nodes exchange directly`;
  const m = plan.radices[stage - 1];
  const held = plan.slots / (stage === 1 ? plan.slots : plan.strides[stage - 2]);
  return `stage ${stage} of ${plan.stageCount}: subsets of ${m}, ${plural(held, 'block')} per node to send`;
}
