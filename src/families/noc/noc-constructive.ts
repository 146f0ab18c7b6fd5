import { TimeLimitReached, UNWATCHED, type RunWatch } from '../../kernel/run-watch';
import { rng } from '../../kernel/util/rng';
import { adjacency, channelBase, processorsOf } from './noc-network';
import { gridVertex } from '../../kernel/model/grid';
import { place, StepState } from './noc-step-state';
import type { NocRoutes } from './noc-paths';
import { pairsOf, type Communication } from './noc-patterns';

/** One message of a plan: from a processor to a processor along channels, carrying one block. */
export interface PlannedMessage {
  from: number;
  to: number;
  links: number[];
  block: number;
  /** The blocks a combined message carries, when more than one (noc-combining.ts); else `block`. */
  blocks?: number[];
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

/** Messages up to which the constructive scatter renews its order every step (see there). */
const RESORT_MESSAGES = 4096;
/** Placements the constructive scatter may try per step: several orders for small cases, one for big. */
const PLACEMENTS_PER_STEP = 48_000;
const MOST_TRIES = 12;
/** How far the seeded noise may lift a message in the orders after the first (in messages of backlog). */
const NOISE = 3;
/** Messages routed between two looks at the run's deadline. */
const CHECK_EVERY = 1024;

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
 * `watch` hears each phase and how far it is (a scatter counts messages routed, then placed: the
 * 16 × 16 mesh's all-to-all places 65,280 over a minute on a slow machine), and its `stopping` ends
 * the build with TimeLimitReached (the command line's deadline, the page's Stop).
 */
export function constructivePlan(
  routes: NocRoutes,
  c: Communication,
  seed: number,
  watch: RunWatch = UNWATCHED,
): NocPlan {
  const random = rng(seed);
  const st = new StepState(routes);
  const { origin, destinations } = blocksOf(c);
  if (watch.stopping)
    outOfTime(
      'placed',
      0,
      destinations.reduce((n, d) => n + d.length, 0),
    );
  if (!c.broadcast) return backlogScatter(routes, st, origin, destinations, random, watch);
  watch.phase('building the constructive broadcast', 'deliveries');
  const greedy = greedyBroadcast(routes, st, origin, destinations, watch);
  watch.phase('trying relay rings for a shorter broadcast');
  // The relay ring often does better (every receiver absorbing every step): tried both ways round,
  // with the outside senders' blocks fed in at each offset; the shortest plan wins. Past the
  // deadline the best plan so far stays (the greedy one is complete).
  let best = greedy;
  const receivers = new Set(c.receivers);
  const offsets = c.senders.some((v) => !receivers.has(v)) ? c.receivers.length : 1;
  for (const reverse of [false, true])
    for (let shift = 0; shift < offsets && !watch.stopping; shift++) {
      const ring = pipelineBroadcast(routes, c, origin, destinations, reverse, shift, watch);
      if (ring && ring.steps.length < best.steps.length) best = ring;
    }
  return best;
}

/** Ends a constructive method that reached the run's deadline before its plan was complete. */
function outOfTime(what: string, done: number, total: number): never {
  const f = (x: number) => x.toLocaleString('en-US');
  throw new TimeLimitReached(`the constructive schedule had ${what} ${f(done)} of ${f(total)} messages`);
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
  watch: RunWatch,
): NocPlan {
  const net = routes.net;
  const P = processorsOf(net);
  const at = net.procRouter;
  let waiting: Waiting[] = [];
  watch.phase('routing the messages of the constructive schedule', 'messages routed');
  for (let block = 0; block < origin.length; block++) {
    // Finding the routes takes long for a million messages: the deadline is heard here too.
    if (block % CHECK_EVERY === 0) {
      watch.progress(block, origin.length);
      if (watch.stopping) outOfTime('routed', block, origin.length);
    }
    const [from, to] = [origin[block], destinations[block][0]];
    const first = at[from] === at[to] ? new Uint32Array(0) : st.pathsBetween(at[from], at[to])[0];
    waiting.push({ from, to, block, first, hops: routes.hops(from, to), tie: random.next(), key: 0 });
  }
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
  watch.phase('placing the messages of the constructive schedule', 'messages placed');
  const steps: PlannedMessage[][] = [];
  while (waiting.length) {
    if (steps.length > origin.length) throw new Error('the constructive scatter stopped making progress');
    watch.progress(origin.length - waiting.length, origin.length);
    if (watch.stopping) outOfTime('placed', origin.length - waiting.length, origin.length);
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
  }
  return { steps };
}

/** Each holder sends the block to the nearest receiver still without it: trees that double. */
function greedyBroadcast(
  routes: NocRoutes,
  st: StepState,
  origin: number[],
  destinations: number[][],
  watch: RunWatch,
): NocPlan {
  const net = routes.net;
  const steps: PlannedMessage[][] = [];
  const holders = origin.map((s) => [s]);
  const needs = destinations.map((d) => new Set(d));
  let open = needs.reduce((sum, n) => sum + n.size, 0);
  const total = open;
  while (open > 0) {
    watch.progress(total - open, total);
    if (watch.stopping) outOfTime('delivered', total - open, total);
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
  const grid = net.grid;
  if (grid) {
    const out: number[] = [];
    for (let r = 0; r < grid.rows; r++)
      for (let k = 0; k < grid.cols; k++) out.push(gridVertex(grid, r, r % 2 ? grid.cols - 1 - k : k));
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
  watch: RunWatch,
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
    if (watch.stopping) return null;
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
