import { pathLinks, receiversOf } from '../kernel/model/paths';
import { blockIdsOf, type Schedule } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import type { Attempt, TryStep, TryTransfer } from './attempt';
import { offsetOfLinks, START_OFFSET } from './circuit-choices';

/**
 * Step `step` (1-based) of a schedule on the exercise's network as the attempt's transfers: routes
 * as link lists (a ring arc written out), receivers, channels and blocks as ids (a reduction's
 * ranges and pair rectangles written out).
 */
export function transfersOfStep(s: Schedule, t: Topology, step: number): TryTransfer[] {
  const links = new Uint32Array(Math.max(1, t.linkCount));
  const rx = new Uint32Array(Math.max(1, t.nodeCount + t.auxCount));
  const out: TryTransfer[] = [];
  for (let i = s.stepStart[step - 1]; i < s.stepStart[step]; i++) {
    const nl = pathLinks(s, t, i, links);
    const nr = receiversOf(s, t, i, rx);
    out.push({
      from: s.src[i],
      to: Array.from(rx.subarray(0, nr)),
      blocks: Array.from(blockIdsOf(s, i)).sort((a, b) => a - b),
      route: Array.from(links.subarray(0, nl)),
      channel: s.channel[i],
    });
  }
  return out;
}

/** The offset of step `step` (1-based) of a circuit-switch schedule on the exercise's switch; null if it has none. */
export function offsetOfStep(s: Schedule, n: number, step: number): number | null {
  const a = s.activeLinks;
  if (!a) return null;
  return offsetOfLinks(n, a.links.subarray(a.stepStart[step - 1], a.stepStart[step]));
}

/**
 * A whole schedule on the exercise's network as an attempt (a file read back, or the algorithm's own
 * steps): on the circuit switch each step sets up its offset where it changes.
 */
export function attemptOfSchedule(s: Schedule, t: Topology, circuits: boolean): Attempt {
  const steps: TryStep[] = [];
  let inForce = START_OFFSET;
  for (let step = 1; step <= s.stepCount; step++) {
    const transfers = transfersOfStep(s, t, step);
    const o = circuits ? offsetOfStep(s, t.nodeCount, step) : null;
    if (o !== null && o !== inForce) {
      steps.push({ transfers, offset: o });
      inForce = o;
    } else steps.push({ transfers });
  }
  if (steps.length === 0) steps.push({ transfers: [] });
  return { steps, at: 0 };
}
