import { lectureScene, type FamilyScene } from '../../family';
import { RETRI_PAPER } from './paper';

/** The family's lecture scenes (the Scenes menu, src/config/scenes.ts; each made by lectureScene, src/family.ts). */
export const CIRCUIT_SCENES: readonly FamilyScene[] = [
  {
    id: 'retri-fig1',
    title: 'ReTri vs Bruck vs static all-to-all (Fig. 1: 8 and 9 nodes)',
    description:
      'The ReTri paper’s Fig. 1 side by side: Bruck on 8 nodes needs three phases, ReTri on 9 nodes two, static all-to-all one phase on a crowded ring.',
    paper: RETRI_PAPER,
    config: lectureScene(
      'retri',
      { nodes: 9 },
      {
        compare: [
          { algorithm: 'bruck', overrides: { nodes: 8, reconfigure: '0,1,1' } },
          { algorithm: 'retri', overrides: { reconfigure: '0,1' } },
          { algorithm: 'direct-alltoall', overrides: {} },
        ],
      },
    ),
  },
];
