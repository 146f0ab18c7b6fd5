import { linkLoadOf, linkLoadTransferables, type LinkLoad } from '../../src/kernel/replay/link-load';
import type { Post } from './serve';

/**
 * The worker's posting with link loads added: every result and better schedule is followed by its
 * link load (links × steps, src/kernel/replay/link-load.ts), counted here once per schedule before
 * the result is sent (sending moves the schedule's arrays away). A count that fails only leaves the
 * link-load tab waiting; the result is posted as always.
 */
export function withLinkLoad(post: Post): Post {
  return (msg, transfer) => {
    if (msg.kind !== 'result' && msg.kind !== 'improved') return post(msg, transfer);
    let load: LinkLoad | null = null;
    try {
      load = linkLoadOf(msg.result.schedule, msg.result.topology);
    } catch (err) {
      console.error('link load failed', err);
    }
    post(msg, transfer);
    if (load) post({ kind: 'link-load', id: msg.id, load }, linkLoadTransferables(load));
  };
}
