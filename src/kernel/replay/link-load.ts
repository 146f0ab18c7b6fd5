import { pathLinks } from '../model/paths';
import type { Schedule } from '../model/schedule';
import type { Topology } from '../model/topology';

/** Bins of the grid at most: rows of links and columns of steps (a bin shows its busiest cell). */
export const LINK_LOAD_ROWS = 512;
export const LINK_LOAD_COLS = 1024;
/** How many of the busiest links and steps are listed. */
export const LINK_LOAD_TOP = 10;

/** Bin states (`LinkLoad.state`): some link of the bin exists in some step of it; some cell is over. */
export const BIN_PRESENT = 1;
export const BIN_OVER = 2;

/** One of the busiest links: its use summed over the steps, and its peak. */
export interface BusyLink {
  link: number;
  /** Transfers crossing it, summed over all steps (channel-steps used). */
  uses: number;
  /** Steps in which it carries anything. */
  steps: number;
  /** Most transfers on it in one step, and the first step with that many. */
  peak: number;
  peakStep: number;
  channels: number;
}

/** One of the busiest steps: link uses summed over its links, and its fullest link. */
export interface BusyStep {
  step: number;
  uses: number;
  /** Links that carry anything in it. */
  links: number;
  /** Highest load / channels of a link in it, and that link. */
  peakRatio: number;
  peakLink: number;
}

/**
 * How full every link is in every step: transfers crossing it over the channels it offers. Links are
 * shown grouped by kind and, within a kind, by id (the families number links along the network).
 * The full links × steps table can be 8,192 × 4,095 cells (ring all-gather on 4,096 nodes), so it is
 * kept as a grid of at most LINK_LOAD_ROWS × LINK_LOAD_COLS bins; each bin holds the highest ratio
 * of its cells and which cell that is.
 */
export interface LinkLoad {
  linkCount: number;
  stepCount: number;
  /** Link ids in display order. */
  order: Uint32Array;
  /** Runs of `order` with one link kind: the kind's name, first position, count. */
  groups: { kind: string; first: number; count: number }[];
  rows: number;
  cols: number;
  /** Bin r covers display positions rowStart[r] … rowStart[r+1]−1; bin c covers steps colStart[c]+1 … colStart[c+1]. */
  rowStart: Uint32Array;
  colStart: Uint32Array;
  /** Per bin (r·cols + c): the highest load/channels (a load on a link with no channel counts as the load). */
  ratio: Float32Array;
  /** Per bin: BIN_PRESENT and BIN_OVER bits. */
  state: Uint8Array;
  /** Per bin: the link and the step (1-based) of its busiest cell (the bin's first when idle). */
  hotLink: Uint32Array;
  hotStep: Uint32Array;
  /** Highest ratio anywhere, and cells (link, step) where an exclusive or absent link carries more than it offers. */
  maxRatio: number;
  over: number;
  /** Link uses summed over every link and step (each transfer counts once per link of its route). */
  totalUses: number;
  busiestLinks: BusyLink[];
  busiestSteps: BusyStep[];
}

/** The columns of a schedule that its link load reads (a worker copies them before sending it). */
export type LinkLoadSchedule = Pick<Schedule, 'stepCount' | 'stepStart' | 'src' | 'path' | 'activeLinks'>;
/** The columns of a topology that the link load reads. */
export type LinkLoadTopology = Pick<
  Topology,
  'nodeCount' | 'linkCount' | 'linkChannels' | 'linkKind' | 'linkKinds' | 'linkShared'
>;

/** Links in display order: by kind (in the order of `linkKinds`), then by id. */
export function linkOrder(topo: Pick<Topology, 'linkCount' | 'linkKind' | 'linkKinds'>): Uint32Array {
  const kinds = Math.max(1, topo.linkKinds.length);
  const start = new Uint32Array(kinds + 1);
  for (let l = 0; l < topo.linkCount; l++) start[Math.min(topo.linkKind[l], kinds - 1) + 1]++;
  for (let k = 0; k < kinds; k++) start[k + 1] += start[k];
  const order = new Uint32Array(topo.linkCount);
  for (let l = 0; l < topo.linkCount; l++) order[start[Math.min(topo.linkKind[l], kinds - 1)]++] = l;
  return order;
}

