import { FAMILIES } from './family-list';
import type { Paper, PaperRef } from './kernel/papers';

/**
 * Every paper the product is built from: each family's (`Family.papers`, its `paper.ts`), in the
 * order of FAMILIES. The citation helpers (text, BibTeX) are in kernel/papers.ts.
 */
export const PAPER_LIST: readonly Paper[] = FAMILIES.flatMap((f) => f.papers);

/** The registered paper a reference names (by file), or undefined. */
export function findPaper(ref: Pick<PaperRef, 'file'>): Paper | undefined {
  return PAPER_LIST.find((p) => p.file === ref.file);
}
