import { groupLinks, xyRoute, type MeshShape } from './geometry';

/**
 * The extended dominating nodes (EDNs) of a side × side mesh, side = 2^(H+1) (OTIS paper, Sec. III
 * and Fig. 1). Level 1: in every aligned 4 × 4 block, the nodes 1, 7, 8 and 14 of the block, each
 * next to three others (a perfect dominating set). Level j ≥ 2: in every aligned 2^(j+1) block, 4 of
 * the block's 16 level-(j − 1) nodes, each taking the partials of 3 others in one step on XY routes
 * that share no channel with any other route of the level, towards the parents (reduction) and away
 * from them (distribution). The paper draws levels 1 and 2 but does not say how to place them above
 * level 1; `searchLevel` finds the first placement, in a fixed order, that meets those conditions (one
 * parent in each quarter of the block), once per level: every block of a level uses the same one.
 * docs/models/otis.md explains the choice.
 */
export interface EdnHierarchy {
  side: number;
  /** H = log₄(side²) − 1 levels. */
  levels: number;
  /**
   * Messages of reduction step j (index j − 1) inside one group, as [child, parent] pairs of node
   * indices: level j − 1 → level j. Distribution runs them backwards.
   */
  rounds: [number, number][][];
  /** The 4 nodes of the top level (level H). */
  top: number[];
  /** Highest level each node is an EDN of (0: none). */
  level: Uint8Array;
}

/** Level-1 EDNs of a 4 × 4 block: nodes 1, 7, 8, 14 (row, column). */
export const LEVEL1: readonly [number, number][] = [
  [0, 1],
  [1, 3],
  [2, 0],
  [3, 2],
];

const cache = new Map<number, EdnHierarchy>();

/** The hierarchy of a side × side mesh (side a power of two, at least 4). */
export function ednHierarchy(side: number): EdnHierarchy {
  const known = cache.get(side);
  if (known) return known;
  const levels = Math.round(Math.log2(side)) - 1;
  if (2 ** (levels + 1) !== side || levels < 1)
    throw new Error(`EDN levels need a side that is a power of two of at least 4, not ${side}`);
  const level = new Uint8Array(side * side);
  const rounds: [number, number][][] = [];
  // Level 1 in every 4 × 4 block: each other node goes to its one neighbouring EDN.
  const round1: [number, number][] = [];
  for (let br = 0; br < side; br += 4)
    for (let bc = 0; bc < side; bc += 4) {
      const edns = LEVEL1.map(([r, c]) => (br + r) * side + bc + c);
      for (const e of edns) level[e] = 1;
      for (let r = 0; r < 4; r++)
        for (let c = 0; c < 4; c++) {
          const v = (br + r) * side + bc + c;
          if (level[v]) continue;
          const parent = LEVEL1.findIndex(([er, ec]) => Math.abs(er - r) + Math.abs(ec - c) === 1);
          round1.push([v, edns[parent]]);
        }
    }
  rounds.push(round1);
  // Levels 2 … H: one placement per level, searched in the block's own coordinates, used in every block.
  let below = LEVEL1.map(([r, c]) => r * 4 + c); // level-(j−1) nodes of a block of side 4, local
  for (let j = 2; j <= levels; j++) {
    const b = 2 ** (j + 1);
    const half = b / 2;
    // The level-(j−1) nodes of a block of side b: those of its four quarters.
    const nodes: number[] = [];
    for (const [qr, qc] of [
      [0, 0],
      [0, half],
      [half, 0],
      [half, half],
    ])
      for (const v of below) nodes.push((qr + Math.floor(v / half)) * b + qc + (v % half));
    const plan = searchLevel(b, nodes);
    if (!plan) throw new Error(`no EDN placement found for level ${j}`);
    const round: [number, number][] = [];
    for (let br = 0; br < side; br += b)
      for (let bc = 0; bc < side; bc += b) {
        const at = (v: number) => (br + Math.floor(v / b)) * side + bc + (v % b);
        for (const p of plan.parents) level[at(p)] = j;
        for (const [child, parent] of plan.pairs) round.push([at(child), at(parent)]);
      }
    rounds.push(round);
    below = plan.parents;
  }
  const top: number[] = [];
  for (let v = 0; v < side * side; v++) if (level[v] === levels) top.push(v);
  const h: EdnHierarchy = { side, levels, rounds, top, level };
  cache.set(side, h);
  return h;
}

/**
 * Four parents among the 16 nodes of a block of side b (one from each quarter: `nodes` lists them
 * quarter by quarter), and three children for each, such that the 12 routes child → parent share no
 * channel, and neither do the 12 routes parent → child. Depth-first, in a fixed order: the same
 * answer every time.
 */
export function searchLevel(
  b: number,
  nodes: number[],
): { parents: number[]; pairs: [number, number][] } | null {
  const shape: MeshShape = { side: b, groups: 1 };
  const routes = new Map<number, Uint32Array>();
  const scratch = new Uint32Array(2 * b);
  const route = (from: number, to: number) => {
    const key = from * b * b + to;
    let r = routes.get(key);
    if (!r) {
      r = scratch.slice(0, xyRoute(shape, 0, from, to, scratch));
      routes.set(key, r);
    }
    return r;
  };
  // Channels taken by the routes placed so far, towards the parents and away from them.
  const up = new Uint8Array(groupLinks(shape));
  const down = new Uint8Array(groupLinks(shape));
  const free = (links: Uint32Array, taken: Uint8Array) => {
    for (let i = 0; i < links.length; i++) if (taken[links[i]]) return false;
    return true;
  };
  const mark = (links: Uint32Array, taken: Uint8Array, value: number) => {
    for (let i = 0; i < links.length; i++) taken[links[i]] = value;
  };
  const quarter = (k: number) => nodes.slice(4 * k, 4 * k + 4);
  for (const p0 of quarter(0))
    for (const p1 of quarter(1))
      for (const p2 of quarter(2))
        for (const p3 of quarter(3)) {
          const parents = [p0, p1, p2, p3];
          const children = nodes.filter((v) => !parents.includes(v));
          const load = [0, 0, 0, 0];
          const pairs: [number, number][] = [];
          const place = (i: number): boolean => {
            if (i === children.length) return true;
            const c = children[i];
            for (let k = 0; k < 4; k++) {
              if (load[k] === 3) continue;
              const u = route(c, parents[k]);
              const d = route(parents[k], c);
              if (!free(u, up) || !free(d, down)) continue;
              mark(u, up, 1);
              mark(d, down, 1);
              load[k]++;
              pairs.push([c, parents[k]]);
              if (place(i + 1)) return true;
              pairs.pop();
              load[k]--;
              mark(u, up, 0);
              mark(d, down, 0);
            }
            return false;
          };
          if (place(0)) return { parents, pairs };
        }
  return null;
}
