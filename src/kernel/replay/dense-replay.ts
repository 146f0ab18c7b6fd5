import type { ListSchedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import { MAX_HOLDING_CELLS, type DenseHoldings, type UnheldSend } from './holdings';
import { EventLog, forEachTransfer } from './replay-common';

export function replayDense(s: ListSchedule, topo: Topology, onUnheld?: UnheldSend): DenseHoldings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const cells = n * B;
  if (cells > MAX_HOLDING_CELLS)
    throw new RangeError(`dense holdings need ${n} × ${B} cells; the limit is ${MAX_HOLDING_CELLS}`);
  const S = s.stepCount;
  const wide = S >= 0xffff;
  const never = wide ? 0xffffffff : 0xffff;
  const arrival = wide ? new Uint32Array(cells) : new Uint16Array(cells);
  arrival.fill(never);
  // Each (node, block) cell gains its block at most once, so `cells` events always suffice.
  const log = new EventLog(n, S, cells);
  const origin = s.blocks.origin;
  for (let b = 0; b < B; b++) arrival[origin[b] * B + b] = 0;
  log.startAt(origin, B);
  const ids = s.transferBlocks.ids;
  if (s.path.kind === 'ring-arc' && s.receivers.kind === 'path-end' && !s.transferBlocks.offsets) {
    replayDenseArcs(s, s.path.hops, arrival, log, onUnheld);
    return { kind: 'dense', ...log.finish(B, never), arrival };
  }
  forEachTransfer(
    s,
    topo,
    (step) => log.endStep(step),
    (step, t, u, b0, b1, rx, nr) => {
      for (let k = b0; k < b1; k++) {
        const b = ids[k];
        if (arrival[u * B + b] >= step && onUnheld) onUnheld(step, t, b);
        for (let r = 0; r < nr; r++) {
          const cell = rx[r] * B + b;
          if (arrival[cell] > step) {
            arrival[cell] = step;
            log.add(rx[r]);
          }
        }
      }
    },
  );
  return { kind: 'dense', ...log.finish(B, never), arrival };
}

/**
 * The dense replay of one-block ring arcs (every staged ring all-gather: a million lightpaths for
 * OpTree on 1024 nodes), written out without the per-transfer callback: same cells, same events.
 */
function replayDenseArcs(
  s: ListSchedule,
  hops: ArrayLike<number>,
  arrival: Uint16Array | Uint32Array,
  log: EventLog,
  onUnheld?: UnheldSend,
): void {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const { src, stepStart } = s;
  const ids = s.transferBlocks.ids;
  for (let step = 1; step <= s.stepCount; step++) {
    const end = stepStart[step];
    for (let t = stepStart[step - 1]; t < end; t++) {
      const u = src[t];
      const b = ids[t];
      if (arrival[u * B + b] >= step && onUnheld) onUnheld(step, t, b);
      const e = u + hops[t];
      const v = e >= n ? e - n : e < 0 ? e + n : e;
      const cell = v * B + b;
      if (arrival[cell] > step) {
        arrival[cell] = step;
        log.add(v);
      }
    }
    log.endStep(step);
  }
}
