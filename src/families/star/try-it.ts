import type { Collective } from '../../kernel/model/schedule';
import type { BoundInput, TryBound } from '../../tryit/bounds';
import { linksAt } from '../../tryit/bounds-generic';
import type { FamilyTryIt } from '../../tryit/family-try';
import { STAR_COSTS } from './common';
import { lowerBounds as starLowerBounds } from './star-formulas';
import { readStar, shapeOf } from './star-params';

/** The star paper's Table 1: communication time no schedule beats (message units). */
function starTimeBound(x: BoundInput): TryBound | null {
  const c = readStar(x.params);
  const shape = shapeOf(c);
  const m = c.messages;
  const pick: Partial<Record<Collective, [number, string]>> = {
    scatter: [
      starLowerBounds.scatter(shape),
      `the root sends ${shape.p - 1} messages through ${shape.k} transmitters`,
    ],
    gather: [
      starLowerBounds.scatter(shape),
      `the root takes in ${shape.p - 1} messages through ${shape.k} receivers`,
    ],
    broadcast: [
      starLowerBounds.broadcast(shape, m),
      `the source pushes ${m} messages through ${shape.k} transmitters`,
    ],
    gossip: [
      starLowerBounds.gossip(shape, m),
      `every node takes in ${(shape.p - 1) * m} messages through ${shape.k} receivers`,
    ],
    multiscatter: [
      starLowerBounds.multiscatter(shape),
      `every node takes in ${shape.p - 1} messages through ${shape.k} receivers`,
    ],
  };
  const got = pick[x.collective];
  if (!got) return null;
  return {
    id: 'star-table1',
    label: 'communication time (Table 1)',
    value: got[0],
    unit: 'message units',
    why: `${got[1]}: ${got[0].toFixed(3).replace(/\.?0+$/, '')} message units at least (Σ over steps of the largest message)`,
    source: 'passive-star paper, Table 1',
    scope: 'any',
    // The root and the links its messages leave by (scatter, broadcast) or arrive by (gather); for a
    // gossip or multiscatter, where every node takes in as much, node 0 and its links in as the example.
    argument: {
      vertices: [0],
      links: linksAt(
        x.topology,
        0,
        x.collective === 'scatter' || x.collective === 'broadcast' ? false : true,
      ),
    },
  };
}

/** "Try it" on a passive star: time in message units with its tunings, and Table 1's bound. */
export const STAR_TRY_IT: FamilyTryIt = {
  time: (x, s, usage) => ({
    perStep: STAR_COSTS.stepSeconds!(s, usage, readStar(x.params)),
    unit: 'message units',
    costs: STAR_COSTS.modelCosts!(s, usage, readStar(x.params)),
  }),
  bounds(x, generic) {
    const out = generic();
    const time = starTimeBound(x);
    if (time) out.push(time);
    return out;
  },
};
