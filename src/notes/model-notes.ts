import { ALGORITHM_CARDS } from '../cards';
import type { PaperRef } from '../kernel/papers';

/**
 * The model notes (docs/models/<id>.md): our reading of each paper, written down where the paper is
 * vague, and the choices we made. The app bundles them and opens them beside each algorithm
 * ("Model notes", `notes=<id>` in a link); a test checks this list against the folder.
 */

/** Every note, in the order the notes' index lists them. */
export const NOTE_IDS = [
  'optree',
  'one-stage',
  'wrht',
  'ring-allgather',
  'neighbor-exchange',
  'time-model',
  'optical-constraints',
  'star',
  'retri',
  'otis',
  'noc',
] as const;

export type NoteId = (typeof NOTE_IDS)[number];

export const isNoteId = (id: string): id is NoteId => (NOTE_IDS as readonly string[]).includes(id);

/** What the WDM-ring algorithms share: eq. 3's time model and eqs. 4–9's optical constraints. */
const RING = ['time-model', 'optical-constraints'] as const;

/** The notes of each algorithm, its own first. */
const BY_ALGORITHM: Readonly<Record<string, readonly NoteId[]>> = {
  'ring-allgather': ['ring-allgather', ...RING],
  'neighbor-exchange': ['neighbor-exchange', ...RING],
  'one-stage': ['one-stage', ...RING],
  wrht: ['wrht', ...RING],
  optree: ['optree', 'one-stage', ...RING],
  'star-scatter': ['star'],
  'star-gather': ['star'],
  'star-broadcast': ['star'],
  'star-gossip': ['star'],
  'star-multiscatter': ['star'],
  retri: ['retri'],
  bruck: ['retri'],
  'direct-alltoall': ['retri'],
  'mesh-allreduce': ['otis'],
  'otis-allreduce': ['otis'],
  'noc-broadcast': ['noc'],
  'noc-scatter': ['noc'],
};

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
