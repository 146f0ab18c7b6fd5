import {
  linkLoadOf,
  linkLoadTransferables,
  type LinkLoad,
  type LinkLoadSchedule,
  type LinkLoadTopology,
} from '../../src/kernel/replay/link-load';
import type { Schedule } from '../../src/kernel/model/schedule';
import type { Topology } from '../../src/kernel/model/topology';
import type { RunResult } from '../../src/result';
import type { Post } from './jobs/envelope';
import type { WorkerResponse } from './protocol';

/**
 * Copies of the columns the link load reads: sending a result moves its arrays away, and the count
 * runs after it is sent, so the page draws the result without waiting for it.
 */
export function linkLoadCopy(
  s: Schedule,
  t: Topology,
): { schedule: LinkLoadSchedule; topology: LinkLoadTopology } {
  const path: Schedule['path'] =
    s.path.kind === 'ring-arc'
      ? { kind: 'ring-arc', hops: s.path.hops.slice() }
      : { kind: 'link-list', offsets: s.path.offsets.slice(), links: s.path.links.slice() };
  return {
    schedule: {
      stepCount: s.stepCount,
      stepStart: s.stepStart.slice(),
      src: s.src.slice(),
      path,
      ...(s.activeLinks
        ? { activeLinks: { stepStart: s.activeLinks.stepStart.slice(), links: s.activeLinks.links.slice() } }
        : {}),
    },
    topology: {
      nodeCount: t.nodeCount,
      linkCount: t.linkCount,
      linkChannels: t.linkChannels.slice(),
      linkKind: t.linkKind.slice(),
      linkKinds: [...t.linkKinds],
      linkShared: t.linkShared.slice(),
    },
  };
}

/**
 * Posts a message that carries a schedule the page shows (a job's answer, a better schedule), then
 * its link load (links × steps, src/kernel/replay/link-load.ts), counted once per schedule after the
 * message is posted (from copies of the columns it reads, taken before the message's arrays move), so
 * the page draws the schedule without waiting for the count (946 ms at N = 4096). A count that fails
 * only leaves the link-load tab waiting; the message is posted as always.
 */
export function postWithLinkLoad(
  post: Post,
  msg: WorkerResponse & { id: number },
  transfer: Transferable[],
  result: RunResult,
): void {
  let copy: ReturnType<typeof linkLoadCopy> | null = null;
  try {
    copy = linkLoadCopy(result.schedule, result.topology);
  } catch (err) {
    console.error('link load failed', err);
  }
  post(msg, transfer);
  if (!copy) return;
  let load: LinkLoad | null = null;
  try {
    load = linkLoadOf(copy.schedule, copy.topology);
  } catch (err) {
    console.error('link load failed', err);
  }
  if (load)
    post({ kind: 'partial', id: msg.id, part: { type: 'link-load', load } }, linkLoadTransferables(load));
}
