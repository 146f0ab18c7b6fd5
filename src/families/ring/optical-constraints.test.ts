import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultsOf, parseParam } from '../../kernel/params/schema';
import {
  berOf,
  eq4LongestPath,
  insertionLossDb,
  longestAllowedPath,
  longestPathForRadices,
  requiredLaserDbm,
  snrDb,
  snrNeededRatio,
  snrRatio,
} from './optics-physics';
import { evaluateOptics, treeShapeOf, type OpticsRow } from './optical-constraints';
import { OPTICS_PARAMS, opticsParamsOf } from './optics-params';

const close = (actual: number, expected: number, rel = 1e-9) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(expected)));

const DEFAULTS = opticsParamsOf({});
const row = (rows: OpticsRow[], id: OpticsRow['id']) => rows.find((r) => r.id === id)!;

// The defaults, by hand: P_laser = 0 dBm, S = −20 dBm, P_m = 1 dB, P_pass = 0.32 dB, P_p = 1 dB,
// P_Rx = −40 dB and P_Tx = −25 dB of the received signal, P_O = −39 dBm.
/** Eqs. 5, 7, 8 written out for the defaults, independently of the module. */
function snrByHand(l: number): number {
  const lossDb = 1 + 0.32 * l; // eq. 5
  const signalMw = 10 ** ((0 - lossDb) / 10); // P_S in mW
  const crosstalkMw = signalMw * (l * 10 ** (-40 / 10) + 10 ** (-25 / 10)); // eq. 8
  const otherMw = 10 ** (-39 / 10);
  return signalMw / (crosstalkMw + otherMw); // eq. 7, before taking 10·log10
}
// Eq. 9 needs ½·e^(−SNR/4) ≤ 1e-9, so SNR ≥ 4·ln(5·10^8) = 80.1205 (19.0374 dB).
const SNR_NEEDED = 4 * Math.log(5e8);

describe('parameters', () => {
  it('are in the optics group with units and defaults inside their bounds', () => {
    for (const d of OPTICS_PARAMS) {
      expect(d.group).toBe('optics');
      expect(d.unit).toMatch(/^dBm?$/);
      expect(parseParam(d, String(d.default)).ok).toBe(true);
    }
    expect(opticsParamsOf(defaultsOf(OPTICS_PARAMS))).toEqual(DEFAULTS);
  });
  it('reads each key into its symbol', () => {
    const o = opticsParamsOf({ 'laser-power': 3, 'pass-loss': 0.1, 'crosstalk-rx': -30 });
    expect(o.laserDbm).toBe(3);
    expect(o.passLossDb).toBe(0.1);
    expect(o.crosstalkRxDb).toBe(-30);
    expect(o.sensitivityDbm).toBe(-20);
  });
});

describe('eq. 4: the longest lightpath', () => {
  it('matches values worked out by hand', () => {
    expect(eq4LongestPath(16, 2)).toBeCloseTo(1 + 3 * 4, 9); // m = 4, N/m = 4: 13 nodes
    expect(eq4LongestPath(1024, 2)).toBeCloseTo(1 + 31 * 32, 9); // m = 32: 993 nodes
    expect(eq4LongestPath(8, 3)).toBeCloseTo(1 + 1 * 4, 9); // m = 2: 5 nodes
    expect(eq4LongestPath(10, 1)).toBeCloseTo(10, 9); // one stage: 1 + (N − 1)·1
    // Table 1's configuration (N = 1024, k* = 7): m = 2^(10/7) = 2.6918, N^(6/7) = 2^(60/7) = 380.55.
    expect(eq4LongestPath(1024, 7)).toBeCloseTo(1 + (2 ** (10 / 7) - 1) * 2 ** (60 / 7), 9);
  });
  it('per-level arities: the longest over the levels of (m_j − 1)·⌈N / (m_1⋯m_j)⌉, plus one', () => {
    expect(longestPathForRadices(16, [4, 4])).toBe(13);
    // 3,3,2 on 16: level 1 groups of ⌈16/3⌉ = 6 → 2·6 = 12; level 2 ⌈16/9⌉ = 2 → 2·2 = 4; level 3 → 1.
    expect(longestPathForRadices(16, [3, 3, 2])).toBe(13);
    // 2,8 on 16: level 1: 1·8 = 8; level 2: 7·1 = 7.
    expect(longestPathForRadices(16, [2, 8])).toBe(9);
  });
  it('per-level arities reduce to eq. 4 when N is an exact power', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 5 }), (m, k) => {
        const n = m ** k;
        close(longestPathForRadices(n, Array(k).fill(m)), eq4LongestPath(n, k), 1e-9);
      }),
    );
  });
  it('finds the tree shape in radices, else depth', () => {
    expect(treeShapeOf({ radices: '4,4,4', depth: 2 })).toEqual({ radices: [4, 4, 4] });
    expect(treeShapeOf({ radices: '', depth: 3 })).toEqual({ depth: 3 });
    expect(treeShapeOf({ nodes: 8 })).toEqual({});
  });
});

