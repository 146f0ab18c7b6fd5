import { OTIS_PAPER } from './paper';
import type { Family } from '../../family';
import { MESH_CARDS } from './cards';
import { MESH } from './interconnect';
import { meshProcessors, readMesh } from './mesh-params';
import { OTIS_LATENCY, OTIS_STEPS } from './otis-repro.card';
import { OTIS_SWEEPS } from './otis-sweeps';
import { MESH_SCENES } from './scenes';

/** Meshes and the OTIS-Mesh (the OTIS paper's all-reduce). Its engine: engine.ts. */
export const MESH_FAMILY = {
  kind: 'mesh',
  interconnect: MESH,
  papers: [OTIS_PAPER],
  cards: MESH_CARDS,
  sweeps: OTIS_SWEEPS,
  checks: [OTIS_STEPS, OTIS_LATENCY],
  scenes: MESH_SCENES,
  notes: {
    ids: ['otis'],
    byAlgorithm: Object.fromEntries(MESH_CARDS.map((c) => [c.id, ['otis']])),
  },
  trySize: {
    processors: 64,
    words: 'a mesh or OTIS-Mesh',
    processorsAsked: (p) => meshProcessors(readMesh(p)),
  },
} as const satisfies Family;
