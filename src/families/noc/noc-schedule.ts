import { indexArray } from '../../kernel/model/columns';
import { destinationTable, type ListedBlocks } from '../../kernel/model/schedule';
import { ScheduleBuilder } from '../../kernel/model/schedule-builder';
import { blocksOf, type NocPlan } from './noc-constructive';
import { processorsOf, type NocNetwork } from './noc-network';
import type { Communication } from './noc-patterns';

/**
 * A plan as a schedule in columns: one phase, each message its path, its block (or its blocks, when
 * messages combine), its receiver.
 */
export function scheduleOfPlan(
  algorithm: string,
  net: NocNetwork,
  c: Communication,
  plan: NocPlan,
): ReturnType<ScheduleBuilder['finish']> {
  const P = processorsOf(net);
  const { origin, destinations } = blocksOf(c);
  const offsets = new Uint32Array(origin.length + 1);
  destinations.forEach((d, b) => (offsets[b + 1] = offsets[b] + d.length));
  const nodes = indexArray(offsets[origin.length], P);
  destinations.forEach((d, b) => nodes.set(d, offsets[b]));
  const blocks: ListedBlocks = {
    count: origin.length,
    origin: Uint32Array.from(origin),
    destinations: destinationTable(offsets, nodes),
    bytes: 1,
  };
  let messages = 0;
  let refs = 0;
  for (const step of plan.steps)
    for (const m of step) {
      messages++;
      refs += m.blocks?.length ?? 1;
    }
  const b = new ScheduleBuilder({
    algorithm,
    collective: c.broadcast ? 'broadcast' : 'scatter',
    nodeCount: P,
    blocks,
    pathKind: 'link-list',
    receiverKind: 'path-end',
    singleBlock: refs === messages,
    capacity: { transfers: messages, pathLinks: messages * 8, blockRefs: refs },
    ports: { tx: net.ports, rx: net.ports },
  });
  for (const step of plan.steps) {
    b.beginStep(c.broadcast ? 'broadcast' : 'scatter');
    for (const m of step)
      b.addTransfer(m.from, m.links, [], 0, refs === messages ? m.block : (m.blocks ?? [m.block]));
  }
  return b.finish();
}
