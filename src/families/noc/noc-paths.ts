import { blocksOf, type NocPlan, type PlannedMessage } from './noc-constructive';
import type { Communication } from './noc-patterns';
import type { Schedule } from '../../kernel/model/schedule';
import { gridAxis } from '../../kernel/model/grid';
import {
  adjacency,
  channelBase,
  ejectLink,
  injectLink,
  routerDistances,
  type NocNetwork,
} from './noc-network';

/**
 * Routes between processors, as the scheduler tries them: inject at the sender's router, a router
 * path (a shortest one, or with `slack` one a few hops longer), eject at the receiver. A network's routes are enumerated once per
 * (router, router) pair, up to a cap, in a fixed order (the search varies its choice among them).
 */
export class NocRoutes {
  readonly dist: Uint16Array[];
  private readonly adj: { to: number; link: number }[][];
  private readonly cache = new Map<number, Uint32Array[]>();

  constructor(
    readonly net: NocNetwork,
    /** Most router paths kept per pair. */
    readonly cap = 16,
    /** Hops beyond the shortest a route may take (0: minimal routing, the default). */
    readonly slack = 0,
  ) {
    this.dist = routerDistances(net);
    this.adj = adjacency(net);
  }

  /** Hops between two processors' routers. */
  hops(from: number, to: number): number {
    return this.dist[this.net.procRouter[from]][this.net.procRouter[to]];
  }

  /**
   * Up to `cap` router paths from router a to router b, each as its channel ids: the shortest first,
   * then (with `slack`) those up to `slack` hops longer, each visiting a router at most once.
   */
  routerPaths(a: number, b: number): Uint32Array[] {
    const key = a * this.net.routers + b;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const found: Uint32Array[] = [];
    const target = this.dist.map((d) => d[b]);
    const walk: number[] = [];
    const on = new Uint8Array(this.net.routers);
    const visit = (v: number, spare: number, length: number) => {
      if (found.length >= this.cap) return;
      if (v === b) {
        if (walk.length === length) found.push(Uint32Array.from(walk));
        return;
      }
      on[v] = 1;
      for (const { to, link } of this.adj[v]) {
        if (on[to]) continue;
        // A hop that does not get closer spends slack: one step away costs 2, sideways 1.
        const cost = target[to] - target[v] + 1;
        if (cost > spare) continue;
        walk.push(link);
        visit(to, spare - cost, length);
        walk.pop();
      }
      on[v] = 0;
    };
    // Shortest paths first, then one hop longer, …: the minimal ones keep the first indices.
    for (let extra = 0; extra <= this.slack && found.length < this.cap; extra++)
      visit(a, extra, target[a] + extra);
    // The straightest shortest paths lead (one per first hop), then the others in depth-first order.
    const paths: Uint32Array[] = [];
    const seen = new Set<string>();
    for (const path of [...(a === b ? [] : this.straightPaths(a, b, target)), ...found]) {
      const id = path.join(',');
      if (seen.has(id) || paths.length >= this.cap) continue;
      seen.add(id);
      paths.push(path);
    }
    this.cache.set(key, paths);
    return paths;
  }

  /**
   * For each first hop towards b, the shortest path that then keeps to the axis it is on as long as
   * that gets closer (a mesh's XY and YX routes; a hypercube's dimension orders). Straight routes
   * leave the most room to other messages: a staircase crosses the lines that others run along.
   */
  private straightPaths(a: number, b: number, target: number[]): Uint32Array[] {
    const out: Uint32Array[] = [];
    for (const first of this.adj[a]) {
      if (target[first.to] !== target[a] - 1) continue;
      const walk = [first.link];
      let [v, axis] = [first.to, this.axisOf(first.link)];
      while (v !== b) {
        const closer = this.adj[v].filter(({ to }) => target[to] === target[v] - 1);
        const next = closer.find(({ link }) => this.axisOf(link) === axis) ?? closer[0];
        walk.push(next.link);
        [v, axis] = [next.to, this.axisOf(next.link)];
      }
      out.push(Uint32Array.from(walk));
    }
    return out;
  }

