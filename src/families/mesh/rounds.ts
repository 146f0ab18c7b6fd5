import { gridCell, gridVertex, squareGrid } from '../../kernel/model/grid';
import { ednHierarchy } from './edn';
import { topRounds } from './edn-top';
import { xyRoute, type MeshShape } from './geometry';

/** One message inside a group: from node index to node index (XY route). */
export type Message = [from: number, to: number];

/** How a group's partials meet at one node and the result goes back out (one group's pattern). */
export type Method = 'direct' | 'edn' | 'edn-combine' | 'binomial';

export type Ports = 'single' | 'all';

/**
 * Packs messages into rounds (steps), first come first placed: a message joins the first round in
 * which its XY route shares no channel with the round's others and its ends have a free port
 * (single-port: one send and one receive per node). Each round is then one step of the schedule.
 */
export function packRounds(side: number, messages: readonly Message[], ports: Ports): Message[][] {
  const shape: MeshShape = { side, groups: 1 };
  const route = new Uint32Array(2 * side);
  const rounds: { messages: Message[]; links: Set<number>; tx: Set<number>; rx: Set<number> }[] = [];
  for (const m of messages) {
    const len = xyRoute(shape, 0, m[0], m[1], route);
    const links = Array.from(route.subarray(0, len));
    let round = rounds.find(
      (r) => links.every((l) => !r.links.has(l)) && (ports === 'all' || (!r.tx.has(m[0]) && !r.rx.has(m[1]))),
    );
    if (!round) {
      round = { messages: [], links: new Set(), tx: new Set(), rx: new Set() };
      rounds.push(round);
    }
    round.messages.push(m);
    links.forEach((l) => round.links.add(l));
    round.tx.add(m[0]);
    round.rx.add(m[1]);
  }
  return rounds.map((r) => r.messages);
}

/**
 * The rounds that combine every partial of a side × side group at node `target`:
 * - `direct` (the paper's single-port and all-port OTIS-Mesh): every other node sends its partial
 *   straight to the target; the target takes one per step (single-port) or one per input channel;
 * - `edn`: level 0 → 1 → … → H along the EDN hierarchy, one step per level, then the top level to
 *   the target (the target itself sends nothing up: its partial stays with it);
 * - `edn-combine`: the same levels, then the top level combined on the way in two steps at most
 *   (edn-top.ts);
 * - `binomial` (beyond the paper): halving along the row, then along the target's column, one
 *   message per node per step: log₂(side²) steps.
 */
export function gatherRounds(side: number, target: number, method: Method, ports: Ports): Message[][] {
  if (method === 'direct') return directRounds(side, target, ports, 'in');
  if (method === 'binomial') return binomialRounds(side, target);
  const h = ednHierarchy(side);
  const rounds = h.rounds.map((r) => r.filter(([child]) => child !== target));
  if (method === 'edn-combine') return [...rounds, ...topRounds(side, target, h.top, 'in')];
  const top = h.top.filter((v) => v !== target).map((v): Message => [v, target]);
  return [...rounds, ...packRounds(side, top, ports)];
}

/** The rounds that hand the result from `target` to every node of the group: the gather reversed. */
export function scatterRounds(side: number, target: number, method: Method, ports: Ports): Message[][] {
  if (method === 'direct') return directRounds(side, target, ports, 'out');
  if (method === 'binomial')
    return binomialRounds(side, target)
      .reverse()
      .map((r) => r.map(([a, b]): Message => [b, a]));
  const h = ednHierarchy(side);
  const top = h.top.filter((v) => v !== target).map((v): Message => [target, v]);
  const down = h.rounds
    .map((r) => r.filter(([child]) => child !== target).map(([c, parent]): Message => [parent, c]))
    .reverse();
  const first =
    method === 'edn-combine' ? topRounds(side, target, h.top, 'out') : packRounds(side, top, ports);
  return [...first, ...down];
}

/**
 * Every other node straight to the target (`in`) or from it (`out`). Single-port: one message per
 * step. All-port: the messages are sorted by the side they enter (leave) the target from; the k-th
 * of each side share a step. With XY routes those four never share a channel: into the target, the
 * north and south messages' row parts lie in other rows than its own and their column parts on
 * opposite sides of it; out of it, the east and west messages' column parts lie in other columns.
 */
function directRounds(side: number, target: number, ports: Ports, way: 'in' | 'out'): Message[][] {
  const grid = squareGrid(side);
  const [tr, tc] = gridCell(grid, target);
  const sides: number[][] = [[], [], [], []];
  for (let v = 0; v < side * side; v++) {
    if (v === target) continue;
    const [r, c] = gridCell(grid, v);
    // Into the target: rows above / below, then its own row left / right. Out of it: columns left /
    // right, then its own column above / below.
    const k =
      way === 'in' ? (r < tr ? 0 : r > tr ? 1 : c < tc ? 2 : 3) : c < tc ? 0 : c > tc ? 1 : r < tr ? 2 : 3;
    sides[k].push(v);
  }
  const message = (v: number): Message => (way === 'in' ? [v, target] : [target, v]);
  if (ports === 'single') return sides.flat().map((v) => [message(v)]);
  const rounds: Message[][] = [];
  const longest = Math.max(...sides.map((x) => x.length));
  for (let k = 0; k < longest; k++) rounds.push(sides.filter((x) => k < x.length).map((x) => message(x[k])));
  return rounds;
}

/** Row halving towards the target's column, then column halving towards its row (XOR partners). */
function binomialRounds(side: number, target: number): Message[][] {
  const bits = Math.round(Math.log2(side));
  const grid = squareGrid(side);
  const [tr, tc] = gridCell(grid, target);
  const rounds: Message[][] = [];
  for (let k = 0; k < bits; k++) {
    const round: Message[] = [];
    for (let r = 0; r < side; r++)
      for (let c = 0; c < side; c++) {
        const rel = c ^ tc;
        // Still holding a partial (lower k bits clear) and sending this round (bit k set).
        if ((rel & ((1 << (k + 1)) - 1)) === 1 << k)
          round.push([gridVertex(grid, r, c), gridVertex(grid, r, c ^ (1 << k))]);
      }
    rounds.push(round);
  }
  for (let k = 0; k < bits; k++) {
    const round: Message[] = [];
    for (let r = 0; r < side; r++) {
      const rel = r ^ tr;
      if ((rel & ((1 << (k + 1)) - 1)) === 1 << k)
        round.push([gridVertex(grid, r, tc), gridVertex(grid, r ^ (1 << k), tc)]);
    }
    rounds.push(round);
  }
  return rounds;
}
