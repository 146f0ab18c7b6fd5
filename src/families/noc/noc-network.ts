import { linkTopology, newLinks, type Topology } from '../../kernel/model/topology';
import { gridEdges, type Grid } from '../../kernel/model/grid';

/**
 * A network-on-chip: routers joined by full-duplex links (two directed channels each), processors
 * attached to routers ("slim": one per router, "fat": several), each processor with its own `ports`
 * injection and ejection channels to its router (one-port by default, the paper's model).
 */
export interface NocNetwork {
  /** What it is, in words ("8 × 8 mesh", "fat Octagon"). */
  name: string;
  /** Shape, for the picture: routers on a grid, on a circle, or a hypercube's projection. */
  shape: 'grid' | 'ring' | 'cube';
  /** Grid columns (grid shape), or the hypercube's dimension. */
  cols: number;
  /** The mesh's or torus's grid (grid shape): rows, columns, wrap. */
  grid?: Grid;
  routers: number;
  /** Undirected router links [a, b], a < b. */
  edges: readonly (readonly [number, number])[];
  /** The router of each processor. */
  procRouter: Uint32Array;
  ports: number;
}

export const processorsOf = (net: NocNetwork) => net.procRouter.length;

/**
 * Where processors sit. `together`: processor i on router ⌊i / k⌋ (k per router). `shifted`: the
 * reading of the NoC paper's Fig. 4, where processors 0 … P − 1 go round the chip and each router
 * takes two neighbours starting from the last: router j holds 2j − 1 and 2j (router 0 holds P − 1 and
 * 0); it is the reading that reproduces the lower bounds of Table 2 (docs/models/noc.md). `opposite`:
 * the processors go round the routers and back, so router j holds j and 2R − 1 − j (with two a
 * router, the processors facing each other across Fig. 4's chip: j and 15 − j), and with more the
 * rounds alternate direction. Slim networks (one per router) are the same every way.
 */
export type Placement = 'together' | 'shifted' | 'opposite';

/**
 * How processors attach to a network's routers: `perRouter` each (1, slim, by default), `ports`
 * channels each to its router (1, the paper's model, by default), placed by `placement` (together,
 * but shifted on the Octagon, by default).
 */
export interface Attachment {
  perRouter?: number;
  ports?: number;
  placement?: Placement;
}

/** The router of each processor and the ports of each, on `routers` routers (`usual`: the placement by default). */
function attached(routers: number, at: Attachment, usual: Placement = 'together') {
  return { procRouter: attach(routers, at.perRouter ?? 1, at.placement ?? usual), ports: at.ports ?? 1 };
}

function attach(routers: number, perRouter: number, placement: Placement): Uint32Array {
  const P = routers * perRouter;
  if (placement === 'opposite')
    return Uint32Array.from({ length: P }, (_, i) => {
      const [round, j] = [Math.floor(i / routers), i % routers];
      return round % 2 ? routers - 1 - j : j;
    });
  const shift = placement === 'shifted' && perRouter > 1 ? 1 : 0;
  return Uint32Array.from({ length: P }, (_, i) => Math.floor(((i + shift) % P) / perRouter));
}

export function meshNetwork(rows: number, cols: number, at: Attachment = {}): NocNetwork {
  return gridNetwork({ rows, cols }, `${rows} × ${cols} mesh`, at);
}

/** A torus: the mesh with wrap-around links (a side of 2 has none: its neighbours are already linked). */
export function torusNetwork(rows: number, cols: number, at: Attachment = {}): NocNetwork {
  return gridNetwork({ rows, cols, wrap: true }, `${rows} × ${cols} torus`, at);
}

/** Routers on the shared 2D grid (src/kernel/model/grid.ts), linked as it links its vertices. */
function gridNetwork(grid: Grid, name: string, at: Attachment): NocNetwork {
  const routers = grid.rows * grid.cols;
  return {
    name,
    shape: 'grid',
    cols: grid.cols,
    grid,
    routers,
    edges: gridEdges(grid),
    ...attached(routers, at),
  };
}

export function hypercubeNetwork(dimension: number, at: Attachment = {}): NocNetwork {
  const routers = 1 << dimension;
  const edges: [number, number][] = [];
  for (let v = 0; v < routers; v++)
    for (let d = 0; d < dimension; d++) if (!(v & (1 << d))) edges.push([v, v | (1 << d)]);
  return {
    name: `${dimension}-dimensional hypercube`,
    shape: 'cube',
    cols: dimension,
    routers,
    edges,
    ...attached(routers, at),
  };
}

/**
 * The Octagon (8 routers: a ring, plus a link from each router to the opposite one, i ↔ i + 4) and
 * its extension to 4n routers, read as the same rule: a ring plus links across, i ↔ i + 2n.
 */
