import type { TryView } from '../../src/tryit/try-view';

/**
 * What the page works out by itself while the student picks a transfer (no core needed): who holds
 * what before the step being edited, the blocks a sender can send, and the default choice of blocks.
 */

/** The transfer being picked. */
export interface Picking {
  from: number | null;
  to: number[];
  /** Blocks chosen by hand (null: the page's default for the sender and receivers). */
  blocks: number[] | null;
  /** A transfer of the current step picked in the list or on the picture. */
  selected: number | null;
}

export const NO_PICK: Picking = { from: null, to: [], blocks: null, selected: null };

/** Whether node v holds block b before step `step` (0-based) of the attempt. */
export function holdsBefore(v: TryView, step: number, node: number, b: number): boolean {
  const h = v.check.holdings;
  if (node >= h.nodes || b >= h.blocks) return false;
  return h.arrival[node * h.blocks + b] <= step;
}

/** Blocks the sender holds before the step being edited. */
export function sendable(v: TryView, from: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < v.board.blockNames.length; b++) if (holdsBefore(v, v.attempt.at, from, b)) out.push(b);
  return out;
}

/**
 * The blocks sent unless the student picks others: for a reduction the sender's whole partial;
 * otherwise what a receiver still needs of what the sender holds — only the first on a one-block
 * model (its rules say so) — or, when no receiver needs anything, the sender's first block.
 */
export function defaultBlocks(v: TryView, p: Picking): number[] {
  if (p.from === null) return [];
  const can = sendable(v, p.from);
  if (v.board.reduction) return can;
  const B = v.board.blockNames.length;
  const useful = can.filter((b) =>
    p.to.some((r) => v.board.target[r * B + b] === 1 && !holdsBefore(v, v.attempt.at, r, b)),
  );
  const oneBlock = v.board.rules.some((r) => r.includes('carries one block'));
  const chosen = useful.length ? useful : can.slice(0, 1);
  return oneBlock ? chosen.slice(0, 1) : chosen;
}

export const blocksOf = (v: TryView, p: Picking) => p.blocks ?? defaultBlocks(v, p);

/**
 * A node picked (clicked, or typed by number): the first is the sender, the next receivers; picking
 * a receiver again drops it, picking the sender again starts over.
 */
export function pickNode(p: Picking, node: number): Picking {
  if (p.from === null) return { ...p, from: node, to: [], blocks: null, selected: null };
  if (node === p.from) return { from: null, to: [], blocks: null, selected: null };
  const to = p.to.includes(node) ? p.to.filter((x) => x !== node) : [...p.to, node];
  return { ...p, to, blocks: null };
}

/**
 * The transfer still selected after an answer: the same one when the exercise, the step and the
 * step's transfer count are unchanged (its route or channel changed, a hint shown), else none. The
 * sender and receivers being picked are cleared by every answer (an added transfer starts a new pick).
 */
export function keptSelection(old: TryView | null, next: TryView, selected: number | null): number | null {
  if (!old || selected === null) return null;
  const same =
    old.board.name === next.board.name &&
    old.board.goal === next.board.goal &&
    old.board.vertices === next.board.vertices &&
    old.attempt.at === next.attempt.at &&
    old.attempt.steps[old.attempt.at]?.transfers.length ===
      next.attempt.steps[next.attempt.at]?.transfers.length;
  return same && selected < (next.attempt.steps[next.attempt.at]?.transfers.length ?? 0) ? selected : null;
}
