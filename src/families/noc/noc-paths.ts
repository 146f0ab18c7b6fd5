import { adjacency, ejectLink, injectLink, routerDistances, type NocNetwork } from './noc-network';

/**
 * Minimal routes between processors, as the scheduler tries them: inject at the sender's router, any
 * shortest router path, eject at the receiver. A network's routes are enumerated once per
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
  ) {
    this.dist = routerDistances(net);
    this.adj = adjacency(net);
  }

  /** Hops between two processors' routers. */
  hops(from: number, to: number): number {
    return this.dist[this.net.procRouter[from]][this.net.procRouter[to]];
  }

  /** Up to `cap` shortest router paths from router a to router b, each as its channel ids. */
  routerPaths(a: number, b: number): Uint32Array[] {
    const key = a * this.net.routers + b;
    let paths = this.cache.get(key);
    if (paths) return paths;
    paths = [];
    const target = this.dist.map((d) => d[b]);
    const walk: number[] = [];
    const visit = (v: number) => {
      if (paths!.length >= this.cap) return;
      if (v === b) {
        paths!.push(Uint32Array.from(walk));
        return;
      }
      for (const { to, link } of this.adj[v])
        if (target[to] === target[v] - 1) {
          walk.push(link);
          visit(to);
          walk.pop();
        }
    };
    visit(a);
    this.cache.set(key, paths);
    return paths;
  }

  /** The whole route from processor `from` to `to`: its injection channel, a router path, its ejection. */
  route(from: number, to: number, path: Uint32Array, inPort: number, outPort: number): number[] {
    return [injectLink(this.net, from, inPort), ...path, ejectLink(this.net, to, outPort)];
  }
}
