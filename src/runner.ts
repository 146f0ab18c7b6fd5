import type { findAlgorithm } from './registry';
import type { measure, resultOf, run } from './run';

/**
 * What a family's paper checks and heatmaps need from the layer above the families: build and
 * verify a configuration (`run`), time a schedule (`measure`), make a result of a schedule built by
 * hand (`resultOf`) and find an algorithm's card (`findAlgorithm`). A family never imports those
 * (src/run.ts and src/registry.ts import every family); whoever runs a check hands it `RUNNER`
 * from src/run.ts. This module holds types only, so importing it costs nothing at run time.
 */
export interface Runner {
  run: typeof run;
  resultOf: typeof resultOf;
  measure: typeof measure;
  findAlgorithm: typeof findAlgorithm;
}
