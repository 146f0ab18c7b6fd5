import { indexArray } from '../model/columns';
import {
  canonical,
  EMPTY,
  equal,
  firstCommon,
  firstMissing,
  fromIds,
  isComplete,
  range,
  sizeOf,
  union,
  type RangeSet,
} from '../model/contributions';
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
  const partial: RangeSet[] = Array.from({ length: n }, (_, v) => (v < B ? range(v, v + 1) : EMPTY));
  const tb = s.transferBlocks;
  const carried = (t: number): RangeSet => {
    if (tb.kind === 'ranges') return canonical(rangesOf(tb, t));
    if (tb.kind === 'pairs') return EMPTY;
    return fromIds(
      tb.offsets ? tb.ids.subarray(tb.offsets[t], tb.offsets[t + 1]) : tb.ids.subarray(t, t + 1),
    );
  };
  const rx = new Uint32Array(Math.max(1, topo.nodeCount + topo.auxCount));
  const changeStart = new Uint32Array(s.stepCount + 1);
  let changeNode = indexArray(Math.max(16, s.transferCount), n);
  let changeCount = new Uint32Array(changeNode.length);
  let changes = 0;
  const snapshotSteps: number[] = [0];
  const snapshots: Uint32Array[] = [new Uint32Array(n).map((_, v) => (v < B ? 1 : 0))];
  let sinceSnapshot = 0;
  const touched = new Uint32Array(n);

  for (let step = 1; step <= s.stepCount; step++) {
    const a = s.stepStart[step - 1];
    const e = s.stepStart[step];
    // Every message of the step is its sender's partial at the start of the step.
    const messages: RangeSet[] = [];
    for (let t = a; t < e; t++) {
      const u = s.src[t];
      const m = carried(t);
      messages.push(m);
      if (u >= n) continue;
      if (m.length && m[m.length - 1] > B) {
        // (Listed ids were reported by the verifier's own pass.)
        if (tb.kind === 'ranges')
          flag(
            'bad-block',
            step,
            t,
            `transfer ${t} lists contribution ${m[m.length - 1] - 1}; there are ${B}`,
          );
        continue;
      }
      const unheld = firstMissing(m, partial[u]);
      if (unheld >= 0)
        flag(
          'causality',
          step,
          t,
          `node ${u} forwards contribution ${unheld} in step ${step} before it has combined it`,
        );
      else if (!equal(m, partial[u]))
        flag(
          'split-partial',
          step,
          t,
          `node ${u} holds the combination of ${sizeOf(partial[u])} contributions but sends ${sizeOf(m)} of them`,
        );
    }
    for (let t = a; t < e; t++) {
      const m = messages[t - a];
      const complete = isComplete(m, B);
      const nr = receiversOf(s, topo, t, rx);
      for (let r = 0; r < nr; r++) {
        const v = rx[r];
        if (v >= n) continue;
        if (complete) partial[v] = m;
        else {
          const twice = firstCommon(partial[v], m);
          if (twice >= 0)
            flag(
              'double-count',
              step,
              t,
              `node ${v} already has contribution ${twice}: folding in node ${s.src[t]}'s partial counts it twice`,
            );
          partial[v] = union(partial[v], m);
        }
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
    for (let i = changeStart[step - 1]; i < changes; i++) changeCount[i] = sizeOf(partial[changeNode[i]]);
    changeStart[step] = changes;
    if (sinceSnapshot >= SNAPSHOT_CHANGES || sinceSnapshot >= n) {
      sinceSnapshot = 0;
      snapshotSteps.push(step);
      snapshots.push(Uint32Array.from(partial, sizeOf));
    }
  }
  for (let v = 0; v < n; v++) {
    const missing = firstMissing(range(0, B), partial[v]);
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

/** Whether a schedule is checked as a reduction (its blocks are contributions combined on the way). */
export const isReduction = (s: Schedule) => s.collective === 'allreduce';
