import { gridCell, squareGrid } from '../../kernel/model/grid';
import { ednHierarchy } from './edn';
import { gatherRounds, scatterRounds, type Method, type Ports } from './rounds';

/**
 * The parts of a mesh or OTIS-Mesh all-reduce, each a gathering at one node or a handing-out from it
 * (OTIS: at the gateways, at the root, from the root, from the gateways; one mesh: at the root and
 * from it), with the electronic steps each takes at its node and why, from where the node sits. The
 * formula rows explain a count that is neither the paper's best nor its worst case with these.
 */
export interface Part {
  /** "gathering at the gateways (index 0, a corner)". */
  what: string;
  steps: number;
  /** How the steps come about at this node, in words. */
  why: string;
}

const side = ['the north', 'the south', 'the west', 'the east'] as const;

/** Where a node index sits, in words: "index 5, row 1, column 1: middle". */
function where(q: number, at: number): string {
  const place = placement(q, at);
  const name =
    place === 'middle'
      ? 'in the middle'
      : place === 'edge'
        ? isCorner(q, at)
          ? 'a corner'
          : 'at an edge'
        : 'between middle and edge';
  return `index ${at}, ${name}`;
}

const isCorner = (q: number, at: number) => {
  const [r, c] = gridCell(squareGrid(q), at);
  return (r === 0 || r === q - 1) && (c === 0 || c === q - 1);
};

/**
 * The side by which node v's XY route enters node `at` (gathering) or leaves it (handing out): 0
 * north, 1 south, 2 west, 3 east. XY runs along the row first: a message from another row comes in
 * vertically; one to another column goes out horizontally.
 */
function sideOf(q: number, at: number, v: number, way: 'in' | 'out'): number {
  const [[r, c], [rv, cv]] = [gridCell(squareGrid(q), at), gridCell(squareGrid(q), v)];
  if (way === 'in') return rv !== r ? (rv < r ? 0 : 1) : cv < c ? 2 : 3;
  return cv !== c ? (cv < c ? 2 : 3) : rv < r ? 0 : 1;
}

/** How the top level's partials reach node `at` (or the result leaves it), in words. */
function topWhy(q: number, at: number, way: 'in' | 'out', steps: number): string {
  const others = ednHierarchy(q).top.filter((v) => v !== at);
  const count = [0, 0, 0, 0];
  for (const v of others) count[sideOf(q, at, v, way)]++;
  const by = count
    .map((n, i) => (n ? `${side[i]} ×${n}` : ''))
    .filter(Boolean)
    .join(', ');
  const verb = way === 'in' ? 'come in from' : 'leave towards';
  return `its ${others.length} top-level ${way === 'in' ? 'partials' : 'messages'} ${verb} ${by} (XY routes): ${steps} step${steps === 1 ? '' : 's'}`;
}

/** The parts of the all-reduce at `root` and (OTIS) the gateways at index `gateway`, with their steps. */
export function partsOf(
  q: number,
  otis: boolean,
  at: { root: number; gateway: number },
  method: Method,
  ports: Ports,
): Part[] {
  const H = method === 'edn' || method === 'edn-combine' ? ednHierarchy(q).levels : 0;
  const part = (what: string, node: number, way: 'in' | 'out'): Part => {
    const rounds =
      way === 'in' ? gatherRounds(q, node, method, ports) : scatterRounds(q, node, method, ports);
    const steps = rounds.length;
    const name = `${way === 'in' ? 'gathering at' : 'handing out from'} ${what} (${where(q, node)})`;
    if (method === 'edn')
      return {
        what: name,
        steps,
        why: `${H} level step${H === 1 ? '' : 's'}, then ${topWhy(q, node, way, steps - H)}`,
      };
    if (method === 'edn-combine')
      return {
        what: name,
        steps,
        why: `${H} level step${H === 1 ? '' : 's'}, then the top level combined on the way: ${steps - H} steps`,
      };
    if (method === 'direct' && ports === 'all') {
      const load = way === 'in' ? directGatherSteps(q, node) : directScatterSteps(q, node);
      return {
        what: name,
        steps,
        why: `its busiest channel ${way === 'in' ? 'in' : 'out'} carries ${load} messages`,
      };
    }
    return { what: name, steps, why: `${steps} step${steps === 1 ? '' : 's'}` };
  };
  return otis
    ? [
        part('the gateways', at.gateway, 'in'),
        part('the root', at.root, 'in'),
        part('the root', at.root, 'out'),
        part('the gateways', at.gateway, 'out'),
      ]
    : [part('the root', at.root, 'in'), part('the root', at.root, 'out')];
}

/** The parts in one sentence: each with its steps and why, and their sum. */
export function partsNote(parts: readonly Part[]): string {
  const sum = parts.reduce((n, p) => n + p.steps, 0);
  return `${parts.map((p) => `${p.what}: ${p.steps} — ${p.why}`).join('; ')}. In all ${parts.map((p) => p.steps).join(' + ')} = ${sum}.`;
}

/**
 * Steps for the root (or gateway) at node `at` of a side × side group to take every other node's
 * message directly, one per input channel per step, with XY routes (ours, exact for any position):
 * messages from the rows above enter from the north, below from the south, the rest of its row from
 * the sides. The paper's eqs. (2) and (3) are its middle and corner values.
 */
export function directGatherSteps(side: number, at: number): number {
  const [r, c] = gridCell(squareGrid(side), at);
  return Math.max(r * side, (side - 1 - r) * side, c, side - 1 - c);
}

/** The same for handing the result out (XY: a message leaves along the root's row unless it stays in its column). */
export function directScatterSteps(side: number, at: number): number {
  const [r, c] = gridCell(squareGrid(side), at);
  return Math.max(c * side, (side - 1 - c) * side, r, side - 1 - r);
}

/**
 * Where a node sits for the paper's best and worst cases: `middle` (its row and column are the two
 * middle ones), `edge` (first or last row or column), `between` otherwise.
 */
export function placement(side: number, at: number): 'middle' | 'edge' | 'between' {
  const [r, c] = gridCell(squareGrid(side), at);
  const mid = (x: number) => x === side / 2 || x === side / 2 - 1 || (side % 2 === 1 && x === (side - 1) / 2);
  if (r === 0 || c === 0 || r === side - 1 || c === side - 1) return 'edge';
  return mid(r) && mid(c) ? 'middle' : 'between';
}
