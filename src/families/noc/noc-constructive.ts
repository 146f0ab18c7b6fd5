import { rng } from '../../kernel/util/rng';
import { processorsOf } from './noc-network';
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

/** Per-step bookkeeping: channels taken, ports used. */
class StepState {
  private readonly linkStamp: Uint32Array;
  private readonly tx: Uint32Array;
  private readonly rx: Uint32Array;
  private readonly stampTx: Uint32Array;
  private readonly stampRx: Uint32Array;
  private step = 0;

  constructor(
    links: number,
    processors: number,
    readonly ports: number,
  ) {
    this.linkStamp = new Uint32Array(links);
    this.tx = new Uint32Array(processors);
    this.rx = new Uint32Array(processors);
    this.stampTx = new Uint32Array(processors);
    this.stampRx = new Uint32Array(processors);
  }

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

  free(path: Uint32Array): boolean {
    for (let i = 0; i < path.length; i++) if (this.linkStamp[path[i]] === this.step) return false;
    return true;
  }

  take(from: number, to: number, links: readonly number[]): void {
    for (const l of links) this.linkStamp[l] = this.step;
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
  const net = routes.net;
  const paths = routes.routerPaths(net.procRouter[from], net.procRouter[to]);
  for (let i = 0; i < paths.length; i++) {
    const path = paths[(i + turn) % paths.length];
    if (!st.free(path)) continue;
    const links = routes.route(from, to, path, inPort, outPort);
    st.take(from, to, links);
    return links;
  }
  return null;
}

/**
 * The constructive method: a greedy colouring of the conflict graph with path choice. Steps are
 * filled one at a time; each message still waiting (longest routes first, ties in a seeded order)
 * takes the first of its shortest paths whose channels are free, if its sender and receiver have a
 * port left. A broadcast's message may be passed on by any receiver that already holds it. Every
 * step places at least one message, so it always ends.
 */
export function constructivePlan(routes: NocRoutes, c: Communication, seed: number): NocPlan {
  const net = routes.net;
  const random = rng(seed);
  const st = new StepState(
    2 * processorsOf(net) * net.ports + 2 * net.edges.length,
    processorsOf(net),
    net.ports,
  );
  const { origin, destinations } = blocksOf(c);
  const steps: PlannedMessage[][] = [];
  if (!c.broadcast) {
    // Longest first; a seeded shuffle breaks ties (and varies the first-fit).
    let waiting = origin.map((from, block) => ({
      from,
      to: destinations[block][0],
      block,
      key: random.next(),
    }));
    waiting.sort((a, b) => routes.hops(b.from, b.to) - routes.hops(a.from, a.to) || a.key - b.key);
    while (waiting.length) {
      if (steps.length > origin.length) throw new Error('the constructive scatter stopped making progress');
      st.next();
      const step: PlannedMessage[] = [];
      const left: typeof waiting = [];
      for (const m of waiting) {
        const links = place(routes, st, m.from, m.to, steps.length + m.block);
        if (links) step.push({ from: m.from, to: m.to, links, block: m.block });
        else left.push(m);
      }
      steps.push(step);
      waiting = left;
    }
    return { steps };
  }
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
