import type { ReproductionCard } from '../../kernel/experiment';
import { OTIS_PAPER } from './paper';

/** The OTIS paper's step counts: eqs. (1)–(5) per size and the ratios its text draws from them. */
export const OTIS_STEPS: ReproductionCard = {
  id: 'otis-steps',
  title: 'OTIS-Mesh all-reduce: electronic steps, eqs. (1)–(5), and the ratios of Sec. V-A',
  paper: OTIS_PAPER,
  where: 'Sec. IV eqs. (1)–(5), Sec. V-A and VI (Figs. 7 and 8)',
};

/** The OTIS paper's latencies and latency improvements beside our wormhole model. */
export const OTIS_LATENCY: ReproductionCard = {
  id: 'otis-latency',
  title: 'OTIS-Mesh all-reduce: latency and latency improvement (Figs. 9–12)',
  paper: OTIS_PAPER,
  where: 'Sec. V-B and V-C (Figs. 9–12), Sec. VI',
};
