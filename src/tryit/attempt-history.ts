import type { Attempt } from './attempt';
import { MAX_UNDO } from './try-limits';

/**
 * Undo and redo as a pure history of whole attempts: attempts share their unchanged steps, so an
 * entry costs one array of steps. Edits `commit`; moving between steps `navigate`s (no entry).
 */
export interface History {
  readonly past: readonly Attempt[];
  readonly present: Attempt;
  readonly future: readonly Attempt[];
}

export const startHistory = (a: Attempt): History => ({ past: [], present: a, future: [] });

/** An edit: the present goes on the undo list (at most MAX_UNDO kept), the redo list is dropped. */
export function commit(h: History, next: Attempt): History {
  if (next === h.present) return h;
  const past = h.past.length >= MAX_UNDO ? h.past.slice(h.past.length - MAX_UNDO + 1) : h.past.slice();
  past.push(h.present);
  return { past, present: next, future: [] };
}

/** A move that is no edit (the step being edited): replaces the present, keeps both lists. */
export const navigate = (h: History, next: Attempt): History =>
  next === h.present ? h : { ...h, present: next };

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;

export function undo(h: History): History {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}
