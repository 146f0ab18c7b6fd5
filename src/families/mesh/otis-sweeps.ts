import type { SweepDef, SweepPoint } from '../../kernel/experiment';
import { defaultsOf } from '../../kernel/params/schema';
import { PAPERS } from '../../kernel/spec';
import { OTIS_PARAMS } from './otis-allreduce.card';

const SIZES = [16, 64, 256, 1024];
const SYSTEMS = [
  { series: 'single-port OTIS-Mesh', method: 'direct', ports: 'single' },
  { series: 'all-port OTIS-Mesh', method: 'direct', ports: 'all' },
  { series: 'all-port EDN-OTIS-Mesh', method: 'edn', ports: 'all' },
  { series: 'binomial tree (ours, single-port)', method: 'binomial', ports: 'single' },
] as const;

/** Root and control group in the middle (the paper's best case) or in the corner (its worst). */
function points(worst: boolean): SweepPoint[] {
  const out: SweepPoint[] = [];
  for (const s of SYSTEMS)
    for (const P of SIZES) {
      const q = Math.sqrt(P);
      const at = worst ? 0 : (q / 2) * q + q / 2;
      out.push({
        series: s.series,
        x: P,
        config: {
          algorithm: 'otis-allreduce',
          params: {
            ...defaultsOf(OTIS_PARAMS),
            'group-size': P,
            method: s.method,
            ports: s.ports,
            root: at,
            'control-group': at,
          },
        },
      });
    }
  return out;
}

const axis = { label: 'group size P', unit: 'processors per group; P × P in all', log: true };

export const OTIS_SWEEPS: readonly SweepDef[] = [
  {
    id: 'otis-fig7',
    title: 'OTIS-Mesh all-reduce: fewest electronic steps (root and control group in the middle)',
    paper: PAPERS.otis,
    where: 'Fig. 7 (eqs. (1), (2), (4))',
    x: axis,
    y: { label: 'electronic steps', unit: 'steps', log: true },
    metric: 'steps-best',
    points: () => points(false),
  },
  {
    id: 'otis-fig8',
    title: 'OTIS-Mesh all-reduce: most electronic steps (root and control group in the corner)',
    paper: PAPERS.otis,
    where: 'Fig. 8 (eqs. (1), (3), (5))',
    x: axis,
    y: { label: 'electronic steps', unit: 'steps', log: true },
    metric: 'steps-worst',
    points: () => points(true),
  },
  {
    id: 'otis-fig9',
    title: 'OTIS-Mesh all-reduce: latency, best case (our wormhole model)',
    paper: PAPERS.otis,
    where: 'Fig. 9',
    x: axis,
    y: { label: 'latency', unit: 's', log: true },
    metric: 'latency',
    points: () => points(false),
  },
  {
    id: 'otis-fig10',
    title: 'OTIS-Mesh all-reduce: latency, worst case (our wormhole model)',
    paper: PAPERS.otis,
    where: 'Fig. 10',
    x: axis,
    y: { label: 'latency', unit: 's', log: true },
    metric: 'latency',
    points: () => points(true),
  },
];
