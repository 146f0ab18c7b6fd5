import type { ReproductionCard } from '../../kernel/experiment';
import { RETRI_PAPER } from './paper';

/** The ReTri paper's claims as the page lists them (retri-claims.ts checks them). */
export const RETRI_CLAIMS: ReproductionCard = {
  id: 'retri-claims',
  title: 'ReTri: speed-ups over static all-to-all and mirrored Bruck, and when reconfiguring pays',
  paper: RETRI_PAPER,
  where: 'abstract, Sec. 4, Figs. 2–5',
};
