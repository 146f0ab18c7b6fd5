import { describe, expect, it } from 'vitest';
import type { OpticsRow } from '../families/ring/optical-constraints';
import { memoryCli, outText as out, flags } from './cli.test-util';
import { type ListedAlgorithm } from './list-command';

// No files in these tests: reading one fails.
const { cli, formulas } = memoryCli();
const row = (rows: OpticsRow[] | undefined, id: OpticsRow['id']) => rows!.find((r) => r.id === id)!;

describe('formulas: optical constraints', () => {
  it('reports eqs. 4–9 for the longest lightpath as JSON', () => {
    const { report: rep } = formulas('ring-allgather', '--nodes', '8');
    expect(rep.optics!.map((o) => o.id)).toEqual(['path', 'loss', 'laser', 'snr', 'ber']);
    // Ring all-gather sends one hop: the lightpath touches 2 nodes; loss 1 + 2 × 0.32 = 1.64 dB.
    expect(row(rep.optics, 'path')).toMatchObject({ constructed: 2, formula: null, ok: true });
    expect(row(rep.optics, 'loss').constructed).toBeCloseTo(1.64, 9);
    expect(row(rep.optics, 'loss').limit).toBeCloseTo(19, 9); // 0 dBm − (−20 dBm) − 1 dB
    expect(rep.optics!.every((o) => o.ok)).toBe(true);
  });

  it('flags a violated constraint in plain words (the exit code stays 0: the schedule verifies)', () => {
    // 10 dB per node: 1 + 2 × 10 = 21 dB lost; the laser must give −20 + 21 + 1 = 2 dBm, not 0.
    const { report: rep } = formulas('ring-allgather', '--nodes', '8', '--pass-loss', '10');
    const laser = row(rep.optics, 'laser');
    expect(laser.ok).toBe(false);
    expect(laser.message).toContain('the laser must deliver at least 2 dBm per wavelength but gives 0 dBm');
    expect(rep.params['pass-loss']).toBe(10);
  });

  it('prints the constraints with their verdicts as text', () => {
    const good = out(cli('formulas', 'neighbor-exchange', '--nodes', '12', '--format', 'text'));
    expect(good).toContain('Optical constraints (eqs. 4–9): all satisfied');
    expect(good).toMatch(/ok {3}Insertion loss L_l: formula —, constructed 1\.64 dB, at most 19 dB/);
    const bad = out(
      cli(
        'formulas',
        'ring-allgather',
        ...flags({ nodes: 8, 'pass-loss': 10, 'laser-power': 0, format: 'text' }),
      ),
    );
    expect(bad).toContain('Optical constraints (eqs. 4–9): 5 of 5 VIOLATED');
    expect(bad).toContain('FAIL Laser power needed: formula —, constructed 2 dBm, at most 0 dBm');
    expect(bad).toContain('with these losses the laser must deliver at least 2 dBm');
  });
});

describe('optical parameters on the command line', () => {
  it('are listed for the WDM-ring algorithms with units and bounds', () => {
    const list = JSON.parse(out(cli('list'))) as ListedAlgorithm[];
    for (const a of list.filter((x) => x.topology === 'wdm-ring')) {
      const laser = a.params.find((p) => p.key === 'laser-power');
      expect(laser).toMatchObject({ unit: 'dBm', min: -30, max: 30, default: 0 });
    }
    expect(out(cli('help'))).toContain('--pass-loss');
  });

  it('refuses an out-of-range value with its bounds', () => {
    const r = cli('formulas', 'ring-allgather', '--laser-power', '99');
    expect(r.code).toBe(2);
    expect(r.err).toBe('Laser power P_laser (laser-power) must be a number from -30 to 30 dBm; got "99"');
  });
});
