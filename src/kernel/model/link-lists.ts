import { pathLinks } from './paths';
import type { Schedule } from './schedule';
import type { Topology } from './topology';

/**
 * The same schedule with every route written out as an explicit link list. Checks and replays take
 * their general paths on such a schedule, so tests use it as the reference for the ring-arc fast paths.
 */
export function asLinkLists(s: Schedule, topo: Topology): Schedule {
  const offsets = new Uint32Array(s.transferCount + 1);
  const buf = new Uint32Array(topo.linkCount);
  const links: number[] = [];
  for (let t = 0; t < s.transferCount; t++) {
    const len = pathLinks(s, topo, t, buf);
    for (let i = 0; i < len; i++) links.push(buf[i]);
    offsets[t + 1] = links.length;
  }
  return { ...s, path: { kind: 'link-list', offsets, links: Uint32Array.from(links) } };
}
