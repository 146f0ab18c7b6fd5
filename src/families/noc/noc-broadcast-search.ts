import type { Rng } from '../../kernel/util/rng';
import type { ChainSolution, Genes, PlanFault, SearchProblem } from './noc-chain';
import { blocksOf, type NocPlan } from './noc-constructive';
import { channelBase, processorsOf } from './noc-network';
import { planOfChoices, type NocRoutes, type RoutedMessage } from './noc-paths';
import type { Communication } from './noc-patterns';
import { StepUsage } from './noc-usage';

/**
 * The broadcast's search problem (same rounds, master and chains as the scatter's): a gene per
 * (block, receiver) — the step it arrives in, the processor that sends it (`parent`: the block's
 * origin, or another receiver of the block that holds it earlier: a relay) and the router path. The
 * fitness is the scatter's conflicts (a channel wanted twice in a step, a port over its limit) plus
 * the causality faults: a gene whose sender receives the block in the same step or later. A
 * schedule with none is valid: every sender holds what it sends.
 */
export class BroadcastProblem implements SearchProblem {
  readonly processors: number;
  readonly ports: number;
  readonly base: number;
  readonly channels: number;
  /** Each gene's block and receiver; genes of block b are first[b] … first[b + 1] − 1. */
  readonly block: Uint32Array;
  readonly to: Uint32Array;
  readonly first: Uint32Array;
  readonly origin: readonly number[];
  /** The gene of (block b, processor p) at b·P + p, or −1 (the origin, or not a receiver). */
  readonly geneAt: Int32Array;
  /** Router paths between routers a and b at a·R + b (the routes' own lists). */
  private readonly table: Uint32Array[][];
  private readonly router: Uint32Array;
  private readonly R: number;
  /** The genes of each receiver: those of processor p at toStart[p] … toStart[p + 1] − 1 in `byReceiver`. */
  readonly toStart: Uint32Array;
  readonly byReceiver: Uint32Array;

  constructor(
    readonly routes: NocRoutes,
    c: Communication,
  ) {
    const net = routes.net;
    this.processors = processorsOf(net);
    this.ports = net.ports;
    this.base = channelBase(net);
    this.channels = 2 * net.edges.length;
    this.R = net.routers;
    this.router = Uint32Array.from(net.procRouter);
    const { origin, destinations } = blocksOf(c);
    this.origin = origin;
    const n = destinations.reduce((k, d) => k + d.length, 0);
    this.block = new Uint32Array(n);
    this.to = new Uint32Array(n);
    this.first = new Uint32Array(origin.length + 1);
    this.geneAt = new Int32Array(origin.length * this.processors).fill(-1);
    let i = 0;
    destinations.forEach((d, b) => {
      this.first[b] = i;
      for (const to of d) {
        [this.block[i], this.to[i]] = [b, to];
        this.geneAt[b * this.processors + to] = i++;
      }
    });
    this.first[origin.length] = n;
    this.toStart = new Uint32Array(this.processors + 1);
    for (const to of this.to) this.toStart[to + 1]++;
    for (let p = 0; p < this.processors; p++) this.toStart[p + 1] += this.toStart[p];
    this.byReceiver = new Uint32Array(n);
    const at = this.toStart.slice(0, this.processors);
    this.to.forEach((to, g) => (this.byReceiver[at[to]++] = g));
    this.table = Array.from({ length: this.R * this.R }, (_, k) =>
      routes.routerPaths(Math.floor(k / this.R), k % this.R),
    );
  }

  get size(): number {
    return this.to.length;
  }

  /** Router paths from processor `from` to gene i's receiver. */
  pathsOf(from: number, i: number): Uint32Array[] {
    return this.table[this.router[from] * this.R + this.router[this.to[i]]];
  }

  /** Senders gene i may have: its block's origin, or any other receiver of the block. */
  candidates(i: number): number {
    const b = this.block[i];
    return this.first[b + 1] - this.first[b];
  }

  /** The k-th sender gene i may have (k below `candidates(i)`): k = its own place names the origin. */
  candidate(i: number, k: number): number {
    const j = this.first[this.block[i]] + k;
    return j === i ? this.origin[this.block[i]] : this.to[j];
  }

