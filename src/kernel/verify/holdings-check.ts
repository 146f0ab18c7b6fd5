import { pairDestination } from '../model/block-pairs';
import type { Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import { firstArrival, firstUnreached, heldCounts } from '../replay/holding-queries';
import type { Holdings, Representation } from '../replay/holdings';
import { replay } from '../replay/replay';
import { checkReduction, isReduction } from './reduction';
import type { Rule } from './rules';

type Flag = (rule: Rule, step: number, transfer: number, message: string) => void;

/**
 * The verifier's second half, after the routes and resources (verifier.ts): causality from the one
 * replay engine (or a reduction's own rules) and the collective's postcondition. `counts` are the
 * violations found so far: a schedule with bad ids is replayed without its steps, so nothing is
 * read out of range.
 */
export function checkHoldings(
  s: Schedule,
  topo: Topology,
  counts: Partial<Record<Rule, number>>,
  flag: Flag,
  representation?: Representation,
): Holdings {
  // Causality comes from the one replay engine; bad ids were reported above, so replay only a
  // schedule whose ids are sound.
  const structural = (counts['bad-node'] ?? 0) + (counts['bad-block'] ?? 0) + (counts['bad-link'] ?? 0);
  if (isReduction(s) && (counts['bad-node'] ?? 0) + (counts['bad-link'] ?? 0) === 0)
    return checkReduction(s, topo, flag);
  if (isReduction(s)) return checkReduction(emptyLike(s), topo, () => undefined);
  if (structural !== 0) return replay(emptyLike(s), topo, undefined, representation);
  const holdings = replay(
    s,
    topo,
    (step, t, b) =>
      flag('causality', step, t, `node ${s.src[t]} sends block ${b} in step ${step} before it holds it`),
    representation,
  );
  checkPostcondition(s, holdings, flag);
  return holdings;
}

function checkPostcondition(s: Schedule, h: Holdings, flag: Flag): void {
  const B = s.blocks.count;
  const never = h.never;
  const missing = (v: number, b: number) =>
    flag('postcondition', 0, -1, `node ${v} never receives block ${b}`);
  const t = s.blocks;
  if (t.kind === 'pairs') {
    // Block (s, d) must reach d. Route holdings counted the blocks that did: all of them settles it.
    if (h.kind === 'route' && h.home === B) return;
    for (let b = 0; b < B; b++) {
      const v = pairDestination(t.nodes, b);
      if (firstArrival(h, v, b) === never) missing(v, b);
    }
    return;
  }
  const d = t.destinations;
  if (d.kind === 'all') {
    // Every node holding all B blocks at the end (the replay's final counts) settles it at once.
    const final = heldCounts(h, s.stepCount);
    if (final.every((c) => c === B)) return;
    if (h.kind === 'dense') {
      // The common dense case reads the table directly.
      for (let v = 0; v < s.nodeCount; v++)
        for (let b = 0; b < B; b++) if (h.arrival[v * B + b] === never) missing(v, b);
    } else
      for (let v = 0; v < s.nodeCount; v++)
        for (let b = 0; b < B; b++) if (firstArrival(h, v, b) === never) missing(v, b);
  } else if (d.kind === 'single') {
    for (let b = firstUnreached(h, d.nodes, 0); b < B; b = firstUnreached(h, d.nodes, b + 1))
      missing(d.nodes[b], b);
  } else {
    for (let b = 0; b < B; b++)
      for (let i = d.offsets[b]; i < d.offsets[b + 1]; i++) {
        const v = d.nodes[i];
        if (firstArrival(h, v, b) === never) missing(v, b);
      }
  }
}

/** The same blocks with no steps: initial holdings only (used when ids are broken). */
function emptyLike(s: Schedule): Schedule {
  return {
    ...s,
    stepCount: 0,
    transferCount: 0,
    stepStart: new Uint32Array(1),
    stepPhase: new Uint16Array(0),
  };
}
