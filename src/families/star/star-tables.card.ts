import type { ReproductionCard } from '../../kernel/experiment';
import { STAR_PAPER } from './paper';

/** The star paper's tables as the page lists them (experiments.ts runs the check). */
export const STAR_TABLES: ReproductionCard = {
  id: 'star-tables',
  title:
    'Passive star: communication costs and lower bounds (Table 1), tuning costs (Table 2), P = 64, k = 3',
  paper: STAR_PAPER,
  where: 'Tables 1 and 2 (P = 64, k = 3; m = 64 for the broadcast, m = 1 for gossip; tuning in units of D)',
};
