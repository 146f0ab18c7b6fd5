import { ALGORITHM_CARDS } from '../cards';
import { FAMILIES } from '../family-list';
import type { PaperRef } from '../kernel/papers';

/**
 * The model notes (docs/models/<id>.md): our reading of each paper, written down where the paper is
 * vague, and the choices we made. The app bundles them and opens them beside each algorithm
 * ("Model notes", `notes=<id>` in a link); a test checks this list against the folder.
 */

/** Every note, in the order the notes' index lists them: each family's, in the order of FAMILIES. */
export const NOTE_IDS: readonly string[] = FAMILIES.flatMap((f) => f.notes.ids);

/** A note's id (a name in NOTE_IDS). */
export type NoteId = string;

export const isNoteId = (id: string): id is NoteId => NOTE_IDS.includes(id);

/** The notes of each algorithm, its own first (its family's `notes.byAlgorithm`). */
const BY_ALGORITHM: Readonly<Record<string, readonly NoteId[]>> = Object.assign(
  {},
  ...FAMILIES.map((f) => f.notes.byAlgorithm),
);

/** The notes that explain an algorithm (empty for an unknown id). */
export function notesFor(algorithm: string): readonly NoteId[] {
  return BY_ALGORITHM[algorithm] ?? [];
}

/** The notes of every algorithm a paper gives, in index order (for its paper checks and charts). */
export function notesForPaper(paper: Pick<PaperRef, 'file'>): NoteId[] {
  const ids = new Set<NoteId>();
  for (const card of ALGORITHM_CARDS)
    if (card.paper.file === paper.file) for (const id of notesFor(card.id)) ids.add(id);
  return NOTE_IDS.filter((id) => ids.has(id));
}
