import { PAPERS, type PaperRef } from '../kernel/spec';
import { defaultConfig, type AppConfig, type ComparePane, type ViewOptions } from './url-codec';
import { FIG3_DETOUR, FIG3_SCATTER } from '../families/noc/noc-fig3';

/**
 * Lecture scenes: ready configurations for a paper's worked example, opened from the Scenes menu or
 * as a permalink (`encodeConfig(scene.config())`). A scene is only a configuration: everything on
 * screen is computed as for any other.
 */
export interface Scene {
  id: string;
  title: string;
  /** What the lecturer shows with it, in a sentence. */
  description: string;
  paper: PaperRef;
  config(): AppConfig;
}

/** Every scene opens in lecture mode at one step a second; a circuit shows node 0's blocks, as Fig. 1. */
const LECTURE = { lecture: true, onlyNode0: true, speed: '1' } as const;

/**
 * A scene's configuration: `algorithm` with `params` laid over its defaults, in lecture mode, on
 * one picture (`view`) or side by side with the `compare` panes.
 */
function lectureConfig(
  algorithm: string,
  params: AppConfig['params'],
  show: { view: ViewOptions['view'] } | { compare: ComparePane[] },
): AppConfig {
  const c = defaultConfig(algorithm);
  c.params = { ...c.params, ...params };
  if ('view' in show) c.options = { ...c.options, view: show.view, ...LECTURE };
  else {
    c.options = { ...c.options, mode: 'compare', ...LECTURE };
    c.compare = show.compare;
  }
  return c;
}

export const SCENES: readonly Scene[] = [
  {
    id: 'optree-motivation',
    title: 'OpTree: why tree depth matters (16 nodes, 2 wavelengths)',
    description:
      'The motivating example: all-gather on 16 nodes with 2 wavelengths per fibre, by the one-stage model, a two-stage 4-ary tree and a three-stage 3-ary tree, stepping side by side.',
    paper: PAPERS.optree,
    config: () =>
      lectureConfig(
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
  {
    id: 'star-64',
    title: 'Passive star: split broadcast on 64 processors, k = 3',
    description:
      'The star paper’s running example: 64 processors with 3 tunable transmitters and receivers each, the split broadcast with h′ = 2 (our reading of its Figure 5), in lecture mode.',
    paper: PAPERS.star,
    config: () =>
      lectureConfig(
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
  {
    id: 'retri-fig1',
    title: 'ReTri vs Bruck vs static all-to-all (Fig. 1: 8 and 9 nodes)',
    description:
      'The ReTri paper’s Fig. 1 side by side: Bruck on 8 nodes needs three phases, ReTri on 9 nodes two, static all-to-all one phase on a crowded ring.',
    paper: PAPERS.retri,
    config: () =>
      lectureConfig(
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
  {
    id: 'otis-fig1',
    title: 'OTIS-Mesh: the dominating nodes of a 4 × 4 mesh (Fig. 1)',
    description:
      'One 4 × 4 mesh: nodes 1, 7, 8 and 14 each take the values of their three neighbours in one step, then hand them on to the root; the result comes back the same way.',
    paper: PAPERS.otis,
    config: () =>
      lectureConfig(
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
    paper: PAPERS.otis,
    config: () =>
      lectureConfig(
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
    paper: PAPERS.otis,
    config: () =>
      lectureConfig(
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
    paper: PAPERS.otis,
    config: () =>
      lectureConfig(
        'otis-allreduce',
        { 'group-size': 64, method: 'edn', ports: 'all', root: 36, 'control-group': 0 },
        { view: 'network' },
      ),
  },
  {
    id: 'noc-octagon',
    title: 'NoC: all-to-all scatter on the Octagon at its bound (7 steps)',
    description:
      'Eight processors on the Octagon’s eight routers; each sends a private message to every other. The constructive schedule, which serves the busiest port or link first, already has 7 steps, the port bound: each processor absorbs 7 messages, one a step — the search has nothing left to find.',
    paper: PAPERS.noc,
    config: () =>
      lectureConfig(
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
    paper: PAPERS.noc,
    config: () =>
      lectureConfig(
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
    paper: PAPERS.noc,
    config: () =>
      lectureConfig(
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

export const findScene = (id: string) => SCENES.find((s) => s.id === id);
