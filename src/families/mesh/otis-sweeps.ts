import type { PaperMark, SweepConfig, SweepDef, SweepPoint } from '../../kernel/experiment';
import { defaultsOf } from '../../kernel/params/schema';
import { PAPERS } from '../../kernel/spec';
import { OTIS_PARAMS } from './otis-allreduce.card';
import { OTIS_SIZES, PRINTED_IMPROVEMENT, PRINTED_LATENCY_MS, type OtisSystem } from './otis-printed';

const SYSTEMS = [
  { series: 'single-port OTIS-Mesh', method: 'direct', ports: 'single', system: 'single' },
  { series: 'all-port OTIS-Mesh', method: 'direct', ports: 'all', system: 'all' },
  { series: 'all-port EDN-OTIS-Mesh', method: 'edn', ports: 'all', system: 'edn' },
  { series: 'binomial tree (ours, single-port)', method: 'binomial', ports: 'single', system: null },
] as const;
const seriesOf = (system: OtisSystem) => SYSTEMS.find((s) => s.system === system)!.series;

/** Root and control group in the middle (the paper's best case) or in the corner (its worst). */
function config(P: number, method: string, ports: string, worst: boolean): SweepConfig {
  const q = Math.sqrt(P);
  const at = worst ? 0 : (q / 2) * q + q / 2;
  return {
    algorithm: 'otis-allreduce',
    params: { ...defaultsOf(OTIS_PARAMS), 'group-size': P, method, ports, root: at, 'control-group': at },
  };
}

function points(worst: boolean): SweepPoint[] {
  return SYSTEMS.flatMap((s) =>
    OTIS_SIZES.map((P) => ({ series: s.series, x: P, config: config(P, s.method, s.ports, worst) })),
  );
}

/** Every system but EDN, each point divided by the EDN schedule of the same size and placement. */
function improvements(worst: boolean): SweepPoint[] {
  return SYSTEMS.filter((s) => s.system !== 'edn').flatMap((s) =>
    OTIS_SIZES.map((P) => ({
      series: `${s.series} over EDN`,
      x: P,
      config: config(P, s.method, s.ports, worst),
      baseline: config(P, 'edn', 'all', worst),
    })),
  );
}

const latencyMarks = (worst: boolean): PaperMark[] =>
  PRINTED_LATENCY_MS.filter((p) => p.worst === worst).map((p) => ({
    series: seriesOf(p.system),
    x: p.P,
    y: p.ms / 1e3,
    where: `${p.fig}, text of Sec. V`,
  }));

const improvementMarks = (worst: boolean): PaperMark[] =>
  PRINTED_IMPROVEMENT.filter((p) => p.worst === worst).flatMap((p) =>
    OTIS_SIZES.map((P, i) => ({
      series: `${seriesOf(p.system)} over EDN`,
      x: P,
      y: p.times[i],
      where: p.fig,
    })),
  );

const axis = { label: 'group size P', unit: 'processors per group; P × P in all', log: true };
const OUR_LATENCY = 'closed form (ours: every message one hop)';

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
    title: 'OTIS-Mesh all-reduce: latency, best case (our wormhole model; ◇ the paper’s printed values)',
    paper: PAPERS.otis,
    where: 'Fig. 9',
    x: axis,
    y: { label: 'latency', unit: 's', log: true },
    metric: 'latency',
    points: () => points(false),
    formulaLabel: OUR_LATENCY,
    paperMarks: latencyMarks(false),
  },
  {
    id: 'otis-fig10',
    title: 'OTIS-Mesh all-reduce: latency, worst case (our wormhole model; ◇ the paper’s printed values)',
    paper: PAPERS.otis,
    where: 'Fig. 10',
    x: axis,
    y: { label: 'latency', unit: 's', log: true },
    metric: 'latency',
    points: () => points(true),
    formulaLabel: OUR_LATENCY,
    paperMarks: latencyMarks(true),
  },
  {
    id: 'otis-fig11',
    title: 'OTIS-Mesh all-reduce: latency improvement of EDN, best case (◇ the paper’s printed ratios)',
    paper: PAPERS.otis,
    where: 'Fig. 11',
    x: axis,
    y: { label: 'latency over the EDN schedule’s', unit: 'times', log: true },
    metric: 'latency',
    points: () => improvements(false),
    formulaLabel: OUR_LATENCY,
    paperMarks: improvementMarks(false),
  },
  {
    id: 'otis-fig12',
    title: 'OTIS-Mesh all-reduce: latency improvement of EDN, worst case (◇ the paper’s printed ratios)',
    paper: PAPERS.otis,
    where: 'Fig. 12',
    x: axis,
    y: { label: 'latency over the EDN schedule’s', unit: 'times', log: true },
    metric: 'latency',
    points: () => improvements(true),
    formulaLabel: OUR_LATENCY,
    paperMarks: improvementMarks(true),
  },
];
