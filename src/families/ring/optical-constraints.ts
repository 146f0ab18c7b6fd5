import { defaultsOf, num, type ParamDef, type ParamValues } from '../../kernel/params/schema';

/**
 * Optical constraints of a lightpath on the WDM ring, from the OpTree paper (Dai et al., "Efficient
 * Algorithm for All-gather Operation in Optical Interconnect Systems", Sec. IV.B, eqs. 4–9): how long
 * the longest lightpath is (eq. 4), how much power it loses on the way (eq. 5), whether the laser
 * covers that loss (eq. 6), and whether the signal stands far enough above crosstalk and other noise
 * (eqs. 7–8) for a bit-error rate below 10⁻⁹ (eq. 9).
 *
 * Our reading of the paper, the units and where every default comes from are in
 * docs/models/optical-constraints.md. In short: losses and penalties are in dB and add; powers are
 * in dBm and are converted to milliwatts before they are added; L counts the nodes a lightpath
 * touches, both ends included (hops + 1), as eq. 4's "1 +" does; the crosstalk terms P_Rx and P_Tx are
 * ratios to the received signal power; eq. 9 takes the SNR as a plain power ratio, not in dB.
 */
export const OPTICS_PARAMS: readonly ParamDef[] = [
  {
    key: 'laser-power',
    label: 'Laser power P_laser',
    kind: 'number',
    min: -30,
    max: 30,
    default: 0,
    unit: 'dBm',
    group: 'optics',
    help: 'Power per wavelength into the transmitter (eq. 6); 1 mW each keeps 64 wavelengths near 18 dBm.',
  },
  {
    key: 'receiver-sensitivity',
    label: 'Receiver sensitivity',
    kind: 'number',
    min: -60,
    max: 10,
    default: -20,
    unit: 'dBm',
    group: 'optics',
    help: 'Weakest signal the photodetector reads. Eq. 6 as printed leaves it out (0 dBm).',
  },
  {
    key: 'modulator-loss',
    label: 'Modulator loss P_m',
    kind: 'number',
    min: 0,
    max: 30,
    default: 1,
    unit: 'dB',
    group: 'optics',
    help: 'Insertion loss of the micro-ring modulator at the sender (eq. 5).',
  },
  {
    key: 'pass-loss',
    label: 'Loss per node passed P_pass',
    kind: 'number',
    min: 0,
    max: 10,
    default: 0.32,
    unit: 'dB',
    group: 'optics',
    help: 'Loss at each node on the path (eq. 5): 64 off-resonance rings × 0.005 dB each.',
  },
  {
    key: 'er-penalty',
    label: 'Extinction-ratio penalty P_p',
    kind: 'number',
    min: 0,
    max: 20,
    default: 1,
    unit: 'dB',
    group: 'optics',
    help: 'Power penalty of a finite extinction ratio (eq. 6); 1 dB matches an extinction ratio of 9.4 dB.',
  },
  {
    key: 'crosstalk-rx',
    label: 'Crosstalk per node P_Rx',
    kind: 'number',
    min: -100,
    max: 0,
    default: -40,
    unit: 'dB',
    group: 'optics',
    help: 'Receive-side crosstalk each node on the path adds, relative to the received signal (eq. 8).',
  },
  {
    key: 'crosstalk-tx',
    label: 'Transmit crosstalk P_Tx',
    kind: 'number',
    min: -100,
    max: 0,
    default: -25,
    unit: 'dB',
    group: 'optics',
    help: 'Transmit-side crosstalk, relative to the received signal (eq. 8): one ring’s leakage.',
  },
  {
    key: 'other-noise',
    label: 'Other noise P_O',
    kind: 'number',
    min: -100,
    max: 0,
    default: -39,
    unit: 'dBm',
    group: 'optics',
    help: 'Receiver noise (eq. 7); −39 dBm puts BER 10⁻⁹ exactly at the −20 dBm sensitivity.',
  },
];

/** The bit-error rate a reliable link must stay below (the paper's bound after eq. 9). */
export const BER_LIMIT = 1e-9;

/** Optical parameters in the paper's symbols, in the units stated. */
export interface OpticsParams {
  laserDbm: number;
  sensitivityDbm: number;
  modulatorLossDb: number;
  passLossDb: number;
  penaltyDb: number;
  crosstalkRxDb: number;
  crosstalkTxDb: number;
  otherNoiseDbm: number;
}

const OPTICS_DEFAULTS = defaultsOf(OPTICS_PARAMS);