/** Bin starts: `parts` bins over `count` items, item i in bin ⌊i·parts/count⌋. */
function binStarts(count: number, parts: number): Uint32Array {
  const out = new Uint32Array(parts + 1);
  for (let b = 0; b <= parts; b++) out[b] = Math.ceil((b * count) / parts);
  return out;
}

/**
 * The link load of schedule `s` on `topo`. Time O(link uses + links + steps): each step's loads are
 * counted in one array and folded into the bins before the next step. Only the schedule's routes,
 * channels and active links are read, so any schedule on any network (built, read from a file) is
 * counted the same way.
 */
export function linkLoadOf(s: LinkLoadSchedule, topo: LinkLoadTopology): LinkLoad {
  const L = topo.linkCount;
  const S = s.stepCount;
  const order = linkOrder(topo);
  const position = new Uint32Array(L);
  for (let p = 0; p < L; p++) position[order[p]] = p;
  const rows = Math.max(1, Math.min(L, LINK_LOAD_ROWS));
  const cols = Math.max(1, Math.min(S, LINK_LOAD_COLS));
  const rowStart = binStarts(L, rows);
  const colStart = binStarts(S, cols);
  const rowOf = new Uint32Array(L);
  for (let r = 0; r < rows; r++) for (let p = rowStart[r]; p < rowStart[r + 1]; p++) rowOf[order[p]] = r;
  const ratio = new Float32Array(rows * cols);
  const state = new Uint8Array(rows * cols).fill(s.activeLinks ? 0 : BIN_PRESENT);
  const hotLink = new Uint32Array(rows * cols);
  const hotStep = new Uint32Array(rows * cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      hotLink[r * cols + c] = order[rowStart[r]] ?? 0;
      hotStep[r * cols + c] = colStart[c] + 1;
    }

  const count = new Uint32Array(L);
  const touched = new Uint32Array(L);
  const activeStamp = s.activeLinks ? new Uint32Array(L) : null;
  const linkUses = new Float64Array(L);
  const linkSteps = new Uint32Array(L);
  const linkPeak = new Uint32Array(L);
  const linkPeakStep = new Uint32Array(L);
  const steps: BusyStep[] = [];
  const route = new Uint32Array(Math.max(1, L));
  const src = s.src;
  const arcs = s.path.kind === 'ring-arc' && topo.linkCount === 2 * topo.nodeCount ? s.path.hops : null;
  const list = s.path.kind === 'link-list' ? s.path : null;
  const ringSize = topo.nodeCount;
  let maxRatio = 0;
  let over = 0;
  let totalUses = 0;

  let col = 0;
  for (let step = 1; step <= S; step++) {
    while (step > colStart[col + 1]) col++;
    if (activeStamp && s.activeLinks) {
      const a = s.activeLinks;
      for (let i = a.stepStart[step - 1]; i < a.stepStart[step]; i++) {
        const l = a.links[i];
        if (l >= L) continue;
        activeStamp[l] = step;
        state[rowOf[l] * cols + col] |= BIN_PRESENT;
      }
    }
    let nTouched = 0;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      // The routes read in place (this loop runs once per link use): ring arcs as ringLink numbers
      // their links (clockwise i, counter-clockwise n + i), link lists from the schedule's own column.
      let len: number;
      let links: ArrayLike<number> = route;
      let r0 = 0;
      if (arcs) {
        const h = arcs[t];
        len = Math.min(h > 0 ? h : -h, ringSize);
        if (h > 0) for (let i = 0, v = src[t]; i < len; i++, v = v + 1 === ringSize ? 0 : v + 1) route[i] = v;
        else
          for (let i = 0, v = src[t]; i < len; i++, v = v === 0 ? ringSize - 1 : v - 1)
            route[i] = ringSize + v;
      } else if (list) {
        links = list.links;
        r0 = list.offsets[t];
        len = list.offsets[t + 1] - r0;
      } else len = pathLinks(s, topo, t, route);
      for (let i = 0; i < len; i++) {
        const l = links[r0 + i];
        if (l >= L) continue; // a bad link id: the verifier reports it
        if (count[l]++ === 0) touched[nTouched++] = l;
      }
    }
    const info: BusyStep = { step, uses: 0, links: nTouched, peakRatio: 0, peakLink: 0 };
    for (let i = 0; i < nTouched; i++) {
      const l = touched[i];
      const load = count[l];
      count[l] = 0;
      const available = activeStamp && activeStamp[l] !== step ? 0 : topo.linkChannels[l];
      const r = available > 0 ? load / available : load;
      const isOver = load > available && (available === 0 || !topo.linkShared[l]);
      info.uses += load;
      if (r > info.peakRatio) {
        info.peakRatio = r;
        info.peakLink = l;
      }
      linkUses[l] += load;
      linkSteps[l]++;
      if (load > linkPeak[l]) {
        linkPeak[l] = load;
        linkPeakStep[l] = step;
      }
      if (r > maxRatio) maxRatio = r;
      const bin = rowOf[l] * cols + col;
      if (isOver) {
        over++;
        state[bin] |= BIN_OVER;
      }
      if (r > ratio[bin]) {
        ratio[bin] = r;
        hotLink[bin] = l;
        hotStep[bin] = step;
      }
    }
    totalUses += info.uses;
    steps.push(info);
  }

  const busiestLinks: BusyLink[] = topBy(
    Array.from(order).filter((l) => linkUses[l] > 0),
    (l) => linkUses[l],
  ).map((l) => ({
    link: l,
    uses: linkUses[l],
    steps: linkSteps[l],
    peak: linkPeak[l],
    peakStep: linkPeakStep[l],
    channels: topo.linkChannels[l],
  }));
  const busiestSteps = topBy(
    steps.filter((x) => x.uses > 0),
    (x) => x.uses,
  );
  return {
    linkCount: L,
    stepCount: S,
    order,
    groups: groupsOf(topo, order),
    rows,
    cols,
    rowStart,
    colStart,
    ratio,
    state,
    hotLink,
    hotStep,
    maxRatio,
    over,
    totalUses,
    busiestLinks,
    busiestSteps,
  };
}

