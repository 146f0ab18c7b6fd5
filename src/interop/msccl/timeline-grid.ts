/**
 * The rank × threadblock timeline laid out for the page (made in the worker, read on the main
 * thread): one row per threadblock, grouped by rank in the file's order; one column per step of the
 * schedule shown, 0 … stepCount (column 0: before the first message); each step of the file placed in
 * the column by whose end it had finished. A step that sends or receives sits in its message's step
 * (in the stretched schedule when that is shown); a local step in the step its threadblock reached it.
 */
import type { ThreadblockTimeline } from './timeline';

export interface TimelineGrid {
  rows: number;
  /** Row r holds the timeline's steps rowStart[r] … rowStart[r + 1] − 1, in program order. */
  rowStart: Uint32Array;
  /** Steps of the schedule shown: columns 0 … columns. */
  columns: number;
  /** Per timeline step: its column, −1 when it never runs. Never decreasing within a row. */
  column: Int32Array;
  /** Per timeline step: the transfer of the schedule shown it sends (else receives), −1 for none. */
  transfer: Int32Array;
  /** Per transfer of the schedule shown: its step (1-based). */
  stepOfTransfer: Uint32Array;
}

/**
 * Lays the timeline out on the schedule shown. `shownOf` maps the imported schedule's transfers to
 * the shown one's (null: the imported schedule is shown); `stepStart` is the shown schedule's.
 */
export function timelineGrid(
  t: ThreadblockTimeline,
  shownOf: Int32Array | null,
  stepStart: Uint32Array,
): TimelineGrid {
  const columns = stepStart.length - 1;
  const stepOfTransfer = new Uint32Array(stepStart[columns] ?? 0);
  for (let s = 1; s <= columns; s++) stepOfTransfer.fill(s, stepStart[s - 1], stepStart[s]);
  const n = t.steps;
  const starts: number[] = [];
  for (let i = 0; i < n; i++)
    if (i === 0 || t.rank[i] !== t.rank[i - 1] || t.tb[i] !== t.tb[i - 1] || t.pos[i] === 0) starts.push(i);
  starts.push(n);
  const rowStart = Uint32Array.from(starts);
  const column = new Int32Array(n);
  const transfer = new Int32Array(n).fill(-1);
  const shown = (x: number) => (x < 0 ? -1 : shownOf ? (shownOf[x] ?? -1) : x);
  for (let r = 0; r + 1 < rowStart.length; r++) {
    let before = 0;
    for (let i = rowStart[r]; i < rowStart[r + 1]; i++) {
      const out = shown(t.sends[i]);
      const inn = shown(t.receives[i]);
      transfer[i] = out >= 0 ? out : inn;
      let col: number;
      if (t.finish[i] < 0 || before < 0) col = -1;
      else if (t.sends[i] >= 0 || t.receives[i] >= 0) {
        // A message that is not in the schedule shown never ran.
        const lost = (t.sends[i] >= 0 && out < 0) || (t.receives[i] >= 0 && inn < 0);
        col = lost
          ? -1
          : Math.max(before, out >= 0 ? stepOfTransfer[out] : 0, inn >= 0 ? stepOfTransfer[inn] : 0);
      } else col = shownOf ? before : Math.max(before, t.finish[i]);
      column[i] = col;
      before = col;
    }
  }
  return { rows: rowStart.length - 1, rowStart, columns, column, transfer, stepOfTransfer };
}

/** Maps the imported schedule's transfers to another schedule's, through the importer's messages. */
export function transferMap(
  importedOf: Int32Array,
  otherOf: Int32Array,
  importedTransfers: number,
): Int32Array {
  const map = new Int32Array(importedTransfers).fill(-1);
  for (let m = 0; m < importedOf.length; m++) if (importedOf[m] >= 0) map[importedOf[m]] = otherOf[m] ?? -1;
  return map;
}

/** The first step of row r at or after column c (rowStart[r + 1] when none): columns never decrease in a row. */
export function firstAtOrAfter(g: TimelineGrid, r: number, c: number): number {
  let lo = g.rowStart[r];
  let hi = g.rowStart[r + 1];
  // Steps that never run (−1) come last in a row.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const col = g.column[mid];
    if (col >= 0 && col < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The wait before step i of row r: the columns between its threadblock's previous step (or the
 * start) and step i, in which the threadblock does nothing — it waits for its message, a dependency
 * or, in a stretched schedule, the step the message was moved to. [first, last] columns, or null.
 */
export function waitBefore(g: TimelineGrid, r: number, i: number): [number, number] | null {
  const c = g.column[i];
  if (c < 0) return null;
  const prev = i > g.rowStart[r] ? g.column[i - 1] : 0;
  return prev >= 0 && c - prev > 1 ? [prev + 1, c - 1] : null;
}

/** The steps of row r in column c, as [first, end). */
export function cellSteps(g: TimelineGrid, r: number, c: number): [number, number] {
  const a = firstAtOrAfter(g, r, c);
  let b = a;
  while (b < g.rowStart[r + 1] && g.column[b] === c) b++;
  return [a, b];
}
