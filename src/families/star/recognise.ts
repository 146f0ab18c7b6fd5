import type { Recognised } from '../../kernel/model/interconnect';
import type { Schedule } from '../../kernel/model/schedule';
import { sameLinks } from '../../kernel/model/same-links';
import type { Topology } from '../../kernel/model/topology';
import { passiveStar } from './topology';

/**
 * A network from a file as the passive star it is, if it is one: exactly the links `passiveStar`
 * makes, with N·k wavelengths for some whole k (each processor's home wavelengths), which the star's
 * views need.
 */
export function recogniseStar(t: Topology, s: Schedule): Recognised | null {
  const n = t.nodeCount;
  const w = t.linkCount > 0 ? t.linkChannels[0] : 0;
  if (n < 2 || w % n !== 0 || w === 0 || t.auxCount !== 2) return null;
  const star = passiveStar(n, w);
  return sameLinks(t, star)
    ? { topology: star, schedule: s, params: { nodes: n, 'wavelengths-per-node': w / n } }
    : null;
}
