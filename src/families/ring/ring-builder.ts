import { allGatherBlocks } from '../../kernel/model/schedule';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import type { RingConfig } from './ring-params';

/** A builder for an all-gather on the ring: one block of d bytes per node, routes as ring arcs. */
export function ringAllGatherBuilder(
  algorithm: string,
  c: RingConfig,
  shape: { singleBlock: boolean; transfers: number; blockRefs?: number },
): ScheduleBuilder {
  const n = c.nodes;
  return new ScheduleBuilder({
    algorithm,
    collective: 'allgather',
    nodeCount: n,
    blocks: allGatherBlocks(n, c.messageBytes),
    pathKind: 'ring-arc',
    receiverKind: 'path-end',
    singleBlock: shape.singleBlock,
    capacity: { transfers: shape.transfers, blockRefs: shape.blockRefs },
  });
}
