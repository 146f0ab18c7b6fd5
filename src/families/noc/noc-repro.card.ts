import type { ReproductionCard } from '../../kernel/experiment';
import { NOC_PAPER } from './paper';

/** The NoC paper's case study: lower and upper bounds of M-to-N broadcast and scatter on the fat Octagon. */
export const NOC_TABLE2: ReproductionCard = {
  id: 'noc-table2',
  title: 'Fat Octagon (P = 16): lower and upper bounds of M-to-N broadcast and scatter (Table 2)',
  paper: NOC_PAPER,
  where: 'Sec. 6, Table 2 (and Table 1, eqs. (2)–(10))',
};

/** The NoC paper's Fig. 3: a one-to-all scatter on a mesh that needs a route longer than the shortest. */
export const NOC_FIG3: ReproductionCard = {
  id: 'noc-fig3',
  title: 'One-to-all scatter on a 4 × 4 mesh in 5 steps needs one non-minimal route (Fig. 3)',
  paper: NOC_PAPER,
  where: 'Sec. 4, Fig. 3',
  solver: true,
};
