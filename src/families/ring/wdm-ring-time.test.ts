import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../registry';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import {
  checkTimeParams,
  eq3Seconds,
  lightpathSeconds,
  overheadSeconds,
  stepSeconds,
  TIME_PARAMS,
  timeModelOf,
} from './wdm-ring-time';

/** Relative closeness: sums of floats over many steps drift by a few ulps, nothing more. */
function close(actual: number, expected: number, rel = 1e-12): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(rel * Math.abs(expected));
}

const MiB = 2 ** 20;
const D = 4 * MiB;
// Hand-derived for the defaults (B = 40 Gb/s, 25 µs, 1 cycle per flit at 1 GHz, 128 B packets, 32 B flits):
const TX_4MIB = (4 * 2 ** 20 * 8) / 40e9; // 838.8608 µs
const OEO_4MIB = 131_072 * 1e-9; // 32 768 packets × 4 flits × 1 ns = 131.072 µs
const RECONF = 25e-6;
const STEP_4MIB = TX_4MIB + OEO_4MIB + RECONF; // 994.9328 µs

function ringParams(id: string, n: number, w: number, d = D): ParamValues {
  const spec = findAlgorithm(id);
  if (!spec) throw new Error(`no algorithm ${id}`);
  return { ...defaultsOf(spec.params), nodes: n, wavelengths: w, 'message-bytes': d };
}

describe('time model parameters', () => {
  it('reads the paper defaults', () => {
    const m = timeModelOf(defaultsOf(TIME_PARAMS));
    expect(m.bandwidthBitsPerSecond).toBe(40e9);
    close(m.reconfigurationSeconds, 25e-6);
    close(m.oeoSecondsPerFlit, 1e-9);
    expect(m.packetBytes).toBe(128);
    expect(m.flitsPerPacket).toBe(4);
  });

  it('checkTimeParams rejects a flit that does not divide the packet', () => {
    const base = defaultsOf(TIME_PARAMS);
    expect(checkTimeParams(base)).toEqual([]);
    expect(checkTimeParams({ ...base, 'flit-bytes': 128 })).toEqual([]);
    expect(checkTimeParams({ ...base, 'packet-bytes': 9, 'flit-bytes': 3 })).toEqual([]);
    const bad = checkTimeParams({ ...base, 'flit-bytes': 48 });
    expect(bad).toHaveLength(1);
    expect(bad[0].key).toBe('flit-bytes');
    expect(bad[0].message).toContain('128 B');
    expect(bad[0].message).toContain('48 B');
    expect(checkTimeParams({ ...base, 'flit-bytes': 256 })).toHaveLength(1);
  });

  it('run() refuses a flit that does not divide the packet', () => {
    expect(() =>
      run('ring-allgather', { ...ringParams('ring-allgather', 8, 4), 'flit-bytes': 48 }, CLI_LIMITS),
    ).toThrow(/flit-bytes/);
  });
});

describe('eq. 3 and the per-lightpath time', () => {
  const m = timeModelOf(defaultsOf(TIME_PARAMS));

  it('4 MiB at the defaults: 32 768 packets, 838.8608 µs on the wire, 131.072 µs of O/E/O', () => {
    close(lightpathSeconds(m, D), TX_4MIB + OEO_4MIB);
    close(lightpathSeconds(m, D), 969.9328e-6);
    close(overheadSeconds(m, D), RECONF + OEO_4MIB);
    close(overheadSeconds(m, D), 156.072e-6);
    close(stepSeconds(m, D), 994.9328e-6);
    close(eq3Seconds(m, 1, D), STEP_4MIB);
    close(eq3Seconds(m, 7, D), 7 * STEP_4MIB);
    close(eq3Seconds(m, 7, D), 6964.5296e-6);
  });

  it('rounds a partial packet up in lightpathSeconds, not in eq. 3’s d/B', () => {
    // 1 B: one 128 B packet (1024 bits / 40 Gb/s = 25.6 ns) and its 4 flits (4 ns).
    close(lightpathSeconds(m, 1), 29.6e-9);
    // 129 B: two packets.
    close(lightpathSeconds(m, 129), 59.2e-9);
    // 1000 B: eight packets (1024 B → 204.8 ns) and 32 flits (32 ns).
    close(lightpathSeconds(m, 1000), 236.8e-9);
    close(lightpathSeconds(m, 1024), 236.8e-9);
    // Eq. 3 as printed uses d/B for the data (200 ns for 1000 B) and the flits of whole packets.
    close(eq3Seconds(m, 3, 1000), 3 * (200e-9 + 25e-6 + 32e-9));
  });

  it('nothing to send costs nothing', () => {
    expect(lightpathSeconds(m, 0)).toBe(0);
    expect(stepSeconds(m, 0)).toBe(0);
    expect(eq3Seconds(m, 0, D)).toBe(0);
  });

  it('follows every parameter', () => {
    const p = {
      ...defaultsOf(TIME_PARAMS),
      bandwidth: 100,
      'reconfiguration-delay': 10,
      'oeo-cycles-per-flit': 3,
      clock: 2,
      'packet-bytes': 64,
      'flit-bytes': 16,
    };
    const q = timeModelOf(p);
    close(q.oeoSecondsPerFlit, 1.5e-9);
    // 256 B: 4 packets → 2048 bits / 100 Gb/s = 20.48 ns; 16 flits × 1.5 ns = 24 ns.
    close(lightpathSeconds(q, 256), 44.48e-9);
    close(stepSeconds(q, 256), 44.48e-9 + 10e-6);
    close(eq3Seconds(q, 5, 256), 5 * (20.48e-9 + 10e-6 + 24e-9));
  });
});