  /** The axis a router channel runs along: a grid's row or column, a hypercube's dimension. */
  private axisOf(link: number): number {
    const [a, b] = this.net.edges[(link - channelBase(this.net)) >> 1];
    if (this.net.grid) return gridAxis(this.net.grid, a, b);
    if (this.net.shape === 'cube') return 31 - Math.clz32(a ^ b);
    return -1 - ((link - channelBase(this.net)) >> 1);
  }

  /** The whole route from processor `from` to `to`: its injection channel, a router path, its ejection. */
  route(from: number, to: number, path: Uint32Array, inPort: number, outPort: number): number[] {
    return [injectLink(this.net, from, inPort), ...path, ejectLink(this.net, to, outPort)];
  }
}

/** A message of a plan with the router paths it may take (what the searches choose among). */
export interface RoutedMessage {
  from: number;
  to: number;
  block: number;
  paths: Uint32Array[];
}

/** The messages of a plan, in its order, each with its candidate router paths. */
export function routedMessages(routes: NocRoutes, plan: NocPlan): RoutedMessage[] {
  const at = routes.net.procRouter;
  return plan.steps.flat().map((m) => ({
    from: m.from,
    to: m.to,
    block: m.block,
    paths: routes.routerPaths(at[m.from], at[m.to]),
  }));
}

/**
 * The messages of a scatter in block order (one per sender and receiver), each with its candidate
 * router paths: what a search's chains work on, built from the configuration alone.
 */
export function scatterMessages(routes: NocRoutes, c: Communication): RoutedMessage[] {
  const at = routes.net.procRouter;
  const { origin, destinations } = blocksOf(c);
  return origin.map((from, block) => {
    const to = destinations[block][0];
    return { from, to, block, paths: routes.routerPaths(at[from], at[to]) };
  });
}

/**
 * A plan from a choice of step and path for each message (`choice(i)`: [step, path index] of
 * message i, steps below `steps`); each message takes the next free injection and ejection channel
 * of its processors in its step, and a processor's messages beyond its k ports share its last one
 * (a plan that breaks the port limit then shares a channel, as the search counts it). Empty steps
 * are dropped.
 */
export function planOfChoices(
  routes: NocRoutes,
  msgs: readonly RoutedMessage[],
  steps: number,
  choice: (i: number) => readonly [number, number],
): NocPlan {
  const plan: PlannedMessage[][] = Array.from({ length: steps }, () => []);
  const used = new Map<string, number>();
  const last = routes.net.ports - 1;
  const port = (key: string) => {
    const k = used.get(key) ?? 0;
    used.set(key, k + 1);
    return Math.min(k, last);
  };
  msgs.forEach((m, i) => {
    const [s, p] = choice(i);
    const links = routes.route(m.from, m.to, m.paths[p], port(`t${s}/${m.from}`), port(`r${s}/${m.to}`));
    plan[s].push({ from: m.from, to: m.to, links, block: m.block });
  });
  return { steps: plan.filter((s) => s.length > 0) };
}

/**
 * Messages whose route is longer than the shortest between their routers: of a plan, or of a
 * schedule in columns (its routes as link lists: injection, router channels, ejection).
 */
export function longerRoutes(routes: NocRoutes, of: NocPlan | Schedule): number {
  let n = 0;
  if ('steps' in of) {
    for (const step of of.steps)
      for (const m of step) if (m.links.length - 2 > routes.hops(m.from, m.to)) n++;
    return n;
  }
  if (of.path.kind !== 'link-list') return 0;
  const { offsets, links } = of.path;
  const P = routes.net.procRouter.length;
  for (let t = 0; t < of.transferCount; t++) {
    const [a, b] = [offsets[t], offsets[t + 1]];
    // The ejection channel's index is P·k + p·k + port: its processor is ⌊(l − P·k) / k⌋.
    const to = Math.floor((links[b - 1] - P * routes.net.ports) / routes.net.ports);
    if (b - a - 2 > routes.hops(of.src[t], to)) n++;
  }
  return n;
}
