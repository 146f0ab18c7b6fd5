import type { PairGrid } from '../model/block-pairs';
import type { IndexArray } from '../model/columns';

/**
 * What every node holds after any step, computed in one pass over the schedule. A node holds a block
 * from the step it first receives it on (a relay that passes a block on keeps counting as having held
 * it; for forwarded blocks `location` gives where a block is now).
 *
 * Two representations answer the same questions (`holds`, `firstArrival`, `location`, `heldCounts`,
 * `arrivalsInStep`):
 *
 * - `dense`: `arrival[node * blockCount + block]` is the step after which the node first holds the
 *   block (0 = from the start), or `never`. One comparison per question; nodes × blocks cells.
 * - `sparse`: per block, the list of (node, step) first arrivals in step order. Personalised blocks
 *   (all-to-all: one destination each, forwarded rather than copied) visit only the few nodes of their
 *   route, so this needs blocks + deliveries entries instead of nodes × blocks: ReTri on 2187 nodes has
 *   4.8 million blocks, which would need 10.5 billion dense cells but only 27 million visits.
 *
 * - `route`: for pair-rectangle schedules (block-pairs.ts) that forward every block along one route,
 *   only where each block is at the end; any other question walks the block's route through the
 *   schedule's own rectangles (a few transfers per step). Multi-scatter on 4096 processors keeps
 *   33.5 MB here instead of 168 MB of visit slots, and its replay writes one word per block moved.
 *
 * All keep arrival events grouped by step plus periodic snapshots of per-node counts, so the number
 * of blocks each node holds after any step costs time proportional to the events since the nearest
 * snapshot before it; schedules of few steps keep a snapshot after every step and no events.
 */
export interface HoldingsBase {
  nodeCount: number;
  blockCount: number;
  stepCount: number;
  never: number;
  /**
   * Events of step s (0 = initial holdings) are eventNode[eventStart[s] .. eventStart[s+1]); none are
   * kept when there is a snapshot after every step (then snapshotStep is 0, 1, …, stepCount).
   */
  eventStart: Uint32Array;
  eventNode: IndexArray;
  /** Snapshot i: counts after step snapshotStep[i], in snapshotCounts[i*nodeCount ..]. */
  snapshotStep: Uint32Array;
  snapshotCounts: Uint32Array;
}

export interface DenseHoldings extends HoldingsBase {
  kind: 'dense';
  arrival: Uint16Array | Uint32Array;
}

/**
 * Sparse holdings, in one of two layouts:
 *
 * - `lists`: visits of block b are visitNode/visitStep[blockStart[b] .. blockStart[b+1]), in step
 *   order.
 * - `slots`: block b owns `slots` words room[b·slots ..], its visits in step order, each packed as
 *   step · 2^bits + node, then `empty` words. Written by the fast replay and kept as it is: no
 *   packing pass, and everything about one block in one cache line.
 */
export type SparseHoldings = SparseLists | SparseSlots;

interface SparseLists extends HoldingsBase {
  kind: 'sparse';
  layout: 'lists';
  blockStart: Uint32Array;
  visitNode: IndexArray;
  visitStep: Uint16Array | Uint32Array;
}

interface SparseSlots extends HoldingsBase {
  kind: 'sparse';
  layout: 'slots';
  slots: number;
  bits: number;
  empty: number;
  room: Uint16Array | Uint32Array;
}

/**
 * Route holdings of a pair-rectangle schedule whose every block moves along one route (each step, at
 * most one transfer carries it, from the node that received it last, and it never comes back to a
 * node it left): `final[b]` packs step · 2^bits + node of its last arrival; the rest is walked from
 * the block's source through the transfers each node sends in each step (`sendStart`/`sendOrder`).
 * The blocks are the pair blocks of `grid.nodes` nodes (block (s, d) starts at s, bound for d).
 */
export interface RouteHoldings extends HoldingsBase {
  kind: 'route';
  grid: PairGrid;
  /** The one receiver of each transfer. */
  receiver: IndexArray;
  /** Transfers node v sends in step st are sendOrder[sendStart[(st−1)·n + v] .. sendStart[… + 1]). */
  sendStart: Uint32Array;
  sendOrder: Uint32Array;
  final: Uint16Array | Uint32Array;
  bits: number;
  /** Blocks whose route reaches their destination (all of them: every destination holds its block). */
  home: number;
}

/**
 * Counts holdings of a reduction (verify/reduction.ts): how many contributions each node's partial
 * combines, after each step, and nothing per contribution (a million processors' partials would need
 * a million lists). Each step's changes are (node, new count) pairs; counts after step s are the
 * nearest snapshot at or before s with the later changes applied. Queries about single blocks have
 * no answer here; views of reductions ask for counts.
 */
export interface CountsHoldings extends HoldingsBase {
  kind: 'counts';
  /** Changes of step s are changeNode/changeCount[changeStart[s − 1] .. changeStart[s]). */
  changeStart: Uint32Array;
  changeNode: IndexArray;
  changeCount: Uint32Array;
}

export type Holdings = DenseHoldings | SparseHoldings | RouteHoldings | CountsHoldings;

/**
 * `sparse-lists` forces the exact sparse layout (tests compare it with the fast `slots` one);
 * `dense` and `sparse` on a pair-rectangle schedule replay its blocks written out as lists.
 */
export type Representation = 'auto' | 'dense' | 'sparse' | 'sparse-lists';

/** Called for every block a transfer sends without holding it at the start of the step. */
export type UnheldSend = (step: number, transfer: number, block: number) => void;

/** Dense holdings need nodes × blocks cells; past this the replay uses the sparse representation. */
export const MAX_HOLDING_CELLS = 1 << 28;

/** Events between count snapshots (bounds the work of one `heldCounts` call). */
export const SNAPSHOT_EVERY = 1 << 16;

/** The typed arrays of a holdings value (for transfer lists). */
export function holdingsBuffers(h: Holdings): ArrayBufferView[] {
  const common = [h.eventStart, h.eventNode, h.snapshotStep, h.snapshotCounts];
  if (h.kind === 'dense') return [h.arrival, ...common];
  if (h.kind === 'counts') return [h.changeStart, h.changeNode, h.changeCount, ...common];
  if (h.kind === 'route') {
    const g = h.grid;
    return [
      h.final,
      h.receiver,
      h.sendStart,
      h.sendOrder,
      g.sFirst,
      g.sCount,
      g.dFirst,
      g.dStep,
      g.dCount,
      ...common,
    ];
  }
  return h.layout === 'slots' ? [h.room, ...common] : [h.blockStart, h.visitNode, h.visitStep, ...common];
}
