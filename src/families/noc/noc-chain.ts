import type { Job } from '../../kernel/jobs';
import type { ChainOutcome, ChainTask } from '../../kernel/spec';
import { rng, type Rng } from '../../kernel/util/rng';
import { channelBase, processorsOf } from './noc-network';
import { planOfChoices, routedMessages, type NocRoutes, type RoutedMessage } from './noc-paths';
import type { NocPlan } from './noc-constructive';
import { StepUsage } from './noc-usage';

/**
 * One chain of the NoC scatter search (see noc-anneal.ts for the search as a whole): the genes
 * (each message's step and path), the problem they are scored against, and one round of moves
 * (`chainJob`). A chain's round depends on nothing but its task — genes, target, temperature and a
 * seed of its own (`chainSeed`) — so the chains of a round can run on any worker, in any order.
 */

/** Places a move tries for the message it lifts, besides its old one. */
const PROPOSALS = 6;

/** Share of moves that look for a conflicting message first, and how many draws they try. */
const CONFLICT_PICKS = 0.9;
const PICK_TRIES = 40;

/**
 * A chain's genes: a step and a path index per message; a broadcast's genes (one per block and
 * receiver) also name the processor that sends it (`parent`: the block's origin, or a receiver that
 * holds it earlier — a relay).
 */
export interface Genes {
  step: Uint32Array;
  path: Uint16Array;
  parent?: Uint16Array;
}

/** A copy of genes (the parents' arrays stay theirs). */
export const copyGenes = (g: Genes): Genes => ({
  step: g.step.slice(),
  path: g.path.slice(),
  ...(g.parent ? { parent: g.parent.slice() } : {}),
});

/** A chain's state at a target: its genes, their conflicts, and the move that changes them. */
export interface ChainSolution {
  readonly conflicts: number;
  readonly step: Uint32Array;
  readonly path: Uint16Array;
  readonly parent?: Uint16Array;
  /** One annealing move at temperature t. */
  move(t: number, r: Rng): void;
}

/**
 * What a search works on — the scatter's messages (`ChainProblem`) or the broadcast's (block,
 * receiver) pairs (`BroadcastProblem`): one framework (rounds, master, chains), two kinds of problem.
 */
export interface SearchProblem {
  readonly routes: NocRoutes;
  /** Genes: one per message of a scatter, one per (block, receiver) of a broadcast. */
  readonly size: number;
  /** A valid plan's genes. */
  genesOf(plan: NocPlan): Genes;
  /** The plan genes describe, in `target` steps (empty steps dropped). */
  planOf(genes: Genes, target: number): NocPlan;
  /** A chain's state from genes (it takes their arrays as its own). */
  solution(genes: Genes, target: number): ChainSolution;
  /** The hybrid's crossover of two parents, with a share `mutate` of genes drawn anew. */
  breed(a: Genes, b: Genes, target: number, r: Rng, mutate: number): Genes;
  /** A broadcast's causality faults in a plan (a sender that does not hold its block yet). */
  faults?(plan: NocPlan): PlanFault[];
}

/** A message (index `message` in `plan.steps[step]`) whose sender gets its block only in step `holds` (or never). */
export interface PlanFault {
  step: number;
  message: number;
  holds: number | null;
}

/** The messages of a scatter search and the network's sizes: all a chain needs besides its genes. */
export class ChainProblem implements SearchProblem {
  readonly processors: number;
  readonly ports: number;
  readonly base: number;
  readonly channels: number;

  constructor(
    readonly routes: NocRoutes,
    /** In block order: the same list wherever the problem is built from the same configuration. */
    readonly msgs: readonly RoutedMessage[],
  ) {
    const net = routes.net;
    this.processors = processorsOf(net);
    this.ports = net.ports;
    this.base = channelBase(net);
    this.channels = 2 * net.edges.length;
  }

  get size(): number {
    return this.msgs.length;
  }

  solution(genes: Genes, target: number): ChainSolution {
    return new Solution(this, target, genes.step, genes.path);
  }

  /** Uniform crossover of two parents' genes, each gene from one parent; mutation redraws a few. */
  breed(a: Genes, b: Genes, target: number, r: Rng, mutate: number): Genes {
    const n = this.msgs.length;
    const step = new Uint32Array(n);
    const path = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      const from = r.next() < 0.5 ? a : b;
      [step[i], path[i]] = [from.step[i], from.path[i]];
      if (r.next() < mutate) {
        step[i] = r.int(target);
        path[i] = r.int(this.msgs[i].paths.length);
      }
    }
    return { step, path };
  }

  /** A plan's genes: its steps, and the path index each message took. */
  genesOf(plan: NocPlan): Genes {
    const index = new Map<number, number>();
    this.msgs.forEach((m, i) => index.set(m.block, i));
    const step = new Uint32Array(this.msgs.length);
    const path = new Uint16Array(this.msgs.length);
    plan.steps.forEach((msgs, s) =>
      msgs.forEach((m) => {
        // A scatter's block names its message (one per sender and receiver).
        const i = index.get(m.block)!;
        step[i] = s;
        const inner = m.links.slice(1, -1).join();
        path[i] = Math.max(
          0,
          this.msgs[i].paths.findIndex((p) => p.join() === inner),
        );
      }),
    );
    return { step, path };
  }

  /** The plan genes describe, in `target` steps (empty steps dropped). */
  planOf(genes: Genes, target: number): NocPlan {
    return planOfChoices(this.routes, this.msgs, target, (i) => [genes.step[i], genes.path[i]]);
  }
}

