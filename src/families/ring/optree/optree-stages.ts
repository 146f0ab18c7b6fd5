/**
 * The lightpaths of every OpTree stage, from a plan (optree-plan.ts): in stage j each slot sends, to
 * every other slot of its subset, each real block it holds, one block per lightpath (the paper's load
 * balance: every wavelength carries d per step). Virtual slots act through their hosts; a lightpath
 * whose host would send to itself is dropped, and so is a second copy to the same host.
 *
 * Routes: stage 1 spans the whole ring and takes the shorter way round; a tie (exactly half the ring)
 * is broken so that antipodal pairs travel the same way, half of the ring each way (tieClockwise).
 * Later stages stay inside their parent group's segment of the ring and take the direct way along it,
 * so groups never share a link (on a segment that is also the shortest way for every pair but possibly
 * the antipodal one, and it is what the paper's line bound assumes).
 *
 * The one-stage model is the tree with a single level of arity N.
 *
 * The per-stage lightpath requests are built in stage-requests.ts; this file colours and assembles them.
 */
import { stageReport, type AssignedStage, type StageColouring } from '../ring-stages';
import { type StageReport } from '../../../kernel/spec';
import type { OptreePlan } from './optree-plan';
import { stageLabel, stageRequest, type OptreeRequest } from './stage-requests';
import {
  assignWavelengths,
  directionLoads,
  piecesOf,
  type ArcBundles,
  type Assignment,
  type RunsPiece,
} from './wdm-assign';

/**
 * Every stage's requests over the whole ring and their colours (what the builder emits). Stage 1
 * spans the ring (colourFirstStage); in a later stage every parent group keeps to its own segment, so
 * groups share no link and all start from colour 0 (colourGroups).
 */
export function assignedStages(plan: OptreePlan): AssignedStage[] {
  const out: AssignedStage[] = [];
  for (let j = 1; j <= plan.stageCount; j++) {
    const request = stageRequest(plan, j, 0, plan.slots, 0, plan.nodes, stageLabel(plan, j));
    const a = j === 1 ? colourFirstStage(plan.nodes, request, null) : colourGroups(plan, j, request);
    if (!a.pieces) throw new Error('a stage coloured without a memo has its colours');
    out.push({ request, assignment: { ...a, pieces: a.pieces } });
  }
  return out;
}

/**
 * Stage 1's colours. Its subsets are spread round the whole ring and share links, but when the
 * arities' product is N, subset r is subset 0 turned r nodes round the ring: one colouring serves
 * them all, each subset on a colour range of its own. That is kept when it meets the link-load bound
 * in both directions (it does for every exact product we test, e.g. 31 744 lightpaths of N = 1024,
 * arities 32,32 from one colouring of 992); otherwise the stage is coloured as a whole. With a memo
 * it only counts (the tree search), through the same steps, so it counts what the builder builds.
 */
function colourFirstStage(n: number, req: OptreeRequest, memo: AssignmentMemo | null): Colouring {
  const stacked = req.subsetStart.length > 2 ? stackedSubsets(n, req, memo) : null;
  if (stacked) return stacked;
  if (memo) return { ...memo.count(n, req.arcs), pieces: null };
  const a = assignWavelengths(n, req.arcs);
  return { ...a, pieces: piecesOf(a.runs!) };
}

/** A stage's colouring; pieces is null when only counting. */
type Colouring = Omit<StageColouring, 'pieces'> & { pieces: RunsPiece[] | null };

