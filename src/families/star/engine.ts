import type { FamilyEngine } from '../../family';
import { STAR_ALGORITHMS } from './algorithms';
import { starTables } from './star-tables';
import { STAR_TRY_IT } from './try-it';

/** The passive star's engine: its builders and its paper check's computation. */
export const STAR_ENGINE: FamilyEngine = {
  tryIt: STAR_TRY_IT,
  algorithms: STAR_ALGORITHMS,
  checks: [starTables],
};
