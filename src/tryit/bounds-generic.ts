import type { ListedBlocks } from '../kernel/model/schedule';
import type { Topology } from '../kernel/model/topology';
import type { ExerciseModel } from './exercise-model';

/**
 * A lower bound of an exercise, with its argument as data the page can draw: the processors or
 * vertices and links it is about, and the count that is divided by what a step can carry.
 */
export interface TryBound {
  id: string;
  label: string;
  /** What no schedule can beat, in `unit`. */
  value: number;
  /** `steps`, `s` (seconds, under the model's cost) or the model's own unit ("message units"). */
  unit: string;
  /** The argument in words, with its numbers. */
  why: string;
  /** Where it comes from: a paper and equation, or "ours" and the argument's name. */
  source: string;
  /**
   * `any`: every schedule obeys it. `direct`: only schedules that relay no block (each block goes
   * straight from its origin to every destination), shown for comparison; never the binding bound.
   */
  scope: 'any' | 'direct';
  argument: BoundArgument;
}

/** A bound's argument on the network: what to mark, and the division that gives the value. */
export interface BoundArgument {
  /** Vertices to mark (processors, or a network's routers and couplers: topology vertex ids). */
  vertices?: number[];
  /** Directed links to mark (the links a count must cross, a node's ports). */
  links?: number[];
  /** A block the argument follows. */
  block?: number;
  /** What must cross or arrive, in all. */
  count?: number;
  /** What can cross or arrive per step (for `spread`: the factor holders multiply by per step). */
  perStep?: number;
}

const plural = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

/** Whether node v must end holding block b (its origin counts as holding it). */
export function needs(blocks: ListedBlocks, v: number, b: number): boolean {
  const d = blocks.destinations;
  if (d.kind === 'all') return true;
  const [a, e] = d.kind === 'single' ? [b, b + 1] : [d.offsets[b], d.offsets[b + 1]];
  for (let i = a; i < e; i++) if (d.nodes[i] === v) return true;
  return false;
}

/** How many nodes must hold block b at the end, its origin included. */
function reach(blocks: ListedBlocks, b: number, n: number): number {
  const d = blocks.destinations;
  if (d.kind === 'all') return n;
  const [a, e] = d.kind === 'single' ? [b, b + 1] : [d.offsets[b], d.offsets[b + 1]];
  let k = 1;
  for (let i = a; i < e; i++) if (d.nodes[i] !== blocks.origin[b]) k++;
  return k;
}

/** Steps for holders to go from 1 to `x` when they multiply by at most `factor` a step. */
export function spreadSteps(x: number, factor: number): number {
  let steps = 0;
  for (let held = 1; held < x; held *= factor) steps++;
  return steps;
}

/** Links into (out of) vertex v. */
export function linksAt(t: Topology, v: number, into: boolean): number[] {
  const out: number[] = [];
  for (let l = 0; l < t.linkCount; l++) if ((into ? t.linkTo[l] : t.linkFrom[l]) === v) out.push(l);
  return out;
}

/**
 * A bound from the ports: the node with the most `counts` (blocks to take in, or to send) moves at
 * most `perStep` of them a step, over its links in (`into`) or out.
 */
function portBound(
  t: Topology,
  counts: Uint32Array,
  perStep: number,
  into: boolean,
  words: { id: string; label: string; why: (v: number) => string },
): TryBound {
  const v = counts.reduce((best, x, u) => (x > counts[best] ? u : best), 0);
  return {
    id: words.id,
    label: words.label,
    value: Math.ceil(counts[v] / perStep),
    unit: 'steps',
    why: words.why(v),
    source: 'ours (ports and one block per transfer)',
    scope: 'any',
    argument: { vertices: [v], links: linksAt(t, v, into), count: counts[v], perStep },
  };
}

/** The processor with the most links coming in (the first such). */
function widestIn(t: Topology): number {
  const into = new Uint32Array(t.nodeCount);
  for (let l = 0; l < t.linkCount; l++) if (t.linkTo[l] < t.nodeCount) into[t.linkTo[l]]++;
  return into.reduce((best, k, v) => (k > into[best] ? v : best), 0);
}

/**
 * Bounds that follow from the ports and the blocks alone, for any model (ours):
 * - receive: a node must take in every block it lacks, at most rx transfers a step of one block each
 *   (only when transfers carry one block: otherwise one transfer could bring them all);
 * - send: a block's origin must send it once at least, at most tx transfers of one block a step;
 * - spread: in a step every holder of a block passes it to at most tx × fanout others, so holders
 *   multiply by 1 + tx × fanout at most. For a reduction the same holds of a partial's size: a
 *   processor folds in at most rx partials a step, none larger than the largest.
 */
export function genericBounds(
  t: Topology,
  blocks: ListedBlocks,
  model: ExerciseModel,
  reduction: boolean,
): TryBound[] {
  const n = t.nodeCount;
  const B = blocks.count;
  const ports = model.ports;
  const out: TryBound[] = [];
  if (!reduction && model.oneBlock && ports) {
    const lack = new Uint32Array(n);
    const own = new Uint32Array(n);
    for (let b = 0; b < B; b++) {
      const o = blocks.origin[b];
      let wanted = false;
      for (let v = 0; v < n; v++)
        if (v !== o && needs(blocks, v, b)) {
          lack[v]++;
          wanted = true;
        }
      if (wanted && o < n) own[o]++;
    }
    out.push(
      portBound(t, lack, ports.rx, true, {
        id: 'receive',
        label: 'receive: blocks a node lacks, one per transfer',
        why: (v) =>
          `node ${v} must receive ${plural(lack[v], 'block')} and takes in at most ${ports.rx} a step (${plural(ports.rx, 'transfer')} of one block)`,
      }),
      portBound(t, own, ports.tx, false, {
        id: 'send',
        label: 'send: blocks a node must send, one per transfer',
        why: (v) =>
          `node ${v} must send ${plural(own[v], 'block')} of its own and sends at most ${ports.tx} a step`,
      }),
    );
  }
  if (reduction && ports) {
    const factor = 1 + ports.rx;
    out.push({
      id: 'spread',
      label: 'spread: a partial at most multiplies by 1 + rx a step',
      value: spreadSteps(n, factor),
      unit: 'steps',
      why: `a processor folds in at most ${plural(ports.rx, 'partial')} a step, none larger than the largest, so the largest partial grows at most ${factor}-fold a step and needs ${spreadSteps(n, factor)} steps to combine all ${n} contributions`,
      source: 'ours (ports)',
      scope: 'any',
      // Drawn at the processor with the most links in: even it folds in at most rx partials a step.
      argument: { vertices: [widestIn(t)], links: linksAt(t, widestIn(t), true), count: n, perStep: factor },
    });
  } else if (ports) {
    let b = 0;
    for (let c = 1; c < B; c++) if (reach(blocks, c, n) > reach(blocks, b, n)) b = c;
    const x = B > 0 ? reach(blocks, b, n) : 1;
    const factor = 1 + ports.tx * (ports.fanout ?? n);
    out.push({
      id: 'spread',
      label: 'spread: holders of a block at most multiply by 1 + tx × fanout a step',
      value: spreadSteps(x, factor),
      unit: 'steps',
      why: `block ${b} must reach ${plural(x, 'node')}; each holder passes it to at most ${factor - 1} others a step (${plural(ports.tx, 'transfer')} × ${plural(ports.fanout ?? n, 'receiver')}), so holders grow at most ${factor}-fold a step`,
      source: 'ours (ports)',
      scope: 'any',
      argument: { block: b, vertices: [blocks.origin[b]], count: x, perStep: factor },
    });
  }
  return out;
}
