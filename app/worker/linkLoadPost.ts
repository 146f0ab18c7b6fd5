import {
  linkLoadOf,
  linkLoadTransferables,
  type LinkLoad,
  type LinkLoadSchedule,
  type LinkLoadTopology,
} from '../../src/kernel/replay/link-load';
import type { Schedule } from '../../src/kernel/model/schedule';
import type { Topology } from '../../src/kernel/model/topology';
import type { Post } from './serve';

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
 * The worker's posting with link loads added: every result and better schedule is followed by its
 * link load (links × steps, src/kernel/replay/link-load.ts), counted once per schedule after the
 * result is posted (from copies of the columns it reads, taken before the result's arrays move), so
 * the result is not held back by the count (946 ms at N = 4096). A count that fails only leaves the
 * link-load tab waiting; the result is posted as always.
 */
export function withLinkLoad(post: Post): Post {
  return (msg, transfer) => {
    if (msg.kind !== 'result' && msg.kind !== 'improved') return post(msg, transfer);
    let copy: ReturnType<typeof linkLoadCopy> | null = null;
    try {
      copy = linkLoadCopy(msg.result.schedule, msg.result.topology);
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
    if (load) post({ kind: 'link-load', id: msg.id, load }, linkLoadTransferables(load));
  };
}
