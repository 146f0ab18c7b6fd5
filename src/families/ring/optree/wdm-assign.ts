/**
 * Wavelength assignment on a WDM ring: every lightpath of one stage gets a colour, and colour c
 * becomes (step ⌊c/w⌋ of the stage, wavelength c mod w). Lightpaths of one colour never share a
 * directed link, so a step never puts two lightpaths on one wavelength of one link.
 *
 * The clockwise and counter-clockwise fibres are separate resources, so each direction is coloured
 * on its own (counter-clockwise arcs are mirrored onto the clockwise frame first).
 *
 * Per direction the colouring cuts the ring at the link N−1 → 0:
 * 1. Arcs crossing the cut get distinct colours. Such a colour is then free on the line only from the
 *    node where its crossing arc ends up to the node where it starts (its "deadline").
 * 2. The other arcs are intervals on the line 0 … N−1. A sweep from node 0 gives each interval (longest
 *    first among those starting at the same node) a free colour whose deadline it meets exactly, so
 *    that the colour's line is tiled without a gap; failing that, the free colour with the latest
 *    deadline, which leaves the most room; only when none is free does it open a new colour.
 * Without crossing arcs (a stage routed inside segments of the ring) this is the left-endpoint greedy
 * for interval graphs, which is optimal: the colours equal the largest link load. With crossing arcs
 * it is a heuristic; the link load stays the lower bound and callers report the ratio. On the
 * all-to-all of the one-stage model and the stages of OpTree it meets the load exactly in every case
 * the tests try (docs/models/one-stage.md).
 *
 * The same function serves building (colours written out) and counting (`countOnly`: only the totals),
 * so a search over trees measures exactly what the builder would construct.
 *
 * The sweep itself is ring-sweep.ts; the colour runs it writes are colour-runs.ts.
 */
import { ArcLoads } from '../../../kernel/model/arc-loads';
import { RunsBuilder, type ArcBundles, type ColourRuns } from './colour-runs';

export type { ArcBundles, ColourRuns } from './colour-runs';
import { sweep } from './ring-sweep';

export interface DirectionResult {
  /** Most lightpaths on one directed link of this direction: no assignment can use fewer colours. */
  load: number;
  /** Colours the assignment used. */
  colours: number;
}

export interface Assignment {
  cw: DirectionResult;
  ccw: DirectionResult;
  /** The colours, as runs per bundle (null when counting only). */
  runs: ColourRuns | null;
  lightpaths: number;
}

/** Colours the bundles of one stage on a ring of `n` nodes. */
export function assignWavelengths(n: number, arcs: ArcBundles, countOnly = false): Assignment {
  let lightpaths = 0;
  for (let b = 0; b < arcs.count; b++) lightpaths += arcs.mult[b];
  const runs = countOnly ? null : new RunsBuilder(arcs.count);
  const loads = linkLoads(n, arcs);
  const cw = colourDirection(n, arcs, runs, 1, loads);
  const ccw = colourDirection(n, arcs, runs, -1, loads);
  return { cw, ccw, runs: runs ? runs.done() : null, lightpaths };
}

/**
 * Every lightpath's colour, bundle after bundle (lightpath k of bundle b after those of bundles < b),
 * from a stage's pieces (`hops`: the bundles' signed lengths, for each piece's shift per direction).
 */
export function lightpathColours(pieces: readonly RunsPiece[], hops: Int32Array): Int32Array {
  const out: number[] = [];
  for (const p of [...pieces].sort((x, y) => x.at - y.at)) {
    const { from, to, first, size } = p.proto;
    for (let i = 0; i < p.count; i++) {
      const shift = hops[p.at + i] > 0 ? p.shiftCw : p.shiftCcw;
      for (let r = from[i]; r < to[i]; r++) for (let k = 0; k < size[r]; k++) out.push(first[r] + k + shift);
    }
  }
  return Int32Array.from(out);
}

/**
 * A stage's colours come as pieces: bundles [at, at + count) take the colours of bundles 0 … count − 1
 * of a prototype colouring (an identical set of arcs assigned on its own, possibly turned round the
 * ring), shifted by `shiftCw` on clockwise arcs and `shiftCcw` on counter-clockwise ones. The builder
 * reads the prototype's runs directly, so equal pieces of a stage are coloured, and stored, once.
 */
