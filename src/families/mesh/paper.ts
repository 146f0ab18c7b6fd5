import type { Paper } from '../../kernel/papers';

/** The paper this family is built from (../shared/papers/), as every card, check and scene of it cites it. */
export const OTIS_PAPER = {
  key: 'otis',
  file: '001_0a0ae298da9fc54a.txt',
  title:
    'Performance Assessment of All-Reduce Communication Operation in OTIS-Mesh Optoelectronic Architecture',
  short: 'the OTIS-Mesh paper',
  authors: ['Mahafzah, Basel A.', 'Serhan, Sami I.', 'Tahboub, Ruby Y.'],
  venue: null,
  year: null,
  known:
    'The text names neither its journal nor its year; its latest reference is from 2015 (the authors’ conference paper on the same operation, SEPADS ’15).',
  dated: { words: '2015 or later', evidence: "(SEPADS '15)" },
} satisfies Paper;
