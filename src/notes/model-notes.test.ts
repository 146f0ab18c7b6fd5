import { describe, expect, it } from 'vitest';
import { ALGORITHM_CARDS } from '../cards';
import { REPRODUCTION_CARDS, SWEEPS } from '../experiments/catalogue';
import { PAPER_LIST } from '../papers';
import { isNoteId, NOTE_IDS, notesFor, notesForPaper } from './model-notes';

describe('model notes', () => {
  it('every algorithm has notes, its own first; every note belongs to an algorithm', () => {
    for (const c of ALGORITHM_CARDS) {
      expect(notesFor(c.id).length, c.id).toBeGreaterThan(0);
      for (const id of notesFor(c.id)) expect(isNoteId(id), `${c.id}: ${id}`).toBe(true);
    }
    for (const id of NOTE_IDS)
      expect(
        ALGORITHM_CARDS.some((c) => notesFor(c.id).includes(id)),
        id,
      ).toBe(true);
    expect(notesFor('optree')[0]).toBe('optree');
    expect(notesFor('bruck')).toEqual(['retri']);
    expect(notesFor('nope')).toEqual([]);
    expect(isNoteId('../README')).toBe(false);
  });

  it('every paper, and so every chart and paper check, leads to notes', () => {
    for (const p of PAPER_LIST) expect(notesForPaper(p).length, p.key).toBeGreaterThan(0);
    for (const x of [...SWEEPS, ...REPRODUCTION_CARDS])
      expect(notesForPaper(x.paper).length, x.id).toBeGreaterThan(0);
    expect(notesForPaper(PAPER_LIST.find((p) => p.key === 'optree')!)).toEqual([
      'optree',
      'one-stage',
      'wrht',
      'ring-allgather',
      'neighbor-exchange',
      'time-model',
      'optical-constraints',
    ]);
  });
});