/** Reads the optical parameters; missing ones take their defaults. */
export function opticsParamsOf(p: ParamValues): OpticsParams {
  const v = { ...OPTICS_DEFAULTS, ...p };
  return {
    laserDbm: num(v, 'laser-power'),
    sensitivityDbm: num(v, 'receiver-sensitivity'),
    modulatorLossDb: num(v, 'modulator-loss'),
    passLossDb: num(v, 'pass-loss'),
    penaltyDb: num(v, 'er-penalty'),
    crosstalkRxDb: num(v, 'crosstalk-rx'),
    crosstalkTxDb: num(v, 'crosstalk-tx'),
    otherNoiseDbm: num(v, 'other-noise'),
  };
}

// ---------------------------------------------------------------------------------------------------
// Units

/** A ratio in dB as a plain factor: 10^(dB/10). */
export const dbToRatio = (db: number) => 10 ** (db / 10);
/** A plain power ratio in dB. */
export const ratioToDb = (r: number) => 10 * Math.log10(r);
/** A power in dBm in milliwatts (0 dBm = 1 mW). */
export const dbmToMw = dbToRatio;

/** Comparisons of sums of decimal inputs (0.1 + 0.2) must not flip on the last bit. */
const EPS = 1e-9;
const atMost = (a: number, b: number) => a <= b + EPS * Math.max(Math.abs(a), Math.abs(b));

// ---------------------------------------------------------------------------------------------------
// Eq. 4: the longest lightpath

/**
 * Eq. 4: L_max = 1 + (N^{1/k} − 1)·N^{1−1/k}, the length of OpTree's longest lightpath (stage 1,
 * from the first node of the first group to the first node of the last group), counted as nodes
 * touched: the hop distance (m − 1)·N/m plus one. For k = 1 (one stage) it is N.
 */
export function eq4LongestPath(nodes: number, depth: number): number {
  const m = nodes ** (1 / depth);
  return 1 + (m - 1) * nodes ** (1 - 1 / depth);
}

/**
 * Eq. 4 for per-level arities m_1..m_k (stage 1 first): at level j, groups of ⌈N/(m_1⋯m_j)⌉ nodes
 * and the first member of the first and of the last of m_j sibling groups are (m_j − 1) group sizes
 * apart. The longest over the levels, plus one. With m_j = N^{1/k} at every level it is eq. 4.
 */
export function longestPathForRadices(nodes: number, radices: readonly number[]): number {
  let product = 1;
  let hops = 0;
  for (const m of radices) {
    product *= m;
    hops = Math.max(hops, (m - 1) * Math.ceil(nodes / product));
  }
  return 1 + hops;
}

/** Nodes a lightpath of `hops` hops touches, both ends included: the count eq. 4 gives. */
export const nodesOnPath = (hops: number) => hops + 1;

// ---------------------------------------------------------------------------------------------------
// Eqs. 5–6: insertion loss and laser power

/** Eq. 5: L_l = P_m + L·P_pass (dB) for a lightpath touching L nodes. */
export function insertionLossDb(o: OpticsParams, pathNodes: number): number {
  return o.modulatorLossDb + pathNodes * o.passLossDb;
}

/**
 * Eq. 6 solved for the laser: P_laser ≥ S + L_l + P_p (dBm). The printed inequality has no
 * receiver sensitivity S: it is our reading that the budget is counted down to the detector's
 * sensitivity, and S = 0 dBm gives the printed form.
 */
export function requiredLaserDbm(o: OpticsParams, pathNodes: number): number {
  return o.sensitivityDbm + insertionLossDb(o, pathNodes) + o.penaltyDb;
}

/** The loss a lightpath may have: P_laser − S − P_p (dB). */
export function lossBudgetDb(o: OpticsParams): number {
  return o.laserDbm - o.sensitivityDbm - o.penaltyDb;
}

// ---------------------------------------------------------------------------------------------------
// Eqs. 7–9: crosstalk, SNR and bit-error rate

/** Signal power at the receiver of a lightpath touching L nodes: P_S = P_laser − L_l (dBm). */
export function receivedDbm(o: OpticsParams, pathNodes: number): number {
  return o.laserDbm - insertionLossDb(o, pathNodes);
}

/**
 * Eqs. 7–8 as a plain ratio: P_S / (P_N + P_O) with P_N = L·P_Rx + P_Tx, where P_Rx and P_Tx are
 * crosstalk ratios to P_S (so P_N = P_S·(L·x_Rx + x_Tx)) and P_O is an absolute noise power. Powers
 * are added in milliwatts, never in dB.
 */
export function snrRatio(o: OpticsParams, pathNodes: number): number {
  const signalMw = dbmToMw(receivedDbm(o, pathNodes));
  const crosstalkMw = signalMw * (pathNodes * dbToRatio(o.crosstalkRxDb) + dbToRatio(o.crosstalkTxDb));
  return signalMw / (crosstalkMw + dbmToMw(o.otherNoiseDbm));
}