/** Subsets on consecutive colour ranges, one colouring per distinct shape; null above the bound. */
function stackedSubsets(n: number, req: OptreeRequest, memo: AssignmentMemo | null): Colouring | null {
  const { arcs, subsetStart } = req;
  const bound = directionLoads(n, arcs);
  const shapes = new ShapeCache(arcs, (at, count) => {
    const part = sliceArcs(arcs, at, count);
    return memo ? memo.count(n, part) : assignWavelengths(n, part);
  });
  const pieces: RunsPiece[] = [];
  let cw = 0;
  let ccw = 0;
  let lightpaths = 0;
  for (let i = 0; i + 1 < subsetStart.length; i++) {
    const at = subsetStart[i];
    const count = subsetStart[i + 1] - at;
    if (count === 0) continue;
    const a = shapes.colouring(at, count);
    if (a.runs) pieces.push({ at, count, proto: a.runs, shiftCw: cw, shiftCcw: ccw });
    cw += a.cw.colours;
    ccw += a.ccw.colours;
    lightpaths += a.lightpaths;
    if (cw > bound.cw || ccw > bound.ccw) return null;
  }
  return {
    cw: { load: bound.cw, colours: cw },
    ccw: { load: bound.ccw, colours: ccw },
    pieces: memo ? null : pieces,
    lightpaths,
  };
}

/**
 * A later stage's colours: every parent group keeps to its own segment of the ring, so all groups
 * use the same colours, and groups of one shape (the same arcs, shifted) share one colouring.
 */
function colourGroups(plan: OptreePlan, stage: number, req: OptreeRequest): StageColouring {
  const { arcs, subsetStart } = req;
  const perGroup = plan.strides[stage - 1];
  const shapes = new ShapeCache(arcs, (at, count) =>
    assignWavelengths(plan.nodes, sliceArcs(arcs, at, count)),
  );
  const pieces: RunsPiece[] = [];
  const cw = { load: 0, colours: 0 };
  const ccw = { load: 0, colours: 0 };
  let lightpaths = 0;
  for (let i = 0; i + 1 < subsetStart.length; i += perGroup) {
    const at = subsetStart[i];
    const count = subsetStart[i + perGroup] - at;
    if (count === 0) continue;
    const a = shapes.colouring(at, count);
    pieces.push({ at, count, proto: a.runs!, shiftCw: 0, shiftCcw: 0 });
    cw.load = Math.max(cw.load, a.cw.load);
    cw.colours = Math.max(cw.colours, a.cw.colours);
    ccw.load = Math.max(ccw.load, a.ccw.load);
    ccw.colours = Math.max(ccw.colours, a.ccw.colours);
    lightpaths += a.lightpaths;
  }
  return { cw, ccw, pieces, lightpaths };
}

/** Bundles at … at + count − 1 of a request as bundles of their own. */
function sliceArcs(arcs: ArcBundles, at: number, count: number): ArcBundles {
  const end = at + count;
  return {
    count,
    src: arcs.src.subarray(at, end),
    hops: arcs.hops.subarray(at, end),
    mult: arcs.mult.subarray(at, end),
  };
}

/**
 * Colourings of runs of bundles, one per shape: two runs have the same shape when their arcs have the
 * same lengths and multiplicities and their senders differ by one fixed turn of the ring, so a
 * colouring of one is a colouring of the other (colours clash only on shared links, and turning the
 * ring turns the links).
 */
export class ShapeCache {
  private readonly byKey = new Map<number, { at: number; count: number; a: Assignment }[]>();

  constructor(
    private readonly arcs: ArcBundles,
    private readonly colour: (at: number, count: number) => Assignment,
  ) {}

  colouring(at: number, count: number): Assignment {
    const key = this.key(at, count);
    const list = this.byKey.get(key) ?? [];
    for (const e of list) if (e.count === count && this.sameShape(e.at, at, count)) return e.a;
    const a = this.colour(at, count);
    list.push({ at, count, a });
    this.byKey.set(key, list);
    return a;
  }

  /** A hash of the run's size and its first few bundles (sameShape compares the whole run). */
  private key(at: number, count: number): number {
    const { src, hops, mult } = this.arcs;
    let h = Math.imul(0x811c9dc5 ^ count, 0x01000193);
    for (let i = at; i < at + Math.min(count, 16); i++) {
      h = Math.imul(h ^ hops[i], 0x01000193);
      h = Math.imul(h ^ mult[i], 0x01000193);
      h = Math.imul(h ^ (src[i] - src[at]), 0x01000193);
    }
    return h;
  }

