import { lectureScene, type FamilyScene } from '../../family';
import { OPTREE_PAPER } from './paper';

/** The family's lecture scenes (the Scenes menu, src/config/scenes.ts; each made by lectureScene, src/family.ts). */
export const RING_SCENES: readonly FamilyScene[] = [
  {
    id: 'optree-motivation',
    title: 'OpTree: why tree depth matters (16 nodes, 2 wavelengths)',
    description:
      'The motivating example: all-gather on 16 nodes with 2 wavelengths per fibre, by the one-stage model, a two-stage 4-ary tree and a three-stage 3-ary tree, stepping side by side.',
    paper: OPTREE_PAPER,
    config: lectureScene(
      'optree',
      { nodes: 16, wavelengths: 2 },
      {
        compare: [
          { algorithm: 'one-stage', overrides: {} },
          // The paper's Fig. 2: a two-stage 4-ary tree, and a three-stage tree whose stage 1 pairs
          // nodes (8 subsets of 2) before two 3-ary stages: 2 × 3 × 3 = 18 leaf slots for 16 nodes.
          { algorithm: 'optree', overrides: { radices: '4,4' } },
          { algorithm: 'optree', overrides: { radices: '2,3,3' } },
        ],
      },
    ),
  },
];
