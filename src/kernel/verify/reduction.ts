import { indexArray } from '../model/columns';
import { canonical, EMPTY, firstMissing, fromIds, range, sizeOf } from '../model/contributions';
import { PartialSets } from '../model/partial-sets';
import { receiversOf } from '../model/paths';
import { rangesOf, type Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import type { CountsHoldings } from '../replay/holdings';
import type { Rule } from './rules';
/** Snapshots of all counts are kept this many changes apart (bounds the work of one count query). */
const SNAPSHOT_CHANGES = 1 << 18;

/**
 * The rules of a combining collective (all-reduce), checked by replaying every node's partial result
 * as a set of contributions (contributions.ts). Processor v starts with contribution v. A transfer's
 * message is its sender's partial at the start of the step, and it lists exactly that set:
 *
 * - listing a contribution the sender has not combined yet is `causality` (forwarding before
 *   combining); listing fewer than it holds is `split-partial` (a combined value cannot be taken
 *   apart);
 * - the receiver folds the message into its own partial: a contribution it already has would be
 *   counted twice (`double-count`), except when the message carries the complete result, which
 *   replaces the partial;
 * - at the end every processor holds every contribution exactly once (`postcondition`).
 *
 * Returns the count holdings: how many contributions each partial combines after each step.
 */
export function checkReduction(
  s: Schedule,
  topo: Topology,
  flag: (rule: Rule, step: number, transfer: number, message: string) => void,
): CountsHoldings {
  const n = s.nodeCount;
  const B = s.blocks.count;
  const sets = new PartialSets(n, B);
  const tb = s.transferBlocks;
  // Each transfer's set as ranges [at[t], at[t + 1]) of `bounds` (two words a range): the schedule's
  // own when they are canonical (ours always are), else a canonical copy (files may list ranges in
  // any order, or ids).
  let bounds: Uint32Array;
  let at: Uint32Array;
  if (tb.kind === 'ranges' && allCanonical(tb.bounds, tb.offsets, s.transferCount)) {
    bounds = tb.bounds;
    at = tb.offsets;
  } else {
    const parts: Uint32Array[] = [];
    at = new Uint32Array(s.transferCount + 1);
    for (let t = 0; t < s.transferCount; t++) {
      const m =
        tb.kind === 'ranges'
          ? canonical(rangesOf(tb, t))
          : tb.kind === 'pairs'
            ? EMPTY
            : fromIds(
                tb.offsets ? tb.ids.subarray(tb.offsets[t], tb.offsets[t + 1]) : tb.ids.subarray(t, t + 1),
              );
      parts.push(m);
      at[t + 1] = at[t] + m.length / 2;
    }
    bounds = new Uint32Array(2 * at[s.transferCount]);
    parts.forEach((m, t) => bounds.set(m, 2 * at[t]));
  }
  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));
  const changeStart = new Uint32Array(s.stepCount + 1);
  let changeNode = indexArray(Math.max(16, s.transferCount), n);
  let changeCount = new Uint32Array(changeNode.length);
  let changes = 0;
  const snapshotSteps: number[] = [0];
  const snapshots: Uint32Array[] = [new Uint32Array(n).fill(1, 0, Math.min(n, B))];
  let sinceSnapshot = 0;
  const touched = new Uint32Array(n);
  const sizeNow = () => {
    const sizes = new Uint32Array(n);
    for (let v = 0; v < n; v++) sizes[v] = sets.size(v);
    return sizes;
  };

  for (let step = 1; step <= s.stepCount; step++) {
    const a = s.stepStart[step - 1];
    const e = s.stepStart[step];
    // Every message of the step is its sender's partial at the start of the step.
    for (let t = a; t < e; t++) {
      const u = s.src[t];
      if (u >= n) continue;
      const lo = 2 * at[t];
      const hi = 2 * at[t + 1];
      if (hi > lo && bounds[hi - 1] > B) {
        // (Listed ids were reported by the verifier's own pass.)
        if (tb.kind === 'ranges')
          flag(
            'bad-block',
            step,
            t,
            `transfer ${t} lists contribution ${bounds[hi - 1] - 1}; there are ${B}`,
          );
        continue;
      }
      if (sets.equals(u, bounds, lo, hi)) continue; // the common case: nothing to tell
      const unheld = sets.firstMissing(u, bounds, lo, hi);
      if (unheld >= 0)
        flag(
          'causality',
          step,
          t,
          `node ${u} forwards contribution ${unheld} in step ${step} before it has combined it`,
        );
      else
        flag(
          'split-partial',
          step,
          t,
          `node ${u} holds the combination of ${sets.size(u)} contributions but sends ${sizeOf(bounds.subarray(lo, hi))} of them`,
        );
    }
    for (let t = a; t < e; t++) {
      const lo = 2 * at[t];
      const hi = 2 * at[t + 1];
      if (hi > lo && bounds[hi - 1] > B) continue;
      const complete = sets.isCompleteSet(bounds, lo, hi);
      const nr = receiversOf(s, topo, t, rx);
      for (let r = 0; r < nr; r++) {
        const v = rx[r];
        if (v >= n) continue;
        if (!complete) {
          const twice = sets.firstCommon(v, bounds, lo, hi);
          if (twice >= 0)
            flag(
              'double-count',
              step,
              t,
              `node ${v} already has contribution ${twice}: folding in node ${s.src[t]}'s partial counts it twice`,
            );
        }
        sets.fold(v, bounds, lo, hi);
        if (touched[v] !== step) {
          touched[v] = step;
          if (changes === changeNode.length) {
            const grown = indexArray(changes * 2, n);
            grown.set(changeNode);
            changeNode = grown;
            const counts = new Uint32Array(changes * 2);
            counts.set(changeCount);
            changeCount = counts;
          }
          changeNode[changes++] = v;
          sinceSnapshot++;
        }
      }
    }
    // Counts after the step, for the nodes it changed (written once each, after all its folds).
    for (let i = changeStart[step - 1]; i < changes; i++) changeCount[i] = sets.size(changeNode[i]);
    changeStart[step] = changes;
    if (sinceSnapshot >= SNAPSHOT_CHANGES && sinceSnapshot >= n) {
      sinceSnapshot = 0;
      snapshotSteps.push(step);
      snapshots.push(sizeNow());
    }
  }
  const all = range(0, B);
  for (let v = 0; v < n; v++) {
    if (sets.isComplete(v)) continue;
    const missing = firstMissing(all, sets.rangesOf(v));
    if (missing >= 0) flag('postcondition', 0, -1, `node ${v} ends without contribution ${missing}`);
  }
  const snapshotCounts = new Uint32Array(snapshots.length * n);
  snapshots.forEach((c, i) => snapshotCounts.set(c, i * n));
  return {
    kind: 'counts',
    nodeCount: n,
    blockCount: B,
    stepCount: s.stepCount,
    never: 0xffffffff,
    eventStart: new Uint32Array(s.stepCount + 2),
    eventNode: new Uint16Array(0),
    snapshotStep: Uint32Array.from(snapshotSteps),
    snapshotCounts,
    changeStart,
    changeNode: changeNode.slice(0, changes),
    changeCount: changeCount.slice(0, changes),
  };
}

/** Whether every transfer's ranges are sorted, non-empty and apart (touching ones merged). */
function allCanonical(bounds: Uint32Array, offsets: Uint32Array, count: number): boolean {
  for (let t = 0; t < count; t++)
    for (let i = 2 * offsets[t]; i < 2 * offsets[t + 1]; i += 2)
      if (bounds[i] >= bounds[i + 1] || (i > 2 * offsets[t] && bounds[i] <= bounds[i - 1])) return false;
  return true;
}

/** Whether a schedule is checked as a reduction (its blocks are contributions combined on the way). */
export const isReduction = (s: Schedule) => s.collective === 'allreduce' && !s.chunkedReduction;
