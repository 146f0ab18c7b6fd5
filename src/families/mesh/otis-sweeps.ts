import type { PaperMark, SweepConfig, SweepDef, SweepPoint } from '../../kernel/experiment';
import { defaultsOf } from '../../kernel/params/schema';
import { OTIS_PARAMS } from './otis-allreduce.card';
import { OTIS_SIZES, PRINTED_IMPROVEMENT, PRINTED_LATENCY_MS, type OtisSystem } from './otis-printed';
import { OTIS_PAPER } from './paper';

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

/**
 * The paper draws each measure twice: Figs. 7, 9 and 11 with the root and control group in the
 * middle (its best case), Figs. 8, 10 and 12 in the corner (its worst). One pair per measure.
 */
function bestAndWorst(
  figure: number,
  where: (worst: boolean) => string,
  measure: (worst: boolean) => Omit<SweepDef, 'id' | 'paper' | 'where' | 'x'>,
): SweepDef[] {
  return [false, true].map((worst) => {
    const { title, ...rest } = measure(worst);
    return {
      id: `otis-fig${figure + Number(worst)}`,
      title,
      paper: OTIS_PAPER,
      where: where(worst),
      x: axis,
      ...rest,
    };
  });
}

const caseWords = (worst: boolean) => (worst ? 'worst case' : 'best case');

export const OTIS_SWEEPS: readonly SweepDef[] = [
  ...bestAndWorst(
    7,
    (worst) => (worst ? 'Fig. 8 (eqs. (1), (3), (5))' : 'Fig. 7 (eqs. (1), (2), (4))'),
    (worst) => ({
      title: worst
        ? 'OTIS-Mesh all-reduce: most electronic steps (root and control group in the corner)'
        : 'OTIS-Mesh all-reduce: fewest electronic steps (root and control group in the middle)',
      y: { label: 'electronic steps', unit: 'steps', log: true },
      metric: worst ? 'steps-worst' : 'steps-best',
      points: () => points(worst),
    }),
  ),
  ...bestAndWorst(
    9,
    (worst) => `Fig. ${9 + Number(worst)}`,
    (worst) => ({
      title: `OTIS-Mesh all-reduce: latency, ${caseWords(worst)} (our wormhole model; ◇ the paper’s printed values)`,
      y: { label: 'latency', unit: 's', log: true },
      metric: 'latency',
      points: () => points(worst),
      formulaLabel: OUR_LATENCY,
      paperMarks: latencyMarks(worst),
    }),
  ),
  ...bestAndWorst(
    11,
    (worst) => `Fig. ${11 + Number(worst)}`,
    (worst) => ({
      title: `OTIS-Mesh all-reduce: latency improvement of EDN, ${caseWords(worst)} (◇ the paper’s printed ratios)`,
      y: { label: 'latency over the EDN schedule’s', unit: 'times', log: true },
      metric: 'latency',
      points: () => improvements(worst),
      formulaLabel: OUR_LATENCY,
      paperMarks: improvementMarks(worst),
    }),
  ),
];
