import type { FormulaRow } from '../../src/kernel/spec';

/**
 * The notes under the formula rows, each said once: rows that differ for one reason carry the same
 * note (WRHT's steps and its eq. 3 time both follow from the broadcast reconstruction).
 */
export function formulaNotes(
  rows: readonly Pick<FormulaRow, 'id' | 'note'>[],
): { id: string; note: string }[] {
  const seen = new Set<string>();
  const out: { id: string; note: string }[] = [];
  for (const r of rows)
    if (r.note && !seen.has(r.note)) {
      seen.add(r.note);
      out.push({ id: r.id, note: r.note });
    }
  return out;
}
