import { withBlockLists, type ListSchedule, type Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';
import { replayDense } from './dense-replay';
import { MAX_HOLDING_CELLS, type Holdings, type Representation, type UnheldSend } from './holdings';
import { replayRoutes } from './route-replay';
import { replaySparse } from './sparse-replay';

/**
 * The representation `auto` tries first: routes for pair rectangles (the replay falls back to an
 * exact one when the routes do not describe the schedule); sparse for personalised blocks (a
 * `single` destinations table, as in all-to-all; `destinationTable` makes every
 * one-destination-per-block table `single`) and for tables too large to be dense; dense otherwise.
 */
export function chooseRepresentation(s: Schedule): 'dense' | 'sparse' | 'route' {
  if (s.transferBlocks.kind === 'pairs') return 'route';
  if (s.blocks.kind === 'pairs' || (s.blocks.destinations.kind === 'single' && s.blocks.count > 0))
    return 'sparse';
  return s.nodeCount * s.blocks.count > MAX_HOLDING_CELLS ? 'sparse' : 'dense';
}

/**
 * Replays the schedule from the initial holdings (each block at its origin). Sends of unheld blocks
 * are reported to `onUnheld` and still delivered, so one fault does not hide the rest.
 */
export function replay(
  s: Schedule,
  topo: Topology,
  onUnheld?: UnheldSend,
  representation: Representation = 'auto',
): Holdings {
  if (s.transferBlocks.kind === 'pairs' || s.blocks.kind === 'pairs') {
    // Routes when every block is forwarded along one (checked as it goes); anything else, faults
    // included, is replayed exactly from the rectangles (and pair table) written out as lists.
    const tb = s.transferBlocks;
    const routes = representation === 'auto' && tb.kind === 'pairs' ? replayRoutes(s, topo, tb) : null;
    return routes ?? replay(withBlockLists(s), topo, onUnheld, representation);
  }
  const kind = representation === 'auto' ? chooseRepresentation(s) : representation;
  return kind === 'dense'
    ? replayDense(s as ListSchedule, topo, onUnheld)
    : replaySparse(s as ListSchedule, topo, onUnheld, kind === 'sparse-lists');
}
