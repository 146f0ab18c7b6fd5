import type { FamilyEngine } from '../../family';
import { MESH_ALGORITHMS } from './algorithms';
import { otisLatency, otisSteps } from './otis-repro';

/** The mesh family's engine: its builders and its paper checks' computations. */
export const MESH_ENGINE: FamilyEngine = { algorithms: MESH_ALGORITHMS, checks: [otisSteps, otisLatency] };
