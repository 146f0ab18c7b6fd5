import type { ReproductionCard } from '../../kernel/experiment';
import { PAPERS } from '../../kernel/spec';

/** The ReTri paper's claims as the page lists them (retri-claims.ts checks them). */
export const RETRI_CLAIMS: ReproductionCard = {
  id: 'retri-claims',
  title: 'ReTri: speed-ups over static all-to-all and mirrored Bruck, and when reconfiguring pays',
  paper: PAPERS.retri,
  where: 'abstract, Sec. 4, Figs. 2–5',
};