export interface RunsPiece {
  at: number;
  count: number;
  proto: ColourRuns;
  shiftCw: number;
  shiftCcw: number;
}

/** An assignment's colours as the one piece that covers all its bundles. */
export function piecesOf(runs: ColourRuns): RunsPiece[] {
  return [{ at: 0, count: runs.from.length, proto: runs, shiftCw: 0, shiftCcw: 0 }];
}

/**
 * The most lightpaths on one directed link, per direction (the assignment's lower bounds), in one pass
 * over the bundles.
 */
export function directionLoads(n: number, arcs: ArcBundles): { cw: number; ccw: number } {
  const loads = linkLoads(n, arcs);
  return { cw: loads.busiestIn(true), ccw: loads.busiestIn(false) };
}

/** The bundles' lightpaths per directed link (both directions, the assignment's frames). */
function linkLoads(n: number, arcs: ArcBundles): ArcLoads {
  const loads = new ArcLoads(n, false);
  const { src, hops, mult } = arcs;
  for (let b = 0; b < arcs.count; b++) loads.add(src[b], hops[b], mult[b], mult[b]);
  return loads;
}

/** A direction's bundles in the clockwise frame. */
interface Frame {
  /** Bundle ids, start node and length of the direction's arcs. */
  ids: Int32Array;
  start: Int32Array;
  len: Int32Array;
}

/** The direction's arcs in the clockwise frame, in one pass over the bundles (null: none). */
function directionFrame(n: number, arcs: ArcBundles, dir: 1 | -1): Frame | null {
  const frame = {
    ids: new Int32Array(arcs.count),
    start: new Int32Array(arcs.count),
    len: new Int32Array(arcs.count),
  };
  const m = fillFrame(n, arcs, dir, frame);
  if (m === 0) return null;
  const { ids, start, len } = frame;
  return { ids: ids.subarray(0, m), start: start.subarray(0, m), len: len.subarray(0, m) };
}

/**
 * The pass of directionFrame; returns how many arcs go the direction's way. Counter-clockwise arcs
 * are mirrored (node v at n − 1 − v, as ArcLoads mirrors them) by arithmetic rather than a branch,
 * so both directions run the same instructions (a branch first taken after the loop got optimised
 * would bail out).
 */
function fillFrame(n: number, arcs: ArcBundles, dir: 1 | -1, frame: Frame): number {
  const { ids, start, len } = frame;
  const mirror = dir > 0 ? 0 : n - 1;
  let m = 0;
  for (let b = 0; b < arcs.count; b++) {
    const h = arcs.hops[b] * dir;
    if (h <= 0) continue;
    ids[m] = b;
    start[m] = mirror + dir * arcs.src[b];
    len[m] = h;
    m++;
  }
  return m;
}

function colourDirection(
  n: number,
  arcs: ArcBundles,
  runs: RunsBuilder | null,
  dir: 1 | -1,
  loads: ArcLoads,
): DirectionResult {
  const frame = directionFrame(n, arcs, dir);
  if (!frame) return { load: 0, colours: 0 };
  const { ids, start, len } = frame;
  const m = ids.length;
  const line = { n, arcs, ids, start, len };
  const { load, links: busiest } = loads.busiestLinks(dir > 0);
  let colours = sweep(line, runs);
  // When the first cut falls short of the load, try cutting at a few of the busiest links (their arcs
  // then all start with colours of their own) and keep the best colouring.
  const tries = [
    busiest[0],
    busiest[busiest.length - 1],
    busiest[busiest.length >> 1],
    busiest[busiest.length >> 2],
  ];
  const tried = new Set<number>([n - 1]);
  const moved = new Int32Array(m);
  for (const cut of tries) {
    if (colours <= load || tried.has(cut)) continue;
    tried.add(cut);
    const shift = n - 1 - cut;
    for (let i = 0; i < m; i++) moved[i] = (start[i] + shift) % n;
    const trial = runs ? new RunsBuilder(arcs.count) : null;
    const again = sweep({ ...line, start: moved }, trial);
    if (again < colours) {
      colours = again;
      if (runs && trial) for (let i = 0; i < m; i++) runs.copy(ids[i], trial);
    }
  }
  return { load, colours };
}
