import { lectureScene, type FamilyScene } from '../../family';
import { OTIS_PAPER } from './paper';

/** The family's lecture scenes (the Scenes menu, src/config/scenes.ts; each made by lectureScene, src/family.ts). */
export const MESH_SCENES: readonly FamilyScene[] = [
  {
    id: 'otis-fig1',
    title: 'OTIS-Mesh: the dominating nodes of a 4 × 4 mesh (Fig. 1)',
    description:
      'One 4 × 4 mesh: nodes 1, 7, 8 and 14 each take the values of their three neighbours in one step, then hand them on to the root; the result comes back the same way.',
    paper: OTIS_PAPER,
    config: lectureScene(
      'mesh-allreduce',
      { side: 4, method: 'edn', ports: 'all', root: 10 },
      { view: 'network' },
    ),
  },
  {
    id: 'otis-fig2',
    title: 'OTIS-Mesh: all-reduce on the 16 × 16 EDN-OTIS-Mesh (Fig. 2)',
    description:
      '16 groups of 16 processors joined by optical transpose links; each group combines at its gateway, the gateways send over optically, the control group combines at the root, and the result returns.',
    paper: OTIS_PAPER,
    config: lectureScene(
      'otis-allreduce',
      { 'group-size': 16, method: 'edn', ports: 'all', root: 10, 'control-group': 10 },
      { view: 'network' },
    ),
  },
  {
    id: 'otis-systems',
    title: 'OTIS-Mesh: the paper’s three systems side by side (16 × 16)',
    description:
      'Single-port and all-port OTIS-Mesh and the all-port EDN-OTIS-Mesh on the same 16 × 16 network, root and control group in the middle: 62, 34 and 14 steps, stepping together.',
    paper: OTIS_PAPER,
    config: lectureScene(
      'otis-allreduce',
      { 'group-size': 16, root: 10, 'control-group': 10 },
      {
        compare: [
          { algorithm: 'otis-allreduce', overrides: { method: 'direct', ports: 'single' } },
          { algorithm: 'otis-allreduce', overrides: { method: 'direct', ports: 'all' } },
          { algorithm: 'otis-allreduce', overrides: { method: 'edn', ports: 'all' } },
        ],
      },
    ),
  },
  {
    id: 'otis-fig3',
    title: 'OTIS-Mesh: 64 × 64 EDN-OTIS-Mesh with G0 as the control group (Figs. 3–6)',
    description:
      'The paper’s 64 × 64 example: level-0 processors send to level 1, level 1 to level 2, the gateways (processor 0 of every group, since G0 controls) send over optically, then the control group and the way back.',
    paper: OTIS_PAPER,
    config: lectureScene(
      'otis-allreduce',
      { 'group-size': 64, method: 'edn', ports: 'all', root: 36, 'control-group': 0 },
      { view: 'network' },
    ),
  },
];