/** The LINK_LOAD_TOP items with the highest `key`, highest first; ties keep the given order. */
function topBy<T>(items: T[], key: (x: T) => number): T[] {
  const top: T[] = [];
  for (const x of items) {
    const k = key(x);
    if (top.length === LINK_LOAD_TOP && k <= key(top[top.length - 1])) continue;
    let i = top.length;
    while (i > 0 && key(top[i - 1]) < k) i--;
    top.splice(i, 0, x);
    if (top.length > LINK_LOAD_TOP) top.pop();
  }
  return top;
}

function groupsOf(topo: Pick<Topology, 'linkKind' | 'linkKinds'>, order: Uint32Array): LinkLoad['groups'] {
  const groups: LinkLoad['groups'] = [];
  for (let p = 0; p < order.length; p++) {
    const kind = topo.linkKinds[topo.linkKind[order[p]]] ?? 'link';
    const last = groups[groups.length - 1];
    if (last && last.kind === kind) last.count++;
    else groups.push({ kind, first: p, count: 1 });
  }
  return groups;
}

/** The typed arrays of a link load (moved, not copied, when posted). */
export function linkLoadTransferables(x: LinkLoad): ArrayBuffer[] {
  return [x.order, x.rowStart, x.colStart, x.ratio, x.state, x.hotLink, x.hotStep].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** The bin that shows the link at display position `position` in step `step` (1-based). */
export function binOf(x: LinkLoad, position: number, step: number): { row: number; col: number } {
  return {
    row: Math.min(x.rows - 1, Math.floor((position * x.rows) / Math.max(1, x.linkCount))),
    col: Math.min(x.cols - 1, Math.floor(((step - 1) * x.cols) / Math.max(1, x.stepCount))),
  };
}