describe('eqs. 5–6: insertion loss and laser power', () => {
  it('adds losses in dB', () => {
    // A 4-hop lightpath touches 5 nodes: 1 dB + 5 × 0.32 dB = 2.6 dB.
    close(insertionLossDb(DEFAULTS, 5), 2.6);
    // Laser needed: −20 dBm + 2.6 dB + 1 dB = −16.4 dBm.
    close(requiredLaserDbm(DEFAULTS, 5), -16.4);
  });
  it('with 0 dBm sensitivity is the printed inequality P_laser ≥ L_l + P_p', () => {
    const o = opticsParamsOf({ 'receiver-sensitivity': 0 });
    close(requiredLaserDbm(o, 5), 2.6 + 1);
  });
  it('the power budget allows (19 − 1) / 0.32 = 56.25, so 56 nodes', () => {
    // Budget: 0 − (−20) − 1 = 19 dB. At 56 nodes: 1 + 17.92 = 18.92 dB fits; at 57: 19.24 dB does not.
    const noCrosstalk = opticsParamsOf({ 'crosstalk-rx': -100, 'crosstalk-tx': -100, 'other-noise': -100 });
    expect(longestAllowedPath(noCrosstalk)).toEqual({ nodes: 56, binding: 'power' });
  });
  it('a lossless path is not limited by power', () => {
    const o = opticsParamsOf({ 'pass-loss': 0, 'crosstalk-rx': -100 });
    expect(longestAllowedPath(o).binding).not.toBe('power');
  });
});

describe('eqs. 7–9: SNR and bit-error rate', () => {
  it('matches the SNR worked out by hand', () => {
    // L = 5: P_S = −2.6 dBm = 0.5495 mW; crosstalk 5·10⁻⁴ + 10^−2.5 = 0.003662 of it; P_O = 1.259·10⁻⁴ mW
    // = 0.000229 of it: SNR = 1/0.003891 = 257.0, 24.099 dB.
    close(snrRatio(DEFAULTS, 5), snrByHand(5));
    close(snrDb(DEFAULTS, 5), 10 * Math.log10(snrByHand(5)));
    close(snrDb(DEFAULTS, 5), 24.099, 1e-4);
  });
  it('adds noise powers in milliwatts, not in dB', () => {
    // P_S = 0 dBm, crosstalk equal to the signal (0 dB), P_O = 0 dBm: 1 mW / (1 mW + 1 mW) = −3.01 dB.
    const o = opticsParamsOf({
      'laser-power': 0,
      'modulator-loss': 0,
      'pass-loss': 0,
      'crosstalk-rx': -100,
      'crosstalk-tx': 0,
      'other-noise': 0,
    });
    close(snrDb(o, 1), 10 * Math.log10(0.5), 1e-6);
  });
  it('eq. 9 takes the SNR as a ratio: 1e-9 needs 80.12 (19.04 dB)', () => {
    close(snrNeededRatio(), SNR_NEEDED);
    close(berOf(SNR_NEEDED), 1e-9);
    close(berOf(0), 0.5);
  });
  it('crosstalk limits the defaults to 46 nodes', () => {
    // L = 46: P_S = −15.72 dBm; 0.0046 + 0.00316 + 10^−2.328 = 0.01246 → SNR 80.25 ≥ 80.12.
    // L = 47: P_S = −16.04 dBm; 0.0047 + 0.00316 + 10^−2.296 = 0.01292 → SNR 77.40.
    expect(snrByHand(46)).toBeGreaterThanOrEqual(SNR_NEEDED);
    expect(snrByHand(47)).toBeLessThan(SNR_NEEDED);
    expect(longestAllowedPath(DEFAULTS)).toEqual({ nodes: 46, binding: 'crosstalk' });
  });
});