  genesOf(plan: NocPlan): Genes {
    const n = this.size;
    const step = new Uint32Array(n);
    const path = new Uint16Array(n);
    const parent = new Uint16Array(n);
    plan.steps.forEach((msgs, s) =>
      msgs.forEach((m) => {
        const i = this.geneAt[m.block * this.processors + m.to];
        if (i < 0)
          throw new Error(`a broadcast plan sends block ${m.block} to ${m.to}, not a receiver of it`);
        [step[i], parent[i]] = [s, m.from];
        const inner = m.links.slice(1, -1).join();
        path[i] = Math.max(
          0,
          this.pathsOf(m.from, i).findIndex((p) => p.join() === inner),
        );
      }),
    );
    return { step, path, parent };
  }

  planOf(genes: Genes, target: number): NocPlan {
    const parent = genes.parent!;
    const msgs: RoutedMessage[] = Array.from(this.to, (to, i) => ({
      from: parent[i],
      to,
      block: this.block[i],
      paths: this.pathsOf(parent[i], i),
    }));
    return planOfChoices(this.routes, msgs, target, (i) => [genes.step[i], genes.path[i]]);
  }

  solution(genes: Genes, target: number): ChainSolution {
    return new BroadcastSolution(this, target, genes.step, genes.path, genes.parent!);
  }

  /**
   * The hybrid's crossover for broadcasts: each block's genes (its tree: who relays to whom, when)
   * come whole from one parent, so a child keeps its parents' causality; a share `mutate` of genes
   * is drawn anew (step, sender, path).
   */
  breed(a: Genes, b: Genes, target: number, r: Rng, mutate: number): Genes {
    const n = this.size;
    const [step, path, parent] = [new Uint32Array(n), new Uint16Array(n), new Uint16Array(n)];
    for (let k = 0; k + 1 < this.first.length; k++) {
      const from = r.next() < 0.5 ? a : b;
      for (let i = this.first[k]; i < this.first[k + 1]; i++) {
        [step[i], path[i], parent[i]] = [from.step[i], from.path[i], from.parent![i]];
        if (r.next() < mutate) {
          step[i] = r.int(target);
          parent[i] = this.candidate(i, r.int(this.candidates(i)));
          path[i] = r.int(this.pathsOf(parent[i], i).length);
        }
      }
    }
    return { step, path, parent };
  }

  faults(plan: NocPlan): PlanFault[] {
    return planFaults(plan, this.origin);
  }
}

/** Share of moves that look for a gene in a conflict or fault first, and how many draws they try. */
const CONFLICT_PICKS = 0.9;
const PICK_TRIES = 40;
/** Places a move tries for the gene it lifts, besides its old one. */
const PROPOSALS = 6;
/** Share of moves that trade steps between two genes of one receiver. */
const SWAPS = 0.3;

/** One chain's broadcast genes with the usage they make and their conflicts and faults. */
class BroadcastSolution implements ChainSolution {
  private readonly usage: StepUsage;
  /** Causality faults: relays that send a block they get only in the same step or later. */
  private faults = 0;

  constructor(
    private readonly s: BroadcastProblem,
    readonly target: number,
    readonly step: Uint32Array,
    readonly path: Uint16Array,
    readonly parent: Uint16Array,
  ) {
    this.usage = new StepUsage(target, s);
    for (let i = 0; i < s.size; i++) this.add(i, 1);
    for (let i = 0; i < s.size; i++) if (this.fault(i)) this.faults++;
  }

  /** Shared channels and ports over their limit, and causality faults. */
  get conflicts(): number {
    return this.usage.conflicts + this.faults;
  }

  /** Gene i's route: the channels of its path from its sender. */
  private links(i: number): Uint32Array {
    return this.s.pathsOf(this.parent[i], i)[this.path[i]];
  }

  /** Adds (1) or removes (−1) gene i's channels and ports, keeping the conflict count. */
  private add(i: number, sign: 1 | -1): void {
    this.usage.add(this.step[i], this.links(i), this.parent[i], this.s.to[i], sign);
  }

  /** Does gene i's sender lack the block at its step (a relay that gets it then or later)? */
  private fault(i: number): boolean {
    const s = this.s;
    const j = s.geneAt[s.block[i] * s.processors + this.parent[i]];
    return j >= 0 && this.step[j] >= this.step[i];
  }

  /** Faults that depend on gene i: its own, and those of the genes it relays to. */
  private causal(i: number): number {
    const s = this.s;
    const b = s.block[i];
    const me = s.to[i];
    let n = this.fault(i) ? 1 : 0;
    for (let j = s.first[b]; j < s.first[b + 1]; j++)
      if (this.parent[j] === me && this.step[j] <= this.step[i]) n++;
    return n;
  }

  private lift(i: number): void {
    this.add(i, -1);
    this.faults -= this.causal(i);
  }