/** The messages of a plan in block order (how `ChainProblem` lists them). */
export function messagesByBlock(routes: NocRoutes, plan: NocPlan): RoutedMessage[] {
  return routedMessages(routes, plan).sort((a, b) => a.block - b.block);
}

/** One chain's solution: its genes, with the usage they make. */
class Solution implements ChainSolution {
  private readonly usage: StepUsage;

  constructor(
    private readonly s: ChainProblem,
    readonly target: number,
    readonly step: Uint32Array,
    readonly path: Uint16Array,
  ) {
    this.usage = new StepUsage(target, s);
    for (let i = 0; i < s.msgs.length; i++) this.add(i, 1);
  }

  get conflicts(): number {
    return this.usage.conflicts;
  }

  /** Adds (sign 1) or removes (−1) message i's usage, keeping the conflict count. */
  add(i: number, sign: 1 | -1): void {
    const m = this.s.msgs[i];
    this.usage.add(this.step[i], m.paths[this.path[i]], m.from, m.to, sign);
  }

  /** Conflicts message i would add at its current genes (it must not be counted in the usage). */
  costOf(i: number): number {
    const m = this.s.msgs[i];
    return this.usage.costOf(this.step[i], m.paths[this.path[i]], m.from, m.to);
  }

  /** Is message i in a conflict: a channel of its path, its sender's or receiver's port over the limit? */
  inConflict(i: number): boolean {
    const m = this.s.msgs[i];
    return this.usage.clashes(this.step[i], m.paths[this.path[i]], m.from, m.to);
  }

  move(t: number, r: Rng): void {
    move(this.s, this, t, r);
  }
}

/** Conflicts of genes in `target` steps, as the search counts them (the fitness). */
export function conflictsOf(s: SearchProblem, genes: Genes, target: number): number {
  return s.solution(copyGenes(genes), target).conflicts;
}

/**
 * One move on chain x at temperature t: a message (mostly one in a conflict) is lifted out and put
 * back at the best of a few drawn (step, path) pairs, its old place among them (min-conflicts); the
 * move is kept by the Metropolis rule on the change in conflicts.
 */
function move(s: ChainProblem, x: Solution, t: number, r: Rng): void {
  const n = s.msgs.length;
  // Mostly a message in a conflict (found among a few drawn at random): on a big instance a random
  // message is almost never one of the few that conflict.
  let i = r.int(n);
  if (x.conflicts > 0 && r.next() < CONFLICT_PICKS)
    for (let k = 0; k < PICK_TRIES && !x.inConflict(i); k++) i = r.int(n);
  const m = s.msgs[i];
  const [oldStep, oldPath] = [x.step[i], x.path[i]];
  const before = x.conflicts;
  x.add(i, -1);
  let [bestStep, bestPath, bestCost] = [oldStep, oldPath, x.costOf(i)];
  for (let k = 0; k < PROPOSALS; k++) {
    x.step[i] = r.next() < 0.7 ? r.int(x.target) : oldStep;
    x.path[i] = m.paths.length > 1 && r.next() < 0.6 ? r.int(m.paths.length) : oldPath;
    const cost = x.costOf(i);
    if (cost < bestCost || (cost === bestCost && r.next() < 0.5))
      [bestStep, bestPath, bestCost] = [x.step[i], x.path[i], cost];
  }
  [x.step[i], x.path[i]] = [bestStep, bestPath];
  x.add(i, 1);
  const delta = x.conflicts - before;
  if (delta <= 0 || r.next() < Math.exp(-delta / t)) return;
  x.add(i, -1);
  [x.step[i], x.path[i]] = [oldStep, oldPath];
  x.add(i, 1);
}

/**
 * One chain's round (a task of the master): `task.moves` moves from its genes at its temperature,
 * cooling every `coolEvery`, yielding after each cooling period; it stops early at zero conflicts.
 * Takes the task's arrays as its own and returns them changed. Depends on nothing but the task.
 */
export function* chainJob(s: SearchProblem, task: ChainTask): Job<ChainOutcome> {
  const r = rng(task.seed);
  const x = s.solution(task, task.target);
  let t = task.temperature;
  let made = 0;
  let fewest = x.conflicts;
  while (made < task.moves && x.conflicts > 0) {
    const end = Math.min(task.moves, made + task.coolEvery);
    while (made < end && x.conflicts > 0) {
      x.move(t, r);
      made++;
    }
    fewest = Math.min(fewest, x.conflicts);
    if (made === end && made % task.coolEvery === 0) t = Math.max(0.05, t * 0.97);
    if (x.conflicts > 0 && made < task.moves) yield;
  }
  return {
    chain: task.chain,
    step: x.step,
    path: x.path,
    ...(x.parent ? { parent: x.parent } : {}),
    conflicts: x.conflicts,
    fewest,
    moves: made,
    temperature: t,
  };
}

/** A 32-bit mix of two numbers (murmur3's finaliser over their combination). */
function mix(a: number, b: number): number {
  let h = Math.imul((a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b)) >>> 0, 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x1b873593);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of a chain's round: from the search's seed, the round and the chain, nothing else. */
export const chainSeed = (seed: number, round: number, chain: number) => mix(mix(seed, round), chain);

/** Squeezes genes into `target` steps: the messages of later steps go to random earlier ones. */
export function squeeze(genes: Genes, target: number, r: Rng): Genes {
  return { ...copyGenes(genes), step: genes.step.map((s) => (s < target ? s : r.int(target))) };
}

/** An outcome's genes (its own arrays). */
export const genesOfOutcome = (o: ChainOutcome): Genes => ({
  step: o.step,
  path: o.path,
  ...(o.parent ? { parent: o.parent } : {}),
});
