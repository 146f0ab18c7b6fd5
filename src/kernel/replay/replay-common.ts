import { indexArray, type IndexArray } from '../model/columns';
import { receiversOf } from '../model/paths';
import type { ListSchedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import { SNAPSHOT_EVERY, type HoldingsBase } from './holdings';

/**
 * Per-step arrival events and count snapshots, shared by both representations. When a count snapshot
 * after every step takes less room than the events could (few steps, many arrivals: gossip and
 * multi-scatter on 4096 nodes, OpTree), the log keeps only those snapshots; the counts after any
 * step are then a snapshot and a step's arrivals the difference of two.
 */
export class EventLog {
  readonly counts: Uint32Array;
  readonly eventStart: Uint32Array;
  eventNode: IndexArray;
  events = 0;
  /** Snapshots after every step instead of events. */
  private readonly everyStep: boolean;
  private readonly snapshotStep: number[] = [];
  private readonly snapshotCounts: Uint32Array[] = [];
  private sinceSnapshot = 0;

  constructor(
    private readonly n: number,
    private readonly steps: number,
    capacity: number,
  ) {
    this.counts = new Uint32Array(n);
    this.eventStart = new Uint32Array(steps + 2);
    const eventBytes = n <= 0xffff ? 2 : 4;
    this.everyStep = (steps + 1) * n * 4 <= capacity * eventBytes;
    this.eventNode = indexArray(this.everyStep ? 0 : Math.max(1, capacity), n);
  }

  add(node: number): void {
    if (!this.everyStep) this.eventNode[this.events++] = node;
    this.counts[node]++;
  }

  /** `count` arrivals at one node. */
  addMany(node: number, count: number): void {
    if (!this.everyStep) this.eventNode.fill(node, this.events, (this.events += count));
    this.counts[node] += count;
  }

  /** Step 0: each of `count` blocks at its origin (`origin[b]`), and the step closed. */
  startAt(origin: ArrayLike<number>, count: number): void {
    for (let b = 0; b < count; b++) this.add(origin[b]);
    this.endStep(0);
  }

  /** Closes step `step` (0 = the initial holdings). */
  endStep(step: number): void {
    this.eventStart[step + 1] = this.events;
    if (step === 0 || this.everyStep) {
      this.snapshot(step);
      return;
    }
    this.sinceSnapshot += this.events - this.eventStart[step];
    if (this.sinceSnapshot >= SNAPSHOT_EVERY) this.snapshot(step);
  }

  private snapshot(step: number): void {
    this.snapshotStep.push(step);
    this.snapshotCounts.push(this.counts.slice());
    this.sinceSnapshot = 0;
  }

  finish(blockCount: number, never: number): HoldingsBase {
    const n = this.n;
    const flat = new Uint32Array(this.snapshotCounts.length * n);
    this.snapshotCounts.forEach((c, i) => flat.set(c, i * n));
    return {
      nodeCount: n,
      blockCount,
      stepCount: this.steps,
      never,
      eventStart: this.eventStart,
      eventNode: this.eventNode.subarray(0, this.events) as IndexArray,
      snapshotStep: Uint32Array.from(this.snapshotStep),
      snapshotCounts: flat,
    };
  }
}

/** Calls `visit(step, t, u, b0, b1, rx, nr)` for every transfer in order, receivers decoded. */
export function forEachTransfer(
  s: ListSchedule,
  topo: Topology,
  endStep: (step: number) => void,
  visit: (step: number, t: number, u: number, b0: number, b1: number, rx: Uint32Array, nr: number) => void,
): void {
  const n = s.nodeCount;
  const rx = new Uint32Array(Math.max(1, n + topo.auxCount));
  const blockOffsets = s.transferBlocks.offsets;
  const arcEnds = s.path.kind === 'ring-arc' && s.receivers.kind === 'path-end' ? s.path.hops : null;
  for (let step = 1; step <= s.stepCount; step++) {
    const end = s.stepStart[step];
    for (let t = s.stepStart[step - 1]; t < end; t++) {
      const u = s.src[t];
      let nr: number;
      if (arcEnds) {
        // Fast path for ring arcs: the one receiver is where the arc ends.
        const e = u + arcEnds[t];
        rx[0] = e >= n ? e - n : e < 0 ? e + n : e;
        nr = 1;
      } else nr = receiversOf(s, topo, t, rx);
      visit(
        step,
        t,
        u,
        blockOffsets ? blockOffsets[t] : t,
        blockOffsets ? blockOffsets[t + 1] : t + 1,
        rx,
        nr,
      );
    }
    endStep(step);
  }
}
