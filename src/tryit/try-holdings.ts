import { blockIdsOf, type ListedBlocks, type Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import { receiversOf } from '../kernel/model/paths';
import { firstArrival } from '../kernel/replay/holding-queries';
import type { Holdings } from '../kernel/replay/holdings';

/** Marks "never" in an arrival table. */
export const NEVER = 0xffff;

/**
 * Who holds what after each step of an attempt: `arrival[v·B + b]` is the step after which node v
 * first holds block b (0: from the start; NEVER: not by the end). After step s, v holds b exactly
 * when arrival ≤ s. For a reduction, b is a contribution and "holds" means its partial combines it.
 */
export interface TryHoldings {
  nodes: number;
  blocks: number;
  steps: number;
  arrival: Uint16Array;
}

/** Whether node v holds block b after step `step` (0: at the start). */
export const heldAfter = (h: TryHoldings, step: number, v: number, b: number) =>
  h.arrival[v * h.blocks + b] <= step;

/** The whole matrix after step `step`, row v, column b (1 where held): what the page paints. */
export function heldMatrix(h: TryHoldings, step: number): Uint8Array {
  const out = new Uint8Array(h.arrival.length);
  for (let i = 0; i < out.length; i++) out[i] = h.arrival[i] <= step ? 1 : 0;
  return out;
}

/**
 * The arrival table of a checked attempt: read from the verifier's own replay for copied and
 * forwarded blocks; for a reduction (whose replay keeps counts, not sets) from the transfers
 * themselves, as the verifier's reduction rules fold them: every receiver's partial takes in the
 * listed contributions at the end of the step.
 */
export function tryHoldings(s: Schedule, t: Topology, blocks: ListedBlocks, replayed: Holdings): TryHoldings {
  const n = t.nodeCount;
  const B = blocks.count;
  const arrival = new Uint16Array(n * B).fill(NEVER);
  if (replayed.kind !== 'counts') {
    for (let v = 0; v < n; v++)
      for (let b = 0; b < B; b++) {
        const at = firstArrival(replayed, v, b);
        arrival[v * B + b] = at === replayed.never ? NEVER : at;
      }
    return { nodes: n, blocks: B, steps: s.stepCount, arrival };
  }
  for (let b = 0; b < B; b++) arrival[blocks.origin[b] * B + b] = 0;
  const rx = new Uint32Array(Math.max(1, t.nodeCount + t.auxCount));
  for (let step = 1; step <= s.stepCount; step++)
    for (let i = s.stepStart[step - 1]; i < s.stepStart[step]; i++) {
      const ids = blockIdsOf(s, i);
      const nr = receiversOf(s, t, i, rx);
      for (let r = 0; r < nr; r++) {
        const v = rx[r];
        if (v >= n) continue;
        for (const b of ids) if (b < B && arrival[v * B + b] > step) arrival[v * B + b] = step;
      }
    }
  return { nodes: n, blocks: B, steps: s.stepCount, arrival };
}

/** Deliveries the goal asks for and those made: (node, block) pairs of the target held at the end. */
export function progressOf(h: TryHoldings, target: Uint8Array): { needed: number; delivered: number } {
  let needed = 0;
  let delivered = 0;
  for (let i = 0; i < target.length; i++)
    if (target[i]) {
      needed++;
      if (h.arrival[i] !== NEVER) delivered++;
    }
  return { needed, delivered };
}
