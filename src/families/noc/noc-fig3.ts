/**
 * The NoC paper's Fig. 3 as parameters: a 4 × 4 mesh whose processors have 3 ports, processor 1 (top
 * row) scattering to the 15 others. One definition for the paper check (noc-repro.ts), the lecture
 * scene (families/noc/scenes.ts) and the tests.
 */
export const FIG3_SCATTER = {
  network: 'mesh',
  rows: 4,
  cols: 4,
  'per-router': 1,
  ports: 3,
  pattern: 'oas',
  root: 1,
} as const;

/** How much longer than the shortest Fig. 3's routes may be for its 5 steps: 2 hops. */
export const FIG3_DETOUR = 2;
