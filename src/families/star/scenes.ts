import { lectureScene, type FamilyScene } from '../../family';
import { STAR_PAPER } from './paper';

/** The family's lecture scenes (the Scenes menu, src/config/scenes.ts; each made by lectureScene, src/family.ts). */
export const STAR_SCENES: readonly FamilyScene[] = [
  {
    id: 'star-64',
    title: 'Passive star: split broadcast on 64 processors, k = 3',
    description:
      'The star paper’s running example: 64 processors with 3 tunable transmitters and receivers each, the split broadcast with h′ = 2 (our reading of its Figure 5), in lecture mode.',
    paper: STAR_PAPER,
    config: lectureScene(
      'star-broadcast',
      {
        nodes: 64,
        'wavelengths-per-node': 3,
        'tuning-delay': 0.1,
        messages: 64,
        variant: 'split',
        'split-steps': 2,
      },
      { view: 'network' },
    ),
  },
];