/** Eq. 7: the SNR in dB. */
export const snrDb = (o: OpticsParams, pathNodes: number) => ratioToDb(snrRatio(o, pathNodes));

/** Eq. 9: BER = ½·e^{−SNR/4}, with the SNR as a plain power ratio (see the docs for why not dB). */
export const berOf = (snr: number) => 0.5 * Math.exp(-snr / 4);

/** The SNR (plain ratio) eq. 9 needs for BER = `ber`: 4·ln(1/(2·ber)); 80.1 (19.04 dB) for 10⁻⁹. */
export const snrNeededRatio = (ber = BER_LIMIT) => 4 * Math.log(1 / (2 * ber));

// ---------------------------------------------------------------------------------------------------
// The longest lightpath the optics allow

export type Binding = 'power' | 'crosstalk';

/**
 * The most nodes a lightpath may touch under eqs. 5–6 (power) and 7–9 (crosstalk); null when
 * neither limits it (no loss and no per-node crosstalk). Both SNR and the power margin only fall as
 * L grows, so each limit is the last L that passes.
 */
export function longestAllowedPath(o: OpticsParams): { nodes: number | null; binding: Binding | null } {
  const byPower = powerLimit(o);
  const byCrosstalk = crosstalkLimit(o);
  if (byPower === null && byCrosstalk === null) return { nodes: null, binding: null };
  if (byCrosstalk === null || (byPower !== null && byPower <= byCrosstalk))
    return { nodes: byPower, binding: 'power' };
  return { nodes: byCrosstalk, binding: 'crosstalk' };
}

/** Path lengths beyond this count as unlimited (a ring has at most 65,536 nodes here). */
const CAP = 2 ** 40;

function powerLimit(o: OpticsParams): number | null {
  const spare = lossBudgetDb(o) - o.modulatorLossDb;
  if (o.passLossDb === 0) return atMost(0, spare) ? null : 0;
  const nodes = Math.max(0, Math.floor(spare / o.passLossDb + EPS));
  return nodes > CAP ? null : nodes;
}

function crosstalkLimit(o: OpticsParams): number | null {
  const ok = (l: number) => snrAllows(o, l);
  if (!ok(1)) return 0;
  let lo = 1;
  let hi = 2;
  while (ok(hi)) {
    lo = hi;
    hi *= 2;
    if (hi > CAP) return null;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------------
// The evaluation shown in the app and the command line

/** One constraint: its value by eq. 4's L_max and by the constructed schedule's longest lightpath. */
export interface OpticsRow {
  id: 'path' | 'loss' | 'laser' | 'snr' | 'ber';
  /**
   * The constraint the row belongs to: 'power' (eqs. 5–6, loss and laser are one inequality in two
   * units), 'crosstalk' (eqs. 7–9, SNR and BER likewise) or 'length' (the path length both allow).
   */
  constraint: 'length' | 'power' | 'crosstalk';
  label: string;
  /** The relation in TeX. */
  tex: string;
  source: string;
  /** Value at eq. 4's L_max; null when the algorithm has no tree depth for eq. 4. */
  formula: number | null;
  /** Value at the constructed schedule's longest lightpath. */
  constructed: number;
  /** The bound; null when there is none (an unlimited path length). */
  limit: number | null;
  /** Whether the value must stay at or below the limit ('max') or at or above it ('min'). */
  bound: 'max' | 'min';
  unit: 'nodes' | 'dB' | 'dBm' | 'BER';
  /** The constructed schedule satisfies this constraint. */
  ok: boolean;
  /** The formula's L_max satisfies it (absent when there is no formula value). */
  formulaOk?: boolean;
  /** What is wrong, in plain words, when `ok` is false. */
  message?: string;
  /** A remark on formula vs construction. */
  note?: string;
}

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
  const where = `the longest lightpath touches ${count(lc, 'node')} (${count(measured.longestRoute, 'hop')})`;
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
        `${capital(where)}; with these parameters a lightpath may touch at most ${count(allowed.nodes ?? 0, 'node')} ` +
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
        `At the end of the longest lightpath (${count(lc, 'node')}) the worst-case SNR is ${fmt(snrDb(o, lc))} dB; ` +
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

/** Eq. 9's bound in SNR terms: the plain-ratio SNR of a lightpath touching L nodes reaches 80.1. */
function snrAllows(o: OpticsParams, pathNodes: number): boolean {
  return atMost(snrNeededRatio(), snrRatio(o, pathNodes));
}

const count = (n: number, what: string) => `${fmt(n)} ${what}${n === 1 ? '' : 's'}`;

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
