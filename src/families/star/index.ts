import { STAR_PAPER } from './paper';
import type { Family } from '../../family';
import { STAR_CARDS } from './cards';
import { PASSIVE_STAR } from './interconnect';
import { STAR_SCENES } from './scenes';
import { starSplitSweep } from './star-sweeps';
import { STAR_TABLES } from './star-tables.card';

/** The passive star (the star paper's scatter, gather, broadcast and gossip). Its engine: engine.ts. */
export const STAR_FAMILY = {
  kind: 'star',
  interconnect: PASSIVE_STAR,
  papers: [STAR_PAPER],
  cards: STAR_CARDS,
  sweeps: [starSplitSweep],
  checks: [STAR_TABLES],
  scenes: STAR_SCENES,
  notes: {
    ids: ['star'],
    byAlgorithm: Object.fromEntries(STAR_CARDS.map((c) => [c.id, ['star']])),
  },
  trySize: { processors: 16, words: 'a passive star' },
} as const satisfies Family;
