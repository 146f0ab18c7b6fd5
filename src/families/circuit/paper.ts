import type { Paper } from '../../kernel/papers';

/** The paper this family is built from (../shared/papers/), as every card, check and scene of it cites it. */
export const RETRI_PAPER = {
  key: 'retri',
  file: '003_fe2d6dafc098a907.txt',
  title: 'Revisiting Bruck: Phase-Efficient All-to-All Communication in Reconfigurable Networks',
  short: 'the ReTri paper',
  authors: ['Juerss, Anton', 'Schmid, Stefan'],
  venue: 'arXiv preprint arXiv:2605.26930 [cs.DC]',
  year: 2026,
  arxiv: '2605.26930',
} satisfies Paper;