describe('evaluateOptics', () => {
  it('passes a short ring lightpath and reports every row', () => {
    const rows = evaluateOptics({}, { longestRoute: 4, nodes: 8 });
    expect(rows.map((r) => r.id)).toEqual(['path', 'loss', 'laser', 'snr', 'ber']);
    expect(rows.every((r) => r.ok && r.message === undefined && r.formula === null)).toBe(true);
    expect(row(rows, 'path').constructed).toBe(5);
    expect(row(rows, 'path').limit).toBe(46);
    close(row(rows, 'loss').limit!, 19);
    close(row(rows, 'ber').constructed, 0.5 * Math.exp(-snrByHand(5) / 4));
  });
  it('flags the half-ring lightpath of N = 1024 in plain words', () => {
    // 512 hops touch 513 nodes: loss 1 + 513 × 0.32 = 165.16 dB; laser −20 + 165.16 + 1 = 146.16 dBm.
    const rows = evaluateOptics({}, { longestRoute: 512, nodes: 1024, depth: 7 });
    const laser = row(rows, 'laser');
    expect(laser.ok).toBe(false);
    close(laser.constructed, 146.16);
    expect(laser.message).toBe(
      'The longest lightpath touches 513 nodes (512 hops); with these losses the laser must deliver at ' +
        'least 146.16 dBm per wavelength but gives 0 dBm.',
    );
    expect(row(rows, 'path').message).toContain('at most 46 nodes');
    expect(row(rows, 'ber').message).toContain('above the 1e-9');
    // Eq. 4 at k = 7 goes the long way round (644.6 nodes), beyond the 513 a half ring allows.
    close(row(rows, 'path').formula!, eq4LongestPath(1024, 7));
    expect(row(rows, 'path').note).toContain('at most 512 hops');
    expect(rows.every((r) => r.formulaOk === false)).toBe(true);
  });
  it('is fixed by more laser power and quieter crosstalk', () => {
    // 40 nodes: loss 1 + 12.8 = 13.8 dB; laser −20 + 13.8 + 1 = −5.2 dBm, so 0 dBm suffices;
    // P_S = −13.8 dBm: crosstalk 40·10⁻⁴ + 10^−2.5 = 0.00716 and P_O/P_S = 10^−2.52 = 0.00302,
    // SNR = 1/0.01018 = 98 > 80.1.
    const ok = evaluateOptics({}, { longestRoute: 39, nodes: 80 });
    expect(ok.every((r) => r.ok)).toBe(true);
    // −10 dBm is below the −5.2 dBm needed.
    const weak = evaluateOptics({ 'laser-power': -10 }, { longestRoute: 39, nodes: 80 });
    expect(row(weak, 'laser').ok).toBe(false);
    expect(row(weak, 'loss').ok).toBe(false);
  });
});