export function octagonNetwork(routers = 8, at: Attachment = {}): NocNetwork {
  const edges: [number, number][] = [];
  for (let i = 0; i < routers; i++) edges.push(i + 1 < routers ? [i, i + 1] : [0, i]);
  for (let i = 0; i < routers / 2; i++) edges.push([i, i + routers / 2]);
  const fat = (at.perRouter ?? 1) > 1 ? 'fat ' : '';
  return {
    name: routers === 8 ? `${fat}Octagon` : `${fat}Octagon ring of ${routers} routers`,
    shape: 'ring',
    cols: 0,
    routers,
    edges,
    ...attached(routers, at, 'shifted'),
  };
}

/**
 * A network of the user's own (a JSON file or the link): `routers` routers, the router links given as
 * pairs, processors placed as on the others; drawn on a circle.
 */
export function customNetwork(routers: number, links: readonly number[], at: Attachment = {}): NocNetwork {
  const edges: [number, number][] = [];
  for (let i = 0; i + 1 < links.length; i += 2)
    edges.push(links[i] < links[i + 1] ? [links[i], links[i + 1]] : [links[i + 1], links[i]]);
  return {
    name: `${routers}-router network`,
    shape: 'ring',
    cols: 0,
    routers,
    edges,
    ...attached(routers, at),
  };
}

/**
 * What is wrong with a custom network's links, or null: pairs of routers below `routers`, no router
 * linked to itself, no link twice, every router reachable.
 */
export function customLinksProblem(routers: number, links: readonly number[]): string | null {
  if (links.length % 2) return 'links must be pairs of routers: a,b,c,d links a–b and c–d';
  const seen = new Set<string>();
  const adj: number[][] = Array.from({ length: routers }, () => []);
  for (let i = 0; i < links.length; i += 2) {
    const [a, b] = [links[i], links[i + 1]];
    if (a >= routers || b >= routers) return `link ${a}–${b} names a router outside 0 to ${routers - 1}`;
    if (a === b) return `link ${a}–${b} joins a router to itself`;
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (seen.has(key)) return `link ${a}–${b} is given twice`;
    seen.add(key);
    adj[a].push(b);
    adj[b].push(a);
  }
  const reached = new Set([0]);
  const queue = [0];
  for (let i = 0; i < queue.length; i++)
    for (const w of adj[queue[i]])
      if (!reached.has(w)) {
        reached.add(w);
        queue.push(w);
      }
  if (reached.size < routers)
    return `router ${[...Array(routers).keys()].find((v) => !reached.has(v))} cannot be reached from router 0`;
  return null;
}

/** Link kinds, in `Topology.linkKinds` order. */
export const NOC_LINK_KINDS = ['inject', 'eject', 'channel'] as const;

/**
 * Link ids: processor p's injection channels p·k … p·k + k − 1 (p → its router), its ejection
 * channels P·k + p·k + j (router → p), then each router link e as two directed channels: 2P·k + 2e
 * (a → b) and 2P·k + 2e + 1 (b → a). Routers are the topology's auxiliary vertices P … P + R − 1.
 */
export const injectLink = (net: NocNetwork, p: number, port: number) => p * net.ports + port;
export const ejectLink = (net: NocNetwork, p: number, port: number) =>
  (processorsOf(net) + p) * net.ports + port;
export const channelBase = (net: NocNetwork) => 2 * processorsOf(net) * net.ports;

/** The network as the verifier sees it: every channel exclusive (one message per step). */
export function nocTopology(net: NocNetwork): Topology {
  const P = processorsOf(net);
  const k = net.ports;
  const linkCount = channelBase(net) + 2 * net.edges.length;
  const vertices = P + net.routers;
  const links = newLinks(linkCount, vertices);
  for (let p = 0; p < P; p++)
    for (let j = 0; j < k; j++) {
      links.set(injectLink(net, p, j), p, P + net.procRouter[p], 0);
      links.set(ejectLink(net, p, j), P + net.procRouter[p], p, 1);
    }
  const base = channelBase(net);
  net.edges.forEach(([a, b], e) => {
    links.set(base + 2 * e, P + a, P + b, 2);
    links.set(base + 2 * e + 1, P + b, P + a, 2);
  });
  return linkTopology('noc', P, links, NOC_LINK_KINDS, { auxCount: net.routers });
}

/** Router adjacency: for router v, its neighbours and the directed channel to each. */
export function adjacency(net: NocNetwork): { to: number; link: number }[][] {
  const adj: { to: number; link: number }[][] = Array.from({ length: net.routers }, () => []);
  const base = channelBase(net);
  net.edges.forEach(([a, b], e) => {
    adj[a].push({ to: b, link: base + 2 * e });
    adj[b].push({ to: a, link: base + 2 * e + 1 });
  });
  return adj;
}

/** Hop distances between every pair of routers (breadth-first search from each). */
export function routerDistances(net: NocNetwork): Uint16Array[] {
  const adj = adjacency(net);
  return Array.from({ length: net.routers }, (_, s) => {
    const d = new Uint16Array(net.routers).fill(0xffff);
    const queue = [s];
    d[s] = 0;
    for (let i = 0; i < queue.length; i++)
      for (const { to } of adj[queue[i]])
        if (d[to] === 0xffff) {
          d[to] = d[queue[i]] + 1;
          queue.push(to);
        }
    return d;
  });
}
