import type { Collective, ListedBlocks } from '../kernel/model/schedule';
import type { Topology, NetworkKind } from '../kernel/model/topology';
import { num, type ParamValues } from '../kernel/params/schema';
import { circuitModelOf } from '../families/circuit/circuit-time';
import { lowerBounds, type Bound } from '../families/noc/noc-bounds';
import { channelBase, processorsOf, type NocNetwork } from '../families/noc/noc-network';
import { communicationFromParams, networkOf } from '../families/noc/noc-params';
import { lemma1Ring, oneStageLoad } from '../families/ring/optree/optree-formulas';
import { lowerBounds as starLowerBounds } from '../families/star/star-formulas';
import { shapeOf } from '../families/star/star-params';
import { genericBounds, linksAt, type TryBound } from './bounds-generic';
import type { ExerciseModel } from './exercise-model';
import { circuitBlockBytes } from './attempt-time';

export type { TryBound, BoundArgument } from './bounds-generic';

/** What the bounds of an exercise are computed from. */
export interface BoundInput {
  kind: NetworkKind;
  algorithm: string;
  collective: Collective;
  params: ParamValues;
  topology: Topology;
  blocks: ListedBlocks;
  model: ExerciseModel;
  reduction: boolean;
}

/**
 * Every lower bound of an exercise, the families' own (NoC paper Table 1 and ours, noc-bounds.ts;
 * the star paper's Table 1; Lemma 1's cut on the ring, for schedules that relay nothing) and the
 * generic ones of bounds-generic.ts (ports, one block per transfer, spread).
 */
export function exerciseBounds(x: BoundInput): TryBound[] {
  if (x.kind === 'noc') return nocBounds(x.params, x.topology);
  const out = genericBounds(x.topology, x.blocks, x.model, x.reduction);
  if (x.kind === 'wdm-ring' && x.collective === 'allgather') out.push(ringDirectBound(x.topology));
  if (x.kind === 'star') {
    const time = starTimeBound(x);
    if (time) out.push(time);
  }
  if (x.kind === 'circuit') out.push(circuitTimeBound(x));
  return out;
}

/** The bound that binds: the largest in steps that every schedule obeys (1 when something must move). */
export function bindingBound(bounds: readonly TryBound[]): TryBound {
  let best: TryBound = {
    id: 'move',
    label: 'something must move',
    value: 1,
    unit: 'steps',
    why: 'some block is not yet where it must be, so one step at least',
    source: 'ours',
    scope: 'any',
    argument: {},
  };
  for (const b of bounds) if (b.unit === 'steps' && b.scope === 'any' && b.value > best.value) best = b;
  return best;
}

/**
 * Lemma 1 of the OpTree paper, as its cut: with no relaying, each of the ⌊N/2⌋·⌈N/2⌉ ordered pairs
 * across a cut into halves needs a lightpath over one of the two directed links out of one half.
 */
function ringDirectBound(t: Topology): TryBound {
  const n = t.nodeCount;
  const w = t.linkChannels[0];
  const half = Math.floor(n / 2);
  const load = oneStageLoad(n);
  const side = Array.from({ length: half }, (_, i) => i);
  return {
    id: 'lemma1',
    label: 'cut of the ring, if no block is relayed (Lemma 1)',
    value: Math.ceil(load / w),
    unit: 'steps',
    why: `nodes 0–${half - 1} send ${half * (n - half)} blocks straight to the other ${n - half} nodes over two links out (clockwise ${half - 1}→${half}, counter-clockwise 0→${n - 1}): ${load} lightpaths on the busier one, ${w} a step (Lemma 1: ⌈N²/8⌉ = ${lemma1Ring(n)}; for odd N the exact cut is one less). Relaying beats it.`,
    source: 'OpTree paper, Lemma 1 (ring), as a cut',
    scope: 'direct',
    argument: { vertices: side, links: [half - 1, n], count: 2 * load, perStep: 2 * w },
  };
}

