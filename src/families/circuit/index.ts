import type { Family } from '../../family';
import { alltoallTimeSweep } from './alltoall-sweeps';
import { CIRCUIT_CARDS } from './cards';
import { CIRCUIT_SWITCH } from './interconnect';
import { RETRI_CLAIMS } from './retri-claims.card';
import { CIRCUIT_SCENES } from './scenes';
import { RETRI_PAPER } from './paper';

/** The explorer's page of speed-up heatmaps (speedup.ts), addressed in a link like a sweep. */
export const HEATMAPS_PAGE = 'speedup-heatmaps';

/** The optical circuit switch (ReTri, Bruck, static all-to-all). Its engine: engine.ts. */
export const CIRCUIT_FAMILY = {
  kind: 'circuit',
  interconnect: CIRCUIT_SWITCH,
  papers: [RETRI_PAPER],
  cards: CIRCUIT_CARDS,
  sweeps: [alltoallTimeSweep],
  checks: [RETRI_CLAIMS],
  scenes: CIRCUIT_SCENES,
  notes: {
    ids: ['retri'],
    byAlgorithm: Object.fromEntries(CIRCUIT_CARDS.map((c) => [c.id, ['retri']])),
  },
  explorerPages: [{ id: HEATMAPS_PAGE, paper: RETRI_PAPER }],
  trySize: { processors: 27, words: 'a circuit switch' },
} as const satisfies Family;
