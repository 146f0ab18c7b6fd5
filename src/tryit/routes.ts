import type { Topology } from '../kernel/model/topology';

/** Each vertex's outgoing links, in link order (computed once per topology). */
interface Adjacency {
  start: Uint32Array;
  links: Uint32Array;
}

const adjacencies = new WeakMap<Topology, Adjacency>();

function adjacencyOf(t: Topology): Adjacency {
  const hit = adjacencies.get(t);
  if (hit) return hit;
  const V = t.nodeCount + t.auxCount;
  const start = new Uint32Array(V + 1);
  for (let l = 0; l < t.linkCount; l++) start[t.linkFrom[l] + 1]++;
  for (let v = 0; v < V; v++) start[v + 1] += start[v];
  const fill = start.slice(0, V);
  const links = new Uint32Array(t.linkCount);
  for (let l = 0; l < t.linkCount; l++) links[fill[t.linkFrom[l]]++] = l;
  const a = { start, links };
  adjacencies.set(t, a);
  return a;
}

/**
 * Breadth-first search from `from` over the links `usable` accepts: the link each vertex is first
 * reached by (−1: not reached) and its distance. Links are tried in id order, so on a mesh rows come
 * before columns (the XY routes of the OTIS paper) and on a ring clockwise before counter-clockwise.
 */
function search(
  t: Topology,
  from: number,
  usable: (l: number) => boolean,
): { via: Int32Array; dist: Int32Array } {
  const V = t.nodeCount + t.auxCount;
  const via = new Int32Array(V).fill(-1);
  const dist = new Int32Array(V).fill(-1);
  const { start, links } = adjacencyOf(t);
  const queue = new Uint32Array(V);
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  dist[from] = 0;
  while (head < tail) {
    const v = queue[head++];
    // A route passes processors only where they forward (rings, meshes, circuits): every model here.
    for (let i = start[v]; i < start[v + 1]; i++) {
      const l = links[i];
      const w = t.linkTo[l];
      if (dist[w] >= 0 || !usable(l)) continue;
      dist[w] = dist[v] + 1;
      via[w] = l;
      queue[tail++] = w;
    }
  }
  return { via, dist };
}

/** The links from `from` to every receiver in the search's tree, each once, in order of depth. */
function treeRoute(t: Topology, via: Int32Array, dist: Int32Array, to: readonly number[]): number[] {
  const chosen = new Set<number>();
  for (const r of to)
    for (let v = r; via[v] >= 0 && !chosen.has(via[v]); v = t.linkFrom[via[v]]) chosen.add(via[v]);
  return [...chosen].sort((a, b) => dist[t.linkFrom[a]] - dist[t.linkFrom[b]] || a - b);
}

/** What a route may use, and which channels are taken by the step's other transfers. */
export interface RouteContext {
  /** Links that exist in the step (circuits in force); all when absent. */
  usable?: (l: number) => boolean;
  /** Whether channel c of link l is taken by another transfer of the step (exclusive links only). */
  taken: (l: number, c: number) => boolean;
  /** The channels to try, most wanted first (lowest first; the star: the sender's own wavelengths first). */
  channels: readonly number[];
}

/**
 * A shortest route from `from` to every receiver (one path, or a tree for several), and the first
 * channel of `ctx.channels` free on all its links: among the shortest routes one that is free on
 * some channel when there is one, else the plain shortest on the first channel (the check then
 * shows the clash). Null when a receiver cannot be reached over the usable links.
 */
export function defaultRoute(
  t: Topology,
  from: number,
  to: readonly number[],
  ctx: RouteContext,
): { route: number[]; channel: number } | null {
  const usable = ctx.usable ?? (() => true);
  const plain = search(t, from, usable);
  if (to.some((r) => plain.dist[r] < 0)) return null;
  for (const c of ctx.channels) {
    const free = search(
      t,
      from,
      (l) => usable(l) && c < t.linkChannels[l] && (t.linkShared[l] === 1 || !ctx.taken(l, c)),
    );
    if (to.every((r) => free.dist[r] === plain.dist[r]))
      return { route: treeRoute(t, free.via, free.dist, to), channel: c };
  }
  return { route: treeRoute(t, plain.via, plain.dist, to), channel: ctx.channels[0] ?? 0 };
}

/** The first channel of `channels` free on every link of `route` (and offered by each), or null. */
export function freeChannel(t: Topology, route: readonly number[], ctx: RouteContext): number | null {
  for (const c of ctx.channels)
    if (route.every((l) => c < t.linkChannels[l] && (t.linkShared[l] === 1 || !ctx.taken(l, c)))) return c;
  return null;
}
