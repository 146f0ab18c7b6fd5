import { describe, expect, it } from 'vitest';
import { indexArray } from '../model/columns';
import type { Schedule } from '../model/schedule';
import { ScheduleBuilder } from '../model/schedule-builder';
import { wdmRing } from '../model/topology';
import { verify } from './verifier';

/**
 * An all-reduce of 2 chunks on 2 nodes, reduced chunk by chunk (as MSCCL files do): contribution
 * j·2 + r is chunk j of node r. Each node first hands the other the chunk the other will finish, then
 * sends back the finished sum. Node 0 starts with contributions 0 and 2, node 1 with 1 and 3.
 */
function chunkwise(): Schedule {
  const origin = indexArray(4, 2);
  origin.set([0, 1, 0, 1]);
  const b = new ScheduleBuilder({
    algorithm: 'chunkwise',
    collective: 'allreduce',
    nodeCount: 2,
    blocks: { count: 4, origin, destinations: { kind: 'all' }, bytes: 1 },
    pathKind: 'ring-arc',
    receiverKind: 'path-end',
    singleBlock: false,
  });
  b.beginStep('reduce');
  b.addArc(0, 1, 0, [2]);
  b.addArc(1, 1, 0, [1]);
  b.beginStep('gather');
  b.addArc(0, 1, 0, [0, 1]);
  b.addArc(1, 1, 0, [2, 3]);
  return b.finish();
}

describe('reductions done chunk by chunk', () => {
  it('with chunkedReduction the contributions are blocks that spread: the schedule verifies', () => {
    const { report } = verify({ ...chunkwise(), chunkedReduction: true }, wdmRing(2, 1));
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('without it, the per-processor rules apply (one partial per node) and refuse the same schedule', () => {
    const { report } = verify(chunkwise(), wdmRing(2, 1));
    expect(report.ok).toBe(false);
  });
});
