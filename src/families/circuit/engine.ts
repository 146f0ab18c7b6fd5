import type { FamilyEngine, FamilyTable } from '../../family';
import { CIRCUIT_ALGORITHMS } from './algorithms';
import { HEATMAPS, findHeatmap, heatmapCsv } from './heatmaps';
import { retriClaims } from './retri-claims';
import { computeHeatmap } from './speedup';
import { CIRCUIT_TRY_IT } from './try-it';

/** `npm run cli -- heatmap <id>`: one of the ReTri paper's speed-up heatmaps, every cell from verified builds. */
const HEATMAP_TABLE: FamilyTable = {
  command: 'heatmap',
  help: `A speed-up heatmap of the ReTri paper (message size × reconfiguration delay), every cell from
verified schedules. Heatmaps: ${HEATMAPS.map((h) => h.id).join(', ')}`,
  ids: HEATMAPS.map((h) => h.id),
  run(id, limits, runner) {
    const result = computeHeatmap(findHeatmap(id)!, limits, runner);
    return { json: result, csv: heatmapCsv(result) };
  },
};

/** The circuit switch's engine: its builders, its paper check's computation and its heatmaps. */
export const CIRCUIT_ENGINE: FamilyEngine = {
  tryIt: CIRCUIT_TRY_IT,
  algorithms: CIRCUIT_ALGORITHMS,
  checks: [retriClaims],
  tables: [HEATMAP_TABLE],
};
