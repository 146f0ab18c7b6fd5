import type { OpticsRow } from '../../kernel/model/interconnect';
import type { ParamValues } from '../../kernel/params/schema';

export type { OpticsRow } from '../../kernel/model/interconnect';
import { BER_LIMIT, opticsParamsOf } from './optics-params';
import {
  atMost,
  berOf,
  eq4LongestPath,
  insertionLossDb,
  longestAllowedPath,
  longestPathForRadices,
  lossBudgetDb,
  nodesOnPath,
  ratioToDb,
  requiredLaserDbm,
  snrDb,
  snrNeededRatio,
  snrAllows,
  snrRatio,
} from './optics-physics';
import { plural } from '../../kernel/util/units';

// ---------------------------------------------------------------------------------------------------
// The evaluation shown in the app and the command line

/** What the optics check needs from a run. */
export interface OpticsMeasured {
  /** Hops of the schedule's longest lightpath. */
  longestRoute: number;
  nodes: number;
  /** Tree depth k for eq. 4 (OpTree), when the algorithm has one. */
  depth?: number;
  /** Per-level arities, stage 1 first; take precedence over `depth`. */
  radices?: readonly number[];
}

/** The tree shape eq. 4 needs, from an algorithm's parameters (`radices`, else `depth`), if any. */
export function treeShapeOf(p: ParamValues): { depth?: number; radices?: number[] } {
  const r = p.radices;
  if (typeof r === 'string' && r.trim() !== '') {
    const radices = r.split(',').map(Number);
    if (radices.every((m) => Number.isInteger(m) && m >= 1)) return { radices };
  }
  const k = p.depth;
  return typeof k === 'number' && Number.isInteger(k) && k >= 1 ? { depth: k } : {};
}

/** The path length eq. 4 gives for a run, or null without a tree shape. */
export function formulaPath(m: OpticsMeasured): number | null {
  if (m.radices && m.radices.length) return longestPathForRadices(m.nodes, m.radices);
  if (m.depth !== undefined) return eq4LongestPath(m.nodes, m.depth);
  return null;
}

const fmt = (x: number, digits = 2) => x.toLocaleString('en-US', { maximumFractionDigits: digits });
const sci = (x: number) => (x === 0 ? '0' : x.toExponential(1));

/** Checks eqs. 4–9 for the longest lightpath of a constructed schedule and for eq. 4's L_max. */
export function evaluateOptics(params: ParamValues, measured: OpticsMeasured): OpticsRow[] {
  const o = opticsParamsOf(params);
  const lc = nodesOnPath(measured.longestRoute);
  const lf = formulaPath(measured);
  const where = `the longest lightpath touches ${plural(lc, 'node')} (${plural(measured.longestRoute, 'hop')})`;
  const allowed = longestAllowedPath(o);
  const budget = lossBudgetDb(o);
  const need = snrNeededRatio();
  const half = Math.floor(measured.nodes / 2);

  const tests = {
    path: (l: number) => allowed.nodes === null || l <= allowed.nodes,
    power: (l: number) => atMost(requiredLaserDbm(o, l), o.laserDbm),
    crosstalk: (l: number) => snrAllows(o, l),
  };
  const rows: (Omit<OpticsRow, 'formula' | 'constructed' | 'ok' | 'formulaOk'> & {
    value: (l: number) => number;
    test: (l: number) => boolean;
    explain: () => string;
  })[] = [
    {
      id: 'path',
      constraint: 'length',
      label: 'Longest lightpath L',
      tex: 'L_{max} = 1 + \\left(N^{1/k} - 1\\right) N^{1 - 1/k}',
      source: 'OpTree paper, eq. 4; limit from eqs. 5–9',
      value: (l) => l,
      test: tests.path,
      limit: allowed.nodes,
      bound: 'max',
      unit: 'nodes',
      explain: () =>
        `${capital(where)}; with these parameters a lightpath may touch at most ${plural(allowed.nodes ?? 0, 'node')} ` +
        `(${allowed.binding === 'power' ? 'the laser power budget' : 'crosstalk and noise'} sets the limit).`,
      note:
        lf !== null && lf > half + 1
          ? `Eq. 4 counts the distance one way round the ring; on the bidirectional ring a lightpath can take ` +
            `the shorter way, at most ${fmt(half)} hops (${fmt(half + 1)} nodes).`
          : undefined,
    },
    {
      id: 'loss',
      constraint: 'power',
      label: 'Insertion loss L_l',
      tex: 'L_l = P_m + L\\,P_{pass}',
      source: 'OpTree paper, eq. 5',
      value: (l) => insertionLossDb(o, l),
      test: tests.power,
      limit: budget,
      bound: 'max',
      unit: 'dB',
      explain: () =>
        `${capital(where)}: it loses ${fmt(insertionLossDb(o, lc))} dB (${fmt(o.modulatorLossDb)} dB in the modulator ` +
        `and ${fmt(lc)} × ${fmt(o.passLossDb, 3)} dB at the nodes), more than the ${fmt(budget)} dB the power budget allows.`,
    },
    {
      id: 'laser',
      constraint: 'power',
      label: 'Laser power needed',
      tex: 'P_{laser} \\ge S_{rx} + L_l + P_p',
      source: 'OpTree paper, eq. 6 (with receiver sensitivity)',
      value: (l) => requiredLaserDbm(o, l),
      test: tests.power,
      limit: o.laserDbm,
      bound: 'max',
      unit: 'dBm',
      explain: () =>
        `${capital(where)}; with these losses the laser must deliver at least ${fmt(requiredLaserDbm(o, lc))} dBm ` +
        `per wavelength but gives ${fmt(o.laserDbm)} dBm.`,
    },
    {
      id: 'snr',
      constraint: 'crosstalk',
      label: 'Worst-case SNR',
      tex: '\\mathrm{SNR}_w = 10\\log_{10}\\frac{P_S}{L\\,P_{Rx} + P_{Tx} + P_O}',
      source: 'OpTree paper, eqs. 7–8',
      value: (l) => snrDb(o, l),
      test: tests.crosstalk,
      limit: ratioToDb(need),
      bound: 'min',
      unit: 'dB',
      explain: () =>
        `At the end of the longest lightpath (${plural(lc, 'node')}) the worst-case SNR is ${fmt(snrDb(o, lc))} dB; ` +
        `a bit-error rate of 1e-9 needs at least ${fmt(ratioToDb(need))} dB.`,
    },
    {
      id: 'ber',
      constraint: 'crosstalk',
      label: 'Bit-error rate',
      tex: '\\mathrm{BER} = \\tfrac{1}{2}\\,e^{-\\mathrm{SNR}_w/4}',
      source: 'OpTree paper, eq. 9',
      value: (l) => berOf(snrRatio(o, l)),
      test: tests.crosstalk,
      limit: BER_LIMIT,
      bound: 'max',
      unit: 'BER',
      explain: () =>
        `The bit-error rate at the end of the longest lightpath is ${sci(berOf(snrRatio(o, lc)))}, ` +
        `above the 1e-9 a reliable link needs.`,
    },
  ];
  return rows.map(({ value, test, explain, ...row }) => {
    const ok = test(lc);
    const out: OpticsRow = {
      ...row,
      formula: lf === null ? null : value(lf),
      constructed: value(lc),
      ok,
      ...(lf === null ? {} : { formulaOk: test(lf) }),
      ...(ok ? {} : { message: explain() }),
    };
    if (out.note === undefined) delete out.note;
    return out;
  });
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