describe('constructed time against eq. 3', () => {
  it('Ring: constructed time equals the eq. 3 row when d is a multiple of 128 B', () => {
    for (const [n, w, d] of [
      [8, 4, D],
      [2, 1, 128],
      [33, 2, 640],
      [100, 64, 3 * MiB],
    ]) {
      const r = run('ring-allgather', ringParams('ring-allgather', n, w, d), CLI_LIMITS);
      const packets = d / 128;
      const step = (d * 8) / 40e9 + packets * 4 * 1e-9 + 25e-6;
      close(r.summary.seconds, (n - 1) * step, 1e-11);
      for (const x of r.stepSeconds) close(x, step);
      const time = r.formulas.find((f) => f.id === 'time');
      expect(time).toBeDefined();
      close(time!.formula, (n - 1) * step);
      close(time!.constructed, time!.formula, 1e-11);
      expect(time!.note).toBeUndefined();
      const steps = r.formulas.find((f) => f.id === 'steps');
      expect(steps).toMatchObject({ formula: n - 1, constructed: n - 1 });
      expect(r.summary.bytesMoved).toBe(n * (n - 1) * d);
    }
  });

  it('Ring: a partial packet makes the constructed time slightly longer than eq. 3', () => {
    const r = run('ring-allgather', ringParams('ring-allgather', 8, 1, 1000), CLI_LIMITS);
    const time = r.formulas.find((f) => f.id === 'time')!;
    close(time.constructed, 7 * (236.8e-9 + 25e-6));
    close(time.formula, 7 * (200e-9 + 25e-6 + 32e-9));
    close(time.constructed - time.formula, 7 * 4.8e-9, 1e-6);
  });

  it('Neighbor Exchange with w ≥ 2 and even N matches eq. 3 with S = N/2', () => {
    const r = run('neighbor-exchange', ringParams('neighbor-exchange', 8, 2), CLI_LIMITS);
    const time = r.formulas.find((f) => f.id === 'time')!;
    close(time.formula, 4 * STEP_4MIB);
    close(time.constructed, 4 * STEP_4MIB);
    expect(time.note).toBeUndefined();
    expect(r.formulas.find((f) => f.id === 'wavelengths')).toMatchObject({ formula: 2, constructed: 2 });
  });

  it('Neighbor Exchange with w = 1 and even N ≥ 4 is slower than eq. 3, and the note says why', () => {
    for (const n of [4, 8, 20]) {
      const r = run('neighbor-exchange', ringParams('neighbor-exchange', n, 1), CLI_LIMITS);
      const time = r.formulas.find((f) => f.id === 'time')!;
      // Step 1 carries d; steps 2..N/2 carry 2d (8 388 608 B, a whole number of packets) on one lightpath.
      const twoD = 2 * (TX_4MIB + OEO_4MIB) + RECONF;
      close(time.constructed, STEP_4MIB + (n / 2 - 1) * twoD, 1e-11);
      close(time.formula, (n / 2) * STEP_4MIB);
      expect(time.constructed).toBeGreaterThan(time.formula);
      expect(time.note).toMatch(/w = 1/);
      expect(time.note).toMatch(/2d/);
      close(r.stepSeconds[0], STEP_4MIB);
      for (let s = 1; s < n / 2; s++) close(r.stepSeconds[s], twoD);
    }
    // N = 2 has only the pair swap, which carries d: no difference and no note.
    const two = run('neighbor-exchange', ringParams('neighbor-exchange', 2, 1), CLI_LIMITS);
    const t2 = two.formulas.find((f) => f.id === 'time')!;
    close(t2.constructed, STEP_4MIB);
    close(t2.formula, STEP_4MIB);
    expect(t2.note).toBeUndefined();
  });

  it('Neighbor Exchange with odd N: eq. 3 with S = N/2 against (N − 1)/2 relay steps', () => {
    const r = run('neighbor-exchange', ringParams('neighbor-exchange', 9, 3), CLI_LIMITS);
    const steps = r.formulas.find((f) => f.id === 'steps')!;
    expect(steps.formula).toBe(4.5);
    expect(steps.constructed).toBe(4);
    expect(steps.note).toMatch(/odd/);
    const time = r.formulas.find((f) => f.id === 'time')!;
    close(time.formula, 4.5 * STEP_4MIB);
    close(time.constructed, 4 * STEP_4MIB);
    expect(time.note).toMatch(/odd/);
    expect(r.formulas.find((f) => f.id === 'wavelengths')).toMatchObject({ formula: 1, constructed: 1 });
  });
});

describe('the time row when the message is not whole packets', () => {
  const timeRow = (id: string, extra: Record<string, number>) => {
    const spec = findAlgorithm(id)!;
    const r = run(id, { ...defaultsOf(spec.params), ...extra }, CLI_LIMITS);
    return r.formulas.find((f) => f.id === 'time')!;
  };
  it('says why formula and schedule differ (ring all-gather, 35 nodes, 18 wavelengths, 1 B)', () => {
    const row = timeRow('ring-allgather', { nodes: 35, wavelengths: 18, 'message-bytes': 1 });
    expect(row.formula).not.toBeCloseTo(row.constructed as number, 12);
    expect(row.note).toMatch(/d = 1 B is not a whole number of 128-B packets: a lightpath sends 1 packet/);
  });
  it('every ring algorithm notes a partial packet, and only then', () => {
    for (const id of ['ring-allgather', 'neighbor-exchange', 'one-stage', 'wrht', 'optree']) {
      expect(timeRow(id, { nodes: 16, 'message-bytes': 1000 }).note, id).toMatch(/not a whole number/);
      expect(timeRow(id, { nodes: 16, 'message-bytes': 1024 }).note ?? '', id).not.toMatch(/whole number/);
    }
  });
});
