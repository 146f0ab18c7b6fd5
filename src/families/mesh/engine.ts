import type { FamilyEngine } from '../../family';
import { MESH_ALGORITHMS } from './algorithms';
import { otisLatency, otisSteps } from './otis-repro';
import { MESH_TRY_IT } from './try-it';

/** The mesh family's engine: its builders and its paper checks' computations. */
export const MESH_ENGINE: FamilyEngine = {
  tryIt: MESH_TRY_IT,
  algorithms: MESH_ALGORITHMS,
  checks: [otisSteps, otisLatency],
};
