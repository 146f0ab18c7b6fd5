import type { Paper } from '../../kernel/papers';

/** The paper this family is built from (../shared/papers/), as every card, check and scene of it cites it. */
export const NOC_PAPER = {
  key: 'noc',
  file: '004_8dc3b673e881cc0d.txt',
  title: 'Many-to-Many Collective Communication Scheduling on Wormhole Networks',
  short: 'the network-on-chip paper',
  authors: [],
  venue: null,
  year: null,
  known:
    'The extracted text starts at the abstract: it gives no title, authors, venue or year. The title is the one the papers folder lists.',
} satisfies Paper;