/** The star paper's Table 1: communication time no schedule beats (message units). */
function starTimeBound(x: BoundInput): TryBound | null {
  const shape = shapeOf(x.params);
  const m = 'messages' in x.params ? num(x.params, 'messages') : 1;
  const pick: Partial<Record<Collective, [number, string]>> = {
    scatter: [
      starLowerBounds.scatter(shape),
      `the root sends ${shape.p - 1} messages through ${shape.k} transmitters`,
    ],
    gather: [
      starLowerBounds.scatter(shape),
      `the root takes in ${shape.p - 1} messages through ${shape.k} receivers`,
    ],
    broadcast: [
      starLowerBounds.broadcast(shape, m),
      `the source pushes ${m} messages through ${shape.k} transmitters`,
    ],
    gossip: [
      starLowerBounds.gossip(shape, m),
      `every node takes in ${(shape.p - 1) * m} messages through ${shape.k} receivers`,
    ],
    multiscatter: [
      starLowerBounds.multiscatter(shape),
      `every node takes in ${shape.p - 1} messages through ${shape.k} receivers`,
    ],
  };
  const got = pick[x.collective];
  if (!got) return null;
  return {
    id: 'star-table1',
    label: 'communication time (Table 1)',
    value: got[0],
    unit: 'message units',
    why: `${got[1]}: ${got[0].toFixed(3).replace(/\.?0+$/, '')} message units at least (Σ over steps of the largest message)`,
    source: 'passive-star paper, Table 1',
    scope: 'any',
    // The root and the links its messages leave by (scatter, broadcast) or arrive by (gather); for a
    // gossip or multiscatter, where every node takes in as much, node 0 and its links in as the example.
    argument: {
      vertices: [0],
      links: linksAt(
        x.topology,
        0,
        x.collective === 'scatter' || x.collective === 'broadcast' ? false : true,
      ),
    },
  };
}

/**
 * Time on the circuit switch (ours, from the ReTri paper's cost model, Sec. 3.4): node v's own blocks
 * for others leave it over its two circuits, so over all phases the busier one carries ⌈c_v / 2⌉ of
 * them; a schedule has a phase (α_s) and a hop (α_h) at least.
 */
function circuitTimeBound(x: BoundInput): TryBound {
  const n = x.topology.nodeCount;
  const own = new Uint32Array(n);
  const d = x.blocks.destinations;
  for (let b = 0; b < x.blocks.count; b++) {
    const o = x.blocks.origin[b];
    const to = d.kind === 'single' ? d.nodes[b] : -1;
    if (to !== o) own[o]++;
  }
  let v = 0;
  for (let u = 1; u < n; u++) if (own[u] > own[v]) v = u;
  const model = circuitModelOf(x.params);
  const bytes = circuitBlockBytes(x.params, x.blocks.count);
  const carried = Math.ceil(own[v] / 2);
  const seconds = model.phase + model.hop + carried * bytes * model.beta;
  return {
    id: 'circuit-time',
    label: 'time: a node’s blocks leave over its two circuits',
    value: seconds,
    unit: 's',
    why: `node ${v} sends ${own[v]} blocks of its own over its two circuits: ${carried} over the busier one, ${bytes.toFixed(0)} B each, plus one phase start α_s and one hop α_h`,
    source: 'ours (ReTri paper’s cost model, Sec. 3.4)',
    scope: 'any',
    argument: { vertices: [v], count: own[v], perStep: 2 },
  };
}

/** The NoC family's bounds (noc-bounds.ts) with their argument on the exercise's network. */
function nocBounds(p: ParamValues, t: Topology): TryBound[] {
  const net = networkOf(p);
  const c = communicationFromParams(p);
  return lowerBounds(net, c).map((b) => ({
    id: b.id,
    label: b.label,
    value: b.value,
    unit: 'steps',
    why: b.why,
    source: b.source,
    scope: 'any',
    argument: nocArgument(net, t, b, c.senders),
  }));
}

/** A NoC bound's `where` as vertices and links: a processor and its ports, or routers and the channels out of them. */
function nocArgument(net: NocNetwork, t: Topology, b: Bound, senders: number[]): TryBound['argument'] {
  const P = processorsOf(net);
  if (b.where?.processor !== undefined) {
    const v = b.where.processor;
    const links: number[] = [];
    for (let l = 0; l < channelBase(net); l++) if (t.linkFrom[l] === v || t.linkTo[l] === v) links.push(l);
    return { vertices: [v], links };
  }
  if (b.where?.routers) {
    const inside = new Set(b.where.routers.map((r) => P + r));
    const links: number[] = [];
    for (let l = channelBase(net); l < t.linkCount; l++)
      if (inside.has(t.linkFrom[l]) !== inside.has(t.linkTo[l])) links.push(l);
    return { vertices: [...inside], links };
  }
  // A bound that names no place (a broadcast's doubling from its one source): its source, ringed.
  return senders.length === 1 ? { vertices: [senders[0]] } : {};
}
