import { lectureScene, type FamilyScene } from '../../family';
import { FIG3_DETOUR, FIG3_SCATTER } from './noc-fig3';
import { NOC_PAPER } from './paper';

/** The family's lecture scenes (the Scenes menu, src/config/scenes.ts; each made by lectureScene, src/family.ts). */
export const NOC_SCENES: readonly FamilyScene[] = [
  {
    id: 'noc-octagon',
    title: 'NoC: all-to-all scatter on the Octagon at its bound (7 steps)',
    description:
      'Eight processors on the Octagon’s eight routers; each sends a private message to every other. The constructive schedule, which serves the busiest port or link first, already has 7 steps, the port bound: each processor absorbs 7 messages, one a step — the search has nothing left to find.',
    paper: NOC_PAPER,
    config: lectureScene(
      'noc-scatter',
      { network: 'octagon', routers: 8, 'per-router': 1, pattern: 'aas', method: 'hybrid', seed: 1 },
      { view: 'split' },
    ),
  },
  {
    id: 'noc-fat-octagon',
    title: 'NoC: the fat Octagon of Table 2, 8 processors to the other 8 (10 steps)',
    description:
      'Two processors per router, as Fig. 4 draws them; processors 0–7 scatter to 8–15. The busiest cut — 48 messages out of three routers over 5 links — forces 10 steps, and the search finds a 10-step schedule, as the paper did.',
    paper: NOC_PAPER,
    config: lectureScene(
      'noc-scatter',
      { pattern: 'mns', senders: '0-7', receivers: '8-15', method: 'hybrid', seed: 1 },
      { view: 'split' },
    ),
  },
  {
    id: 'noc-fig3',
    title: 'NoC: one-to-all scatter in 5 steps with one longer route (Fig. 3)',
    description:
      'A 4 × 4 mesh whose processors have 3 ports; processor 1 scatters to the 15 others, 3 messages a step. Its router has 3 links, so each carries a message in every step, but the west link leads to only 4 processors by a shortest path. With routes 2 hops longer allowed, the exact method finds 5 steps in which exactly 1 of the 15 messages goes round (dashed, with its extra hops) — the fewest any 5-step schedule can have; with shortest routes only it proves 6 are needed.',
    paper: NOC_PAPER,
    config: lectureScene(
      'noc-scatter',
      {
        ...FIG3_SCATTER,
        detour: FIG3_DETOUR,
        // The exact method: 5 steps, and among them the schedule with the fewest longer routes.
        method: 'exact',
        seed: 1,
      },
      { view: 'network' },
    ),
  },
];
