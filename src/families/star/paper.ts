import type { Paper } from '../../kernel/papers';

/** The paper this family is built from (../shared/papers/), as every card, check and scene of it cites it. */
export const STAR_PAPER = {
  key: 'star',
  file: '002_78e0d1576d1a2d3b.txt',
  title: 'Efficient Communication Operations on Passive Optical Star Networks',
  short: 'the passive-star paper',
  authors: ['Desprez, F.', 'Ferreira, A.', 'Tourancheau, B.'],
  venue: null,
  year: null,
  known:
    'The text names neither its venue nor its year; the authors were at LIP (CNRS, ENS Lyon) and the University of Tennessee, and its latest references are from 1993.',
  dated: { words: '1993 or later', evidence: 'Elsevier, May 1993' },
} satisfies Paper;
