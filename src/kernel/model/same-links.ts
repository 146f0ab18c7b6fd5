import type { Topology } from './topology';

/**
 * Whether two networks have the same links, link for link: ends, channels, sharing and kind names
 * (how a model recognises its own network in a file: it builds it and compares).
 */
export function sameLinks(a: Topology, b: Topology): boolean {
  if (a.nodeCount !== b.nodeCount || a.auxCount !== b.auxCount || a.linkCount !== b.linkCount) return false;
  for (let l = 0; l < a.linkCount; l++)
    if (
      a.linkFrom[l] !== b.linkFrom[l] ||
      a.linkTo[l] !== b.linkTo[l] ||
      a.linkChannels[l] !== b.linkChannels[l] ||
      a.linkShared[l] !== b.linkShared[l] ||
      a.linkKinds[a.linkKind[l]] !== b.linkKinds[b.linkKind[l]]
    )
      return false;
  return true;
}