  private put(i: number): void {
    this.add(i, 1);
    this.faults += this.causal(i);
  }

  /** Conflicts and faults gene i would add at its current genes (lifted out of the usage). */
  private costOf(i: number): number {
    return this.causal(i) + this.usage.costOf(this.step[i], this.links(i), this.parent[i], this.s.to[i]);
  }

  private inConflict(i: number): boolean {
    return (
      this.usage.clashes(this.step[i], this.links(i), this.parent[i], this.s.to[i]) || this.causal(i) > 0
    );
  }

  /**
   * One move: a gene (mostly one in a conflict or fault) is lifted and put back at the best of a few
   * drawn places — a new step, a new sender (the origin or a relay) with one of its paths, a new
   * path — or its old one; kept by the Metropolis rule on the change in conflicts and faults.
   */
  move(t: number, r: Rng): void {
    const s = this.s;
    const n = s.size;
    let i = r.int(n);
    if (this.conflicts > 0 && r.next() < CONFLICT_PICKS)
      for (let k = 0; k < PICK_TRIES && !this.inConflict(i); k++) i = r.int(n);
    if (r.next() < SWAPS) return this.swap(i, t, r);
    const [oldStep, oldPath, oldParent] = [this.step[i], this.path[i], this.parent[i]];
    const before = this.conflicts;
    this.lift(i);
    let [bestStep, bestPath, bestParent, bestCost] = [oldStep, oldPath, oldParent, this.costOf(i)];
    for (let k = 0; k < PROPOSALS; k++) {
      this.step[i] = r.next() < 0.7 ? r.int(this.target) : oldStep;
      const relay = r.next() < 0.4;
      this.parent[i] = relay ? s.candidate(i, r.int(s.candidates(i))) : oldParent;
      const paths = s.pathsOf(this.parent[i], i).length;
      this.path[i] =
        this.parent[i] !== oldParent ? r.int(paths) : paths > 1 && r.next() < 0.6 ? r.int(paths) : oldPath;
      const cost = this.costOf(i);
      if (cost < bestCost || (cost === bestCost && r.next() < 0.5))
        [bestStep, bestPath, bestParent, bestCost] = [this.step[i], this.path[i], this.parent[i], cost];
    }
    [this.step[i], this.path[i], this.parent[i]] = [bestStep, bestPath, bestParent];
    this.put(i);
    const delta = this.conflicts - before;
    if (delta <= 0 || r.next() < Math.exp(-delta / t)) return;
    this.lift(i);
    [this.step[i], this.path[i], this.parent[i]] = [oldStep, oldPath, oldParent];
    this.put(i);
  }

  /**
   * The other move: gene i and another gene of its receiver (another block) trade steps, so the
   * receiver still absorbs as many a step (when every receiver must absorb at every step, as at the
   * bound of eq. (2), single moves cannot get past a port conflict). Kept by the Metropolis rule.
   */
  private swap(i: number, t: number, r: Rng): void {
    const s = this.s;
    const to = s.to[i];
    const k = s.toStart[to + 1] - s.toStart[to];
    if (k < 2) return;
    const j = s.byReceiver[s.toStart[to] + r.int(k)];
    if (j === i || this.step[j] === this.step[i]) return;
    const before = this.conflicts;
    const trade = () => {
      this.lift(i);
      this.lift(j);
      [this.step[i], this.step[j]] = [this.step[j], this.step[i]];
      this.put(i);
      this.put(j);
    };
    trade();
    const delta = this.conflicts - before;
    if (delta <= 0 || r.next() < Math.exp(-delta / t)) return;
    trade();
  }
}

/**
 * The causality faults of a broadcast plan: each message (step and index in it) whose sender does
 * not hold its block before that step (the block's origin holds it from the start; a receiver from
 * the step after it arrives), with the step it gets the block (null: never).
 */
export function planFaults(plan: NocPlan, origin: readonly number[]): PlanFault[] {
  const got = new Map<string, number>();
  plan.steps.forEach((msgs, s) =>
    msgs.forEach((m) => {
      const key = `${m.block}/${m.to}`;
      if (!got.has(key)) got.set(key, s);
    }),
  );
  const faults: PlanFault[] = [];
  plan.steps.forEach((msgs, s) =>
    msgs.forEach((m, message) => {
      if (origin[m.block] === m.from) return;
      const at = got.get(`${m.block}/${m.from}`);
      if (at === undefined || at >= s) faults.push({ step: s, message, holds: at ?? null });
    }),
  );
  return faults;
}
