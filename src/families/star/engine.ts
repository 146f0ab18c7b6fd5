import type { FamilyEngine } from '../../family';
import { STAR_ALGORITHMS } from './algorithms';
import { starTables } from './star-tables';

/** The passive star's engine: its builders and its paper check's computation. */
export const STAR_ENGINE: FamilyEngine = { algorithms: STAR_ALGORITHMS, checks: [starTables] };