describe('monotonicity (property-based)', () => {
  const params = fc.record({
    'laser-power': fc.double({ min: -30, max: 30, noNaN: true }),
    'receiver-sensitivity': fc.double({ min: -60, max: 10, noNaN: true }),
    'modulator-loss': fc.double({ min: 0, max: 30, noNaN: true }),
    'pass-loss': fc.double({ min: 0, max: 10, noNaN: true }),
    'er-penalty': fc.double({ min: 0, max: 20, noNaN: true }),
    'crosstalk-rx': fc.double({ min: -100, max: 0, noNaN: true }),
    'crosstalk-tx': fc.double({ min: -100, max: 0, noNaN: true }),
    'other-noise': fc.double({ min: -100, max: 0, noNaN: true }),
  });
  const hops = fc.integer({ min: 0, max: 5000 });

  it('more hops never lower the loss nor raise the SNR', () => {
    fc.assert(
      fc.property(params, hops, hops, (p, a, b) => {
        const o = opticsParamsOf(p);
        const [l1, l2] = [Math.min(a, b) + 1, Math.max(a, b) + 1];
        expect(insertionLossDb(o, l2)).toBeGreaterThanOrEqual(insertionLossDb(o, l1));
        expect(snrRatio(o, l2)).toBeLessThanOrEqual(snrRatio(o, l1) * (1 + 1e-12));
      }),
    );
  });
  it('more laser power never worsens the BER', () => {
    fc.assert(
      fc.property(params, hops, fc.double({ min: 0, max: 20, noNaN: true }), (p, h, extra) => {
        const more = { ...p, 'laser-power': p['laser-power'] + extra };
        const ber = (q: typeof p) => berOf(snrRatio(opticsParamsOf(q), h + 1));
        expect(ber(more)).toBeLessThanOrEqual(ber(p) * (1 + 1e-12));
      }),
    );
  });
  it('a longer lightpath never turns a failed check into a passed one', () => {
    fc.assert(
      fc.property(params, hops, hops, (p, a, b) => {
        const short = evaluateOptics(p, { longestRoute: Math.min(a, b), nodes: 10_000 });
        const long = evaluateOptics(p, { longestRoute: Math.max(a, b), nodes: 10_000 });
        short.forEach((r, i) => {
          if (!r.ok) expect(long[i].ok).toBe(false);
        });
      }),
    );
  });
  it('the longest allowed path passes every check and one node more fails one', () => {
    fc.assert(
      fc.property(params, (p) => {
        const { nodes } = longestAllowedPath(opticsParamsOf(p));
        if (nodes === null || nodes === 0) return;
        const at = evaluateOptics(p, { longestRoute: nodes - 1, nodes: 2 * nodes + 2 });
        expect(at.every((r) => r.ok)).toBe(true);
        const beyond = evaluateOptics(p, { longestRoute: nodes, nodes: 2 * nodes + 2 });
        expect(beyond.some((r) => !r.ok)).toBe(true);
      }),
    );
  });
});

describe('edge cases', () => {
  it('a vanishing pass loss leaves only crosstalk to limit the path', () => {
    // P_S = 0 − 1 = −1 dBm, so P_O/P_S = 10^(−3.8) = 1.585·10⁻⁴; with 10⁻¹⁰ per node and at the
    // sender, L ≤ (1/80.12 − 1.585·10⁻⁴ − 10⁻¹⁰) / 10⁻¹⁰ ≈ 1.232·10⁸ nodes.
    const p = { 'pass-loss': 1e-300, 'crosstalk-rx': -100, 'crosstalk-tx': -100 };
    const { nodes, binding } = longestAllowedPath(opticsParamsOf(p));
    expect(binding).toBe('crosstalk');
    expect(nodes! / 1e8).toBeCloseTo((1 / SNR_NEEDED - 10 ** -3.8 - 1e-10) / 1e-10 / 1e8, 4);
    const rows = evaluateOptics({ 'pass-loss': 0, 'crosstalk-rx': -100 }, { longestRoute: 3, nodes: 8 });
    expect(rows.every((r) => r.ok && Number.isFinite(r.constructed))).toBe(true);
  });
  it('a budget below the modulator loss allows no lightpath at all', () => {
    // 0 − (−20) − 1 = 19 dB budget against a 25 dB modulator: nothing fits.
    const o = opticsParamsOf({ 'modulator-loss': 25 });
    expect(longestAllowedPath(o).nodes).toBe(0);
    expect(evaluateOptics({ 'modulator-loss': 25 }, { longestRoute: 1, nodes: 8 })[0].ok).toBe(false);
  });
});
