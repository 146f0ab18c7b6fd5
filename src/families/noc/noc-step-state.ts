import { channelBase, processorsOf } from './noc-network';
import type { NocRoutes } from './noc-paths';

/**
 * What the constructive methods keep while they fill one step: the channels and ports taken, and a
 * free route for the next message if there is one (split from noc-constructive.ts).
 */

/** Per-step bookkeeping: channels taken, ports used, router channels left. */
export class StepState {
  private readonly linkStamp: Uint32Array;
  private readonly tx: Uint32Array;
  private readonly rx: Uint32Array;
  private readonly stampTx: Uint32Array;
  private readonly stampRx: Uint32Array;
  /** For each router channel (by id − channelBase), the router it leaves and the one it enters. */
  private readonly tail: Uint32Array;
  private readonly head: Uint32Array;
  private readonly base: number;
  /** Router channels out of (into) each router still free in this step, and their step stamps. */
  private readonly degree: Uint32Array;
  private readonly outLeft: Uint32Array;
  private readonly inLeft: Uint32Array;
  private readonly stampOut: Uint32Array;
  private readonly stampIn: Uint32Array;
  /** Router paths per (router, router) pair, looked up once each. */
  private readonly paths: (Uint32Array[] | undefined)[];
  private step = 0;

  constructor(readonly routes: NocRoutes) {
    const net = routes.net;
    const P = processorsOf(net);
    const R = net.routers;
    this.ports = net.ports;
    this.base = channelBase(net);
    this.linkStamp = new Uint32Array(this.base + 2 * net.edges.length);
    this.tx = new Uint32Array(P);
    this.rx = new Uint32Array(P);
    this.stampTx = new Uint32Array(P);
    this.stampRx = new Uint32Array(P);
    this.tail = new Uint32Array(2 * net.edges.length);
    this.head = new Uint32Array(2 * net.edges.length);
    this.degree = new Uint32Array(R);
    net.edges.forEach(([a, b], e) => {
      [this.tail[2 * e], this.head[2 * e], this.tail[2 * e + 1], this.head[2 * e + 1]] = [a, b, b, a];
      this.degree[a]++;
      this.degree[b]++;
    });
    this.outLeft = new Uint32Array(R);
    this.inLeft = new Uint32Array(R);
    this.stampOut = new Uint32Array(R);
    this.stampIn = new Uint32Array(R);
    this.paths = new Array<Uint32Array[] | undefined>(R * R);
  }

  readonly ports: number;

  next(): void {
    this.step++;
  }

  /** Ports in use this step: the next free one, or −1. */
  freeTx(p: number): number {
    const used = this.stampTx[p] === this.step ? this.tx[p] : 0;
    return used < this.ports ? used : -1;
  }
  freeRx(p: number): number {
    const used = this.stampRx[p] === this.step ? this.rx[p] : 0;
    return used < this.ports ? used : -1;
  }

  /** The router paths from a to b (the routes' own list, kept at hand). */
  pathsBetween(a: number, b: number): Uint32Array[] {
    const key = a * this.routes.net.routers + b;
    return (this.paths[key] ??= this.routes.routerPaths(a, b));
  }

  /**
   * Whether a path from router a to router b may still be free: router a has a channel out and b
   * one in left this step (a quick test that spares trying every path once a router is full).
   */
  open(a: number, b: number): boolean {
    if (a === b) return true;
    const out = this.stampOut[a] === this.step ? this.outLeft[a] : this.degree[a];
    const into = this.stampIn[b] === this.step ? this.inLeft[b] : this.degree[b];
    return out > 0 && into > 0;
  }

  free(path: Uint32Array): boolean {
    for (let i = 0; i < path.length; i++) if (this.linkStamp[path[i]] === this.step) return false;
    return true;
  }

  take(from: number, to: number, links: readonly number[]): void {
    for (const l of links) {
      this.linkStamp[l] = this.step;
      if (l < this.base) continue;
      const [a, b] = [this.tail[l - this.base], this.head[l - this.base]];
      if (this.stampOut[a] !== this.step) [this.stampOut[a], this.outLeft[a]] = [this.step, this.degree[a]];
      if (this.stampIn[b] !== this.step) [this.stampIn[b], this.inLeft[b]] = [this.step, this.degree[b]];
      this.outLeft[a]--;
      this.inLeft[b]--;
    }
    for (const [p, stamp, count] of [
      [from, this.stampTx, this.tx],
      [to, this.stampRx, this.rx],
    ] as const) {
      if (stamp[p] !== this.step) [stamp[p], count[p]] = [this.step, 0];
      count[p]++;
    }
  }
}

/** A free route for one message in this step, or null: ports free at both ends, a free router path. */
export function place(
  routes: NocRoutes,
  st: StepState,
  from: number,
  to: number,
  turn: number,
): number[] | null {
  const inPort = st.freeTx(from);
  const outPort = st.freeRx(to);
  if (inPort < 0 || outPort < 0) return null;
  const [a, b] = [routes.net.procRouter[from], routes.net.procRouter[to]];
  if (!st.open(a, b)) return null;
  const paths = st.pathsBetween(a, b);
  for (let i = 0; i < paths.length; i++) {
    const path = paths[(i + turn) % paths.length];
    if (!st.free(path)) continue;
    const links = routes.route(from, to, path, inPort, outPort);
    st.take(from, to, links);
    return links;
  }
  return null;
}
