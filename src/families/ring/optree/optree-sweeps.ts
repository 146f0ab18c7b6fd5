/**
 * The explorer's sweeps for the OpTree paper's Figs. 4–7 (and `npm run cli -- sweep <id>`). Each point
 * is built and verified by the sweep evaluator; point counts are kept small so the whole set runs in
 * well under a minute in Node (timings in docs/benchmarks.md). The paper normalises its figures; we
 * plot absolute eq. 3 times (or steps) so that the formula and constructed series can be compared.
 */
import { RING_CARDS } from '../cards';
import { defaultsWith } from '../../../kernel/params/schema';
import type { SweepDef, SweepPoint } from '../../../kernel/experiment';
import { OPTREE_PAPER } from '../paper';

const MB = 2 ** 20;
const KB = 2 ** 10;

/** The five algorithms compared in the figures, with their legend names. */
export const FIVE = [
  { id: 'optree', name: 'OpTree' },
  { id: 'wrht', name: 'WRHT' },
  { id: 'ring-allgather', name: 'Ring' },
  { id: 'neighbor-exchange', name: 'NE' },
  { id: 'one-stage', name: 'One-stage' },
] as const;

function config(algorithm: string, extra: Record<string, number | string>): SweepPoint['config'] {
  return {
    algorithm,
    params: defaultsWith(
      RING_CARDS.find((c) => c.id === algorithm),
      algorithm,
      extra,
    ),
  };
}

/** OpTree at Lemma 3's depth for each N (what the paper runs in Figs. 5–7). */
function optreeExtra(n: number): Record<string, number> {
  return {
    depth: Math.max(1, Math.ceil((Math.log(n) + Math.sqrt(Math.log(n) * (Math.log(n) - 2))) / 2 - 1e-12)),
  };
}

/**
 * Depths plotted for each N in Fig. 4: whole curves, as in the paper, which describes for every N a
 * fall to the best depth and a rise after it. k = 1 is the one-stage model (OSM); for 4096 nodes it is
 * left out (16.8 M lightpaths of a single stage, 8192 steps, seconds to build, far off the scale) and
 * depths above 6 are spread (each build of 4096 nodes takes about a second).
 */
export const FIG4_DEPTHS: Record<number, number[]> = {
  512: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  1024: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  2048: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  4096: [2, 3, 4, 5, 6, 8, 10, 12],
};

/** What the four figures share: the paper, and eq. 3's all-gather time on a log scale. */
const FIGURE = {
  paper: OPTREE_PAPER,
  y: { label: 'All-gather time (eq. 3)', unit: 's', log: true },
  metric: 'time',
} as const;

export const optreeFig4: SweepDef = {
  ...FIGURE,
  id: 'optree-fig4',
  title: 'OpTree: time against tree depth k (w = 64, 4 MB)',
  where: 'Fig. 4',
  x: { label: 'Tree depth k', unit: 'stages', log: false },
  points() {
    return Object.entries(FIG4_DEPTHS).flatMap(([n, depths]) =>
      depths.map((k) => ({
        series: `N = ${n}`,
        x: k,
        config: config('optree', { nodes: Number(n), wavelengths: 64, depth: k, 'message-bytes': 4 * MB }),
      })),
    );
  },
};

/**
 * Figs. 5–7: each of the five algorithms at every x the algorithm can run at, one parameter varied
 * from 1024 nodes, w = 64 and 4 MB; OpTree at Lemma 3's depth for the point's N.
 */
function fivePoints(
  xs: readonly number[],
  at: (x: number) => { nodes: number; wavelengths: number; 'message-bytes': number },
  oneStageRuns: (x: number) => boolean = () => true,
): SweepPoint[] {
  return FIVE.flatMap((a) =>
    xs
      .filter((x) => a.id !== 'one-stage' || oneStageRuns(x))
      .map((x) => {
        const p = at(x);
        return {
          series: a.name,
          x,
          config: config(a.id, { ...p, ...(a.id === 'optree' ? optreeExtra(p.nodes) : {}) }),
        };
      }),
  );
}

const FIG5_SIZES = [32 * KB, 1024 * KB, 4 * MB, 64 * MB];

export const optreeFig5: SweepDef = {
  ...FIGURE,
  id: 'optree-fig5',
  title: 'Time against message size, 1024 nodes, w = 64',
  where: 'Fig. 5',
  x: { label: 'Message size d per node', unit: 'B', log: true },
  points: () => fivePoints(FIG5_SIZES, (d) => ({ nodes: 1024, wavelengths: 64, 'message-bytes': d })),
};

export const optreeFig6: SweepDef = {
  ...FIGURE,
  id: 'optree-fig6',
  title: 'Time against node count, w = 64, 4 MB',
  where: 'Fig. 6',
  x: { label: 'Nodes N', unit: 'nodes', log: true },
  points: () =>
    fivePoints(
      [256, 512, 1024, 2048],
      (n) => ({ nodes: n, wavelengths: 64, 'message-bytes': 4 * MB }),
      (n) => n <= 1024,
    ),
};

export const optreeFig7: SweepDef = {
  ...FIGURE,
  id: 'optree-fig7',
  title: 'Time against wavelengths per fibre, 1024 nodes, 4 MB',
  where: 'Fig. 7',
  x: { label: 'Wavelengths w', unit: 'wavelengths', log: true },
  points: () =>
    fivePoints(
      [4, 16, 64, 256],
      (w) => ({ nodes: 1024, wavelengths: w, 'message-bytes': 4 * MB }),
      (w) => w >= 64,
    ),
};

export const OPTREE_SWEEPS: readonly SweepDef[] = [optreeFig4, optreeFig5, optreeFig6, optreeFig7];
