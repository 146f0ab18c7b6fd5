import type { ReproductionCard } from '../../../kernel/experiment';
import { OPTREE_PAPER } from '../paper';

/** The OpTree paper's checks as the page lists them (optree-repro.ts runs them). */
export const OPTREE_TABLE1: ReproductionCard = {
  id: 'optree-table1',
  title: 'Step counts of the all-gather algorithms, N = 1024, w = 64',
  paper: OPTREE_PAPER,
  where: 'Table 1 (and the optimal depths of Sec. V.B)',
};

export const OPTREE_TABLE2: ReproductionCard = {
  id: 'optree-table2',
  title: 'Average performance difference of OpTree over WRHT, Ring and NE by node count (w = 64)',
  paper: OPTREE_PAPER,
  where: 'Table 2 (Sec. V.D)',
};

export const OPTREE_TABLE3: ReproductionCard = {
  id: 'optree-table3',
  title: 'Average performance difference of OpTree over WRHT, Ring and NE by wavelength count (N = 1024)',
  paper: OPTREE_PAPER,
  where: 'Table 3 (Sec. V.E)',
};

export const OPTREE_MOTIVATION: ReproductionCard = {
  id: 'optree-motivation',
  title: 'Motivating example: 16 nodes, 2 wavelengths',
  paper: OPTREE_PAPER,
  where: 'Sec. III.C and Fig. 2',
};
