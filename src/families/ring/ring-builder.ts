import { allGatherBlocks } from '../../kernel/model/schedule';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import { num, type ParamValues } from '../../kernel/params/schema';

/** A builder for an all-gather on the ring: one block of d bytes per node, routes as ring arcs. */
export function ringAllGatherBuilder(
  algorithm: string,
  p: ParamValues,
  shape: { singleBlock: boolean; transfers: number; blockRefs?: number },
): ScheduleBuilder {
  const n = num(p, 'nodes');
  return new ScheduleBuilder({
    algorithm,
    collective: 'allgather',
    nodeCount: n,
    blocks: allGatherBlocks(n, num(p, 'message-bytes')),
    pathKind: 'ring-arc',
    receiverKind: 'path-end',
    singleBlock: shape.singleBlock,
    capacity: { transfers: shape.transfers, blockRefs: shape.blockRefs },
  });
}
