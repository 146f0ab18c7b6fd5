import type { BuildProgress } from '../../kernel/spec';
import { rng } from '../../kernel/util/rng';
import { adjacency, channelBase, processorsOf } from './noc-network';
import type { NocRoutes } from './noc-paths';
import { pairsOf, type Communication } from './noc-patterns';

/** One message of a plan: from a processor to a processor along channels, carrying one block. */
export interface PlannedMessage {
  from: number;
  to: number;
  links: number[];
  block: number;
}

/** A schedule as the NoC methods make it: the messages of each step. */
export interface NocPlan {
  steps: PlannedMessage[][];
}

/**
 * The blocks of a communication: a scatter has one per (sender, receiver) pair, a broadcast one per
 * sender (every receiver but the sender needs it).
 */
export function blocksOf(c: Communication): { origin: number[]; destinations: number[][] } {
  if (!c.broadcast) {
    const pairs = pairsOf(c);
    return { origin: pairs.map(([s]) => s), destinations: pairs.map(([, d]) => [d]) };
  }
  const senders = c.senders.filter((s) => c.receivers.some((d) => d !== s));
  return {
    origin: senders,
    destinations: senders.map((s) => c.receivers.filter((d) => d !== s)),
  };
}

/** Per-step bookkeeping: channels taken, ports used, router channels left. */
class StepState {
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
function place(routes: NocRoutes, st: StepState, from: number, to: number, turn: number): number[] | null {
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

/** Messages up to which the constructive scatter renews its order every step (see there). */
const RESORT_MESSAGES = 4096;
/** Placements the constructive scatter may try per step: several orders for small cases, one for big. */
const PLACEMENTS_PER_STEP = 48_000;
const MOST_TRIES = 12;
/** How far the seeded noise may lift a message in the orders after the first (in messages of backlog). */
const NOISE = 3;

/**
 * The constructive method: a greedy colouring of the conflict graph with path choice, one step at a
 * time. A broadcast's message may be passed on by any receiver that already holds it (see below).
 *
 * For a scatter, each resource a message needs — its sender's port, its receiver's port and the router
 * channels of its first shortest path — has a backlog: the waiting messages that need it. A schedule
 * cannot end before its busiest resource has served its backlog, so the messages on the busiest
 * resources go first (longest routes first among equals, then a seeded order), and each takes the
 * first of its shortest paths whose channels are free if its sender and receiver have a port left.
 * Small communications try several orders per step (the later ones with seeded noise) and keep the
 * step that serves the most backlog: on the 8 × 8 mesh this is what keeps every channel of the
 * bisection busy to the end. Every step places at least one message, so it always ends.
 *
 * `progress` hears how far it is after each step: a scatter counts messages placed (the 16 × 16 mesh's
 * all-to-all places 65,280 over a minute on a slow machine), a broadcast the plans it has tried.
 */
export function constructivePlan(
  routes: NocRoutes,
  c: Communication,
  seed: number,
  progress: BuildProgress = () => undefined,
): NocPlan {
  const random = rng(seed);
  const st = new StepState(routes);
  const { origin, destinations } = blocksOf(c);
  if (!c.broadcast) return backlogScatter(routes, st, origin, destinations, random, progress);
  const receivers = new Set(c.receivers);
  const offsets = c.senders.some((v) => !receivers.has(v)) ? c.receivers.length : 1;
  const plans = 1 + 2 * offsets;
  progress(0, plans, 'plans tried');
  const greedy = greedyBroadcast(routes, st, origin, destinations);
  // The relay ring often does better (every receiver absorbing every step): tried both ways round,
  // with the outside senders' blocks fed in at each offset; the shortest plan wins.
  let best = greedy;
  let tried = 1;
  for (const reverse of [false, true])
    for (let shift = 0; shift < offsets; shift++) {
      progress(tried++, plans, 'plans tried');
      const ring = pipelineBroadcast(routes, c, origin, destinations, reverse, shift);
      if (ring && ring.steps.length < best.steps.length) best = ring;
    }
  return best;
}

interface Waiting {
  from: number;
  to: number;
  block: number;
  /** Router channels of the message's first shortest path (where its backlog is counted). */
  first: Uint32Array;
  hops: number;
  tie: number;
  key: number;
}

/** The scatter of constructivePlan: backlog first, several orders a step for small cases. */
function backlogScatter(
  routes: NocRoutes,
  st: StepState,
  origin: number[],
  destinations: number[][],
  random: ReturnType<typeof rng>,
  progress: BuildProgress,
): NocPlan {
  const net = routes.net;
  const P = processorsOf(net);
  const at = net.procRouter;
  let waiting: Waiting[] = origin.map((from, block) => {
    const to = destinations[block][0];
    const first = at[from] === at[to] ? new Uint32Array(0) : st.pathsBetween(at[from], at[to])[0];
    return { from, to, block, first, hops: routes.hops(from, to), tie: random.next(), key: 0 };
  });
  const [sendLeft, receiveLeft] = [new Uint32Array(P), new Uint32Array(P)];
  const backlog = new Uint32Array(channelBase(net) + 2 * net.edges.length);
  for (const m of waiting) {
    sendLeft[m.from]++;
    receiveLeft[m.to]++;
    for (const l of m.first) backlog[l]++;
  }
  const urgency = (m: Waiting) => {
    let u = Math.max(sendLeft[m.from], receiveLeft[m.to]);
    for (const l of m.first) if (backlog[l] > u) u = backlog[l];
    return u;
  };
  // Sorting tens of thousands of messages every step would cost more than it buys: big cases renew
  // their order every few steps and try one order.
  const renewEvery = Math.max(1, Math.ceil(waiting.length / RESORT_MESSAGES));
  const steps: PlannedMessage[][] = [];
  while (waiting.length) {
    if (steps.length > origin.length) throw new Error('the constructive scatter stopped making progress');
    const tries = Math.max(1, Math.min(MOST_TRIES, Math.floor(PLACEMENTS_PER_STEP / waiting.length)));
    let best: { step: PlannedMessage[]; left: Waiting[]; uses: number; served: number } | null = null;
    for (let t = 0; t < tries; t++) {
      if (tries > 1 || steps.length % renewEvery === 0) {
        for (const m of waiting) m.key = urgency(m) + (t > 0 ? random.next() * NOISE : 0);
        waiting.sort((a, b) => b.key - a.key || b.hops - a.hops || a.tie - b.tie);
      }
      st.next();
      const step: PlannedMessage[] = [];
      const left: Waiting[] = [];
      // What the step does: channels and ports used, then the backlog behind them that it serves.
      let [uses, served] = [0, 0];
      for (const m of waiting) {
        const links = place(routes, st, m.from, m.to, 0);
        if (!links) {
          left.push(m);
          continue;
        }
        step.push({ from: m.from, to: m.to, links, block: m.block });
        uses += links.length;
        served += sendLeft[m.from] + receiveLeft[m.to];
        for (const l of m.first) served += backlog[l];
      }
      if (!best || uses > best.uses || (uses === best.uses && served > best.served))
        best = { step, left, uses, served };
    }
    for (const m of best!.step) {
      sendLeft[m.from]--;
      receiveLeft[m.to]--;
    }
    const placed = new Set(best!.step.map((m) => m.block));
    for (const m of waiting) if (placed.has(m.block)) for (const l of m.first) backlog[l]--;
    steps.push(best!.step);
    waiting = best!.left;
    progress(origin.length - waiting.length, origin.length, 'messages placed');
  }
  return { steps };
}

/** Each holder sends the block to the nearest receiver still without it: trees that double. */
function greedyBroadcast(
  routes: NocRoutes,
  st: StepState,
  origin: number[],
  destinations: number[][],
): NocPlan {
  const net = routes.net;
  const steps: PlannedMessage[][] = [];
  const holders = origin.map((s) => [s]);
  const needs = destinations.map((d) => new Set(d));
  let open = needs.reduce((sum, n) => sum + n.size, 0);
  while (open > 0) {
    if (steps.length > open + origin.length * processorsOf(net))
      throw new Error('the constructive broadcast stopped making progress');
    st.next();
    const step: PlannedMessage[] = [];
    const first = steps.length % origin.length;
    for (let i = 0; i < origin.length; i++) {
      const block = (first + i) % origin.length;
      const need = needs[block];
      if (!need.size) continue;
      const coming = new Set<number>();
      for (const h of holders[block]) {
        if (st.freeTx(h) < 0) continue;
        // The nearest receiver still without the block: a tree that doubles, as OAB's bound assumes.
        const targets = [...need]
          .filter((d) => !coming.has(d))
          .sort((a, b) => routes.hops(h, a) - routes.hops(h, b) || a - b);
        for (const to of targets) {
          const links = place(routes, st, h, to, steps.length + block);
          if (!links) continue;
          step.push({ from: h, to, links, block });
          coming.add(to);
          break;
        }
      }
      for (const d of coming) {
        need.delete(d);
        holders[block].push(d);
        open--;
      }
    }
    steps.push(step);
  }
  return { steps };
}

/**
 * Routers in an order where neighbours in the order are near in the network: round the ring
 * (Octagon), a snake through the rows (mesh, torus), the Gray code (hypercube), else depth first.
 */
export function routerCycle(routes: NocRoutes): number[] {
  const net = routes.net;
  const R = net.routers;
  if (net.shape === 'ring') return Array.from({ length: R }, (_, i) => i);
  if (net.shape === 'grid' && net.cols > 0 && R % net.cols === 0) {
    const out: number[] = [];
    for (let r = 0; r < R / net.cols; r++)
      for (let k = 0; k < net.cols; k++) out.push(r * net.cols + (r % 2 ? net.cols - 1 - k : k));
    return out;
  }
  if (net.shape === 'cube' && (R & (R - 1)) === 0) return Array.from({ length: R }, (_, i) => i ^ (i >> 1));
  const seen = new Uint8Array(R);
  const out: number[] = [];
  const neighbours = adjacency(net).map((a) => a.map(({ to }) => to).sort((x, y) => x - y));
  const visit = (v: number) => {
    seen[v] = 1;
    out.push(v);
    for (const w of neighbours[v]) if (!seen[w]) visit(w);
  };
  for (let v = 0; v < R; v++) if (!seen[v]) visit(v);
  return out;
}

/**
 * The relay ring: the receivers in a cycle that follows the network (routerCycle), each passing on
 * at every step the block it received last (a pipeline: every receiver can absorb at every step,
 * which is what the M-message bound of eq. (2) asks for); senders outside the ring feed their blocks
 * in at evenly spaced places; spare ports and channels then serve the nearest holder-to-receiver
 * pairs, as the greedy method does. Null if a step places nothing.
 */
function pipelineBroadcast(
  routes: NocRoutes,
  c: Communication,
  origin: number[],
  destinations: number[][],
  reverse: boolean,
  shift: number,
): NocPlan | null {
  const net = routes.net;
  const P = processorsOf(net);
  const st = new StepState(routes);
  const position = new Uint32Array(net.routers);
  routerCycle(routes).forEach((r, i) => (position[r] = i));
  const ring = [...c.receivers].sort(
    (a, b) => position[net.procRouter[a]] - position[net.procRouter[b]] || a - b,
  );
  if (reverse) ring.reverse();
  const N = ring.length;
  const blocksOf = Array.from({ length: P }, () => new Set<number>());
  origin.forEach((s, b) => blocksOf[s].add(b));
  const needs = destinations.map((d) => new Set(d));
  let open = needs.reduce((sum, n) => sum + n.size, 0);
  const last = new Int32Array(P).fill(-1);
  origin.forEach((s, b) => (last[s] = b));
  const inRing = new Set(ring);
  const outside = origin.map((s, b) => [s, b]).filter(([s]) => !inRing.has(s));
  const steps: PlannedMessage[][] = [];
  while (open > 0) {
    st.next();
    const step: PlannedMessage[] = [];
    const coming = new Map<number, Set<number>>(); // receiver → blocks arriving this step
    const send = (from: number, to: number, block: number) => {
      if (!needs[block].has(to) || coming.get(to)?.has(block)) return false;
      const links = place(routes, st, from, to, steps.length + block);
      if (!links) return false;
      step.push({ from, to, links, block });
      if (!coming.has(to)) coming.set(to, new Set());
      coming.get(to)!.add(block);
      return true;
    };
    // Ring links: pass on the block received last, else any block the next one lacks.
    for (let i = 0; i < N; i++) {
      const [r, next] = [ring[i], ring[(i + 1) % N]];
      if (r === next) continue;
      const held = blocksOf[r];
      if (last[r] >= 0 && send(r, next, last[r])) continue;
      for (const b of held) if (send(r, next, b)) break;
    }
    // Senders outside the ring feed their blocks in, spread round it.
    outside.forEach(([s, b], j) => {
      const at = shift + Math.floor((j * N) / Math.max(1, outside.length));
      for (let k = 0; k < N; k++) if (send(s, ring[(at + k) % N], b)) break;
    });
    // Spare capacity: any holder to the nearest receiver still without the block.
    for (let b = 0; b < origin.length; b++)
      for (const h of [origin[b], ...ring.filter((r) => blocksOf[r].has(b))]) {
        if (st.freeTx(h) < 0 || needs[b].size === 0) continue;
        const targets = [...needs[b]].sort((x, y) => routes.hops(h, x) - routes.hops(h, y) || x - y);
        for (const to of targets) if (send(h, to, b)) break;
      }
    if (!step.length) return null;
    for (const m of step) {
      blocksOf[m.to].add(m.block);
      last[m.to] = m.block;
      needs[m.block].delete(m.to);
      open--;
    }
    steps.push(step);
  }
  return { steps };
}
