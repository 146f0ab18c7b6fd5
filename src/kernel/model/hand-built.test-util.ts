/**
 * Schedules written by hand in tests: an all-gather's blocks (block i starts at node i), sent either
 * as ring arcs received at their ends or over listed links to listed receivers. One set-up for the
 * tests that build a small schedule step by step.
 */
import { allGatherBlocks } from './schedule';
import { ScheduleBuilder, type BuilderOptions } from './schedule-builder';

/** How the hand-made transfers travel: ring arcs (`addArc`) or link lists (`addTransfer`). */
export type HandPaths = 'ring-arc' | 'link-list';

/**
 * A builder for an all-gather on `nodes` nodes written transfer by transfer, `bytes` per block
 * (8 unless said), one block per transfer unless `more` says otherwise; `more` also sets ports or
 * capacities.
 */
export function handAllGather(
  nodes: number,
  paths: HandPaths,
  more: Partial<Pick<BuilderOptions, 'singleBlock' | 'ports' | 'capacity'>> & { bytes?: number } = {},
): ScheduleBuilder {
  const { bytes = 8, ...rest } = more;
  return new ScheduleBuilder({
    algorithm: 'hand-made',
    collective: 'allgather',
    nodeCount: nodes,
    blocks: allGatherBlocks(nodes, bytes),
    pathKind: paths,
    receiverKind: paths === 'ring-arc' ? 'path-end' : 'list',
    singleBlock: true,
    ...rest,
  });
}