  private sameShape(p: number, q: number, count: number): boolean {
    const { src, hops, mult } = this.arcs;
    for (let i = 0; i < count; i++)
      if (
        hops[p + i] !== hops[q + i] ||
        mult[p + i] !== mult[q + i] ||
        src[p + i] - src[p] !== src[q + i] - src[q]
      )
        return false;
    return true;
  }
}

/**
 * Stage reports without building the schedule, for searches over trees. Stage 1 goes through
 * colourFirstStage as in the builder; a later stage's groups never share a link, and groups with the
 * same number of real nodes are identical up to a shift, so one group of each size is counted (same
 * code, same result as colourGroups) and the stage needs what its hungriest group needs.
 */
export function countOptree(plan: OptreePlan, w: number, memo = new AssignmentMemo()): StageReport[] {
  const first = stageRequest(plan, 1, 0, plan.slots, 0, plan.nodes, '');
  const reports = [stageReport(1, stageLabel(plan, 1), 1, w, colourFirstStage(plan.nodes, first, memo))];
  let nextStep = reports[0].firstStep + reports[0].steps;
  for (let j = 2; j <= plan.stageCount; j++) {
    const parent = plan.strides[j - 2];
    const shapes = new Map<number, { from: number; firstNode: number; groups: number }>();
    for (let base = 0; base < plan.slots; base += parent) {
      let real = 0;
      let firstNode = -1;
      for (let s = base; s < base + parent; s++)
        if (plan.nodeOfSlot[s] >= 0) {
          if (firstNode < 0) firstNode = plan.nodeOfSlot[s];
          real++;
        }
      const shape = shapes.get(real);
      if (shape) shape.groups++;
      else shapes.set(real, { from: base, firstNode, groups: 1 });
    }
    let load = 0;
    let used = 0;
    let lightpaths = 0;
    for (const [real, sh] of shapes) {
      const req = stageRequest(plan, j, sh.from, sh.from + parent, sh.firstNode, real, '');
      const a = memo.count(real, req.arcs);
      load = Math.max(load, a.cw.load, a.ccw.load);
      used = Math.max(used, a.cw.colours, a.ccw.colours);
      lightpaths += a.lightpaths * sh.groups;
    }
    const r = stageReport(j, stageLabel(plan, j), nextStep, w, {
      cw: { load, colours: used },
      ccw: { load: 0, colours: 0 },
      lightpaths,
    });
    reports.push(r);
    nextStep += r.steps;
  }
  return reports;
}

/**
 * Counted assignments remembered by request: trees of a search share many stages (every tree with the
 * same first arity and exact product has the same stage 1), and the assignment only depends on the
 * ring size and the arcs. Equal requests are found by a hash and then compared in full.
 */
export class AssignmentMemo {
  private readonly entries = new Map<string, { arcs: ArcBundles; result: Assignment }[]>();

  count(n: number, arcs: ArcBundles): Assignment {
    let h = 0x811c9dc5;
    const mix = (x: number) => {
      h = Math.imul(h ^ x, 0x01000193);
    };
    for (let i = 0; i < arcs.count; i++) {
      mix(arcs.src[i]);
      mix(arcs.hops[i]);
      mix(arcs.mult[i]);
    }
    const key = `${n}/${arcs.count}/${h >>> 0}`;
    const list = this.entries.get(key) ?? [];
    for (const e of list) if (sameArcs(e.arcs, arcs)) return e.result;
    const result = assignWavelengths(n, arcs, true);
    list.push({ arcs, result });
    this.entries.set(key, list);
    return result;
  }
}

function sameArcs(a: ArcBundles, b: ArcBundles): boolean {
  if (a.count !== b.count) return false;
  for (let i = 0; i < a.count; i++)
    if (a.src[i] !== b.src[i] || a.hops[i] !== b.hops[i] || a.mult[i] !== b.mult[i]) return false;
  return true;
}
