import type { ReproductionCard } from '../../kernel/experiment';
import { PAPERS } from '../../kernel/spec';

/** The NoC paper's case study: lower and upper bounds of M-to-N broadcast and scatter on the fat Octagon. */
export const NOC_TABLE2: ReproductionCard = {
  id: 'noc-table2',
  title: 'Fat Octagon (P = 16): lower and upper bounds of M-to-N broadcast and scatter (Table 2)',
  paper: PAPERS.noc,
  where: 'Sec. 6, Table 2 (and Table 1, eqs. (2)–(10))',
};
