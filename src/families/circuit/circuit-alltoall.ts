import { indexArray } from '../../kernel/model/columns';
import type { ListedBlocks, Schedule } from '../../kernel/model/schedule';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import type { Built } from '../../kernel/spec';
import type { Usage } from '../../kernel/verify/rules';
import { phaseMeasures, phaseSeconds, type CircuitModel } from './circuit-time';
import { circuitLink, circuitTopology, configLinks, planCircuits, type CircuitPlan } from './circuits';

/**
 * All-to-all by digit routing on an optical circuit switch (ReTri and mirrored Bruck). Every block has
 * a digit in {−1, 0, +1} per phase; in phase k a node sends the blocks it holds whose digit is +1 to
 * the peer at +offset[k] and those with −1 to the peer at −offset[k], one transfer per direction. The
 * circuits in force follow a reconfiguration schedule (families/circuit/circuits.ts); without a reconfiguration a
 * transfer crosses several circuits of the standing configuration.
 */
export interface DigitRouting {
  algorithm: string;
  /** Nodes on the switch (processors, ghosts included). */
  ringSize: number;
  /** Offset of the peers of each phase. */
  phaseOffsets: number[];
  x: boolean[];
  blocks: ListedBlocks;
  /** Row of `digits` for each block, and the table itself (row·phases + k). */
  digitRow: Uint32Array;
  digits: Int8Array;
}

export function buildDigitRouting(d: DigitRouting): Built & { plan: CircuitPlan } {
  const N = d.ringSize;
  const S = d.phaseOffsets.length;
  const plan = planCircuits(d.phaseOffsets, d.x);
  const B = d.blocks.count;
  // Transfers: at most two per node and phase. Block references: two thirds of the blocks move in a
  // ReTri phase, half in a Bruck phase (the builder grows past an estimate that is short).
  const refs = Math.ceil((2 / 3) * B * S) + 16;
  let pathLinks = 0;
  for (let k = 0; k < S; k++) pathLinks += 2 * N * plan.phaseHops[k];
  const builder = new ScheduleBuilder({
    algorithm: d.algorithm,
    collective: 'alltoall',
    nodeCount: N,
    blocks: d.blocks,
    pathKind: 'link-list',
    receiverKind: 'path-end',
    singleBlock: false,
    capacity: { transfers: 2 * N * S, blockRefs: refs, pathLinks },
    ports: { tx: 2, rx: 2 },
  });
  const pos = indexArray(B, N);
  pos.set(d.blocks.origin);
  const bucketStart = new Uint32Array(2 * N + 1);
  const fill = new Uint32Array(2 * N);
  const order = new Uint32Array(B);
  const keys = new Int32Array(B);
  const digits = d.digits;
  const rows = d.digitRow;
  const NONE = -1; // (small integers keep the loops on the fast path)
  const active: Uint32Array[] = [];
  for (let k = 0; k < S; k++) {
    builder.beginStep(`phase ${k}`);
    active.push(configLinks(N, plan.phaseConfig[k]));
    // Bucket the moving blocks by (node, direction): bucket 2i is +, 2i+1 is −. The bucket of every
    // block is worked out once (NONE: the block stays) and read again to fill the buckets.
    bucketStart.fill(0);
    for (let b = 0; b < B; b++) {
      const t = digits[rows[b] * S + k];
      const key = t === 0 ? NONE : 2 * pos[b] + (t > 0 ? 0 : 1);
      keys[b] = key;
      if (key !== NONE) bucketStart[key + 1]++;
    }
    for (let i = 0; i < 2 * N; i++) bucketStart[i + 1] += bucketStart[i];
    fill.set(bucketStart.subarray(0, 2 * N));
    for (let b = 0; b < B; b++) {
      const key = keys[b];
      if (key !== NONE) order[fill[key]++] = b;
    }
    const offset = d.phaseOffsets[k];
    const config = plan.phaseConfig[k];
    const hops = plan.phaseHops[k];
    const step = plan.configOffsets[config];
    const links = new Uint32Array(hops);
    for (let i = 0; i < N; i++)
      for (const dir of [1, -1] as const) {
        const bucket = 2 * i + (dir > 0 ? 0 : 1);
        const a = bucketStart[bucket];
        const e = bucketStart[bucket + 1];
        if (a === e) continue;
        let node = i;
        for (let h = 0; h < hops; h++) {
          links[h] = circuitLink(N, config, node, dir);
          node = (((node + dir * step) % N) + N) % N;
        }
        builder.addTransfer(i, links, [], 0, order.subarray(a, e));
        const to = (((i + dir * offset) % N) + N) % N;
        for (let j = a; j < e; j++) pos[order[j]] = to;
      }
  }
  const schedule = builder.finish();
  schedule.activeLinks = concatSteps(active);
  return { topology: circuitTopology(N, plan.configOffsets), schedule, plan };
}

/** Per-step link lists as the schedule's `activeLinks` columns. */
export function concatSteps(steps: readonly Uint32Array[]): Schedule['activeLinks'] {
  const stepStart = new Uint32Array(steps.length + 1);
  steps.forEach((l, i) => (stepStart[i + 1] = stepStart[i] + l.length));
  const links = new Uint32Array(stepStart[steps.length]);
  steps.forEach((l, i) => links.set(l, stepStart[i]));
  return { stepStart, links };
}

/** Blocks B[r, d] for r, d < n with id r·n + d (`copies` > 1: that many parts per pair, id ·copies + part). */
export function alltoallBlocks(n: number, bytes: number, copies = 1): ListedBlocks {
  const B = n * n * copies;
  const origin = indexArray(B, n);
  const dest = indexArray(B, n);
  for (let r = 0; r < n; r++)
    for (let d = 0; d < n; d++)
      for (let c = 0; c < copies; c++) {
        const b = (r * n + d) * copies + c;
        origin[b] = r;
        dest[b] = d;
      }
  return { count: B, origin, destinations: { kind: 'single', nodes: dest }, bytes };
}

/**
 * What a digit-routing algorithm's build returns: the schedule, what it did differently from the
 * paper (the notes that apply, joined; none: no variant) and its circuit plan for the view.
 */
export function digitRoutingResult(
  built: Built & { plan: CircuitPlan },
  variants: readonly (string | null | undefined)[],
): Built {
  return {
    topology: built.topology,
    schedule: built.schedule,
    variant: variants.filter(Boolean).join('; ') || undefined,
    extras: { plan: built.plan },
  };
}

/** Seconds per phase of a one-step-per-phase circuit schedule under the paper's cost model. */
export function circuitStepSeconds(
  usage: Usage,
  model: CircuitModel,
  blockBytes: number,
  reconfigured: readonly boolean[],
): Float64Array {
  return Float64Array.from(phaseMeasures(usage, blockBytes, reconfigured), (ph) => phaseSeconds(model, ph));
}
