import type { FamilyEngine } from '../../family';
import { CIRCUIT_ALGORITHMS } from './algorithms';
import { retriClaims } from './retri-claims';

/** The circuit switch's engine: its builders and its paper check's computation. */
export const CIRCUIT_ENGINE: FamilyEngine = { algorithms: CIRCUIT_ALGORITHMS, checks: [retriClaims] };
