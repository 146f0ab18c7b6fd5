import { describe, expect, it } from 'vitest';
import { ALGORITHMS, findAlgorithm } from './registry';
import { defaultsOf } from './kernel/params/schema';
import { CLI_LIMITS } from './limits';
import { measure, run } from './run';
import { INTERCONNECTS, interconnectOf, isKnownInterconnect } from './interconnects';

describe('interconnect registry', () => {
  it('has one entry per model, filed under its own kind', () => {
    for (const [kind, model] of Object.entries(INTERCONNECTS)) expect(model.kind).toBe(kind);
    expect(Object.keys(INTERCONNECTS).sort()).toEqual([
      'circuit',
      'generic',
      'mesh',
      'noc',
      'star',
      'wdm-ring',
    ]);
  });

  it('gives a kind it does not know the generic entry, never the ring', () => {
    expect(isKnownInterconnect('octagon')).toBe(false);
    expect(interconnectOf('octagon')).toBe(INTERCONNECTS.generic);
    expect(interconnectOf('toString')).toBe(INTERCONNECTS.generic);
    expect(interconnectOf('octagon').stepSeconds).toBeNull();
    expect(interconnectOf('octagon').optics).toBeNull();
  });

  it('every registered algorithm is timed: by its own cost model or by its interconnect', () => {
    for (const a of ALGORITHMS)
      expect(a.stepSeconds ?? interconnectOf(a.topology).stepSeconds, a.id).toBeTypeOf('function');
  });

  it('a schedule on a model without a time model is refused, not timed as a ring', () => {
    const spec = findAlgorithm('star-scatter')!;
    const r = run(spec.id, { ...defaultsOf(spec.params), nodes: 8 }, CLI_LIMITS);
    expect(() => measure({ topology: 'star' }, r.schedule, r.report.usage, r.params)).toThrow(
      /no time model.*passive optical star/,
    );
    expect(() => measure({ topology: 'octagon' as 'generic' }, r.schedule, r.report.usage, r.params)).toThrow(
      /no time model/,
    );
    // A ring algorithm without its own uses the ring's eq. 3.
    const ring = findAlgorithm('ring-allgather')!;
    const rr = run(ring.id, { ...defaultsOf(ring.params), nodes: 8 }, CLI_LIMITS);
    expect(measure({ topology: 'wdm-ring' }, rr.schedule, rr.report.usage, rr.params).summary.seconds).toBe(
      rr.summary.seconds,
    );
  });

  it('the spectrum view reads the ring as two fibres and names the star’s coupler link', () => {
    expect(INTERCONNECTS['wdm-ring'].spectrum.fibres).toBe(2);
    for (const kind of ['star', 'circuit', 'generic'] as const)
      expect(INTERCONNECTS[kind].spectrum.fibres).toBe(1);
    expect(INTERCONNECTS.star.spectrum.captions(8)[0]).toBe(
      'uplinks 0–7, coupler 8, downlinks 9–16; wavelength (rows)',
    );
    expect(interconnectOf('octagon').spectrum.captions(8)).toEqual([
      'link (columns), channel (rows)',
      'links × channels',
    ]);
  });

  it('optical constraints are evaluated where the model has them', () => {
    const ring = findAlgorithm('ring-allgather')!;
    const star = findAlgorithm('star-gossip')!;
    expect(run(ring.id, { ...defaultsOf(ring.params), nodes: 8 }, CLI_LIMITS).optics).toBeDefined();
    expect(run(star.id, { ...defaultsOf(star.params), nodes: 8 }, CLI_LIMITS).optics).toBeUndefined();
  });

  it("a model's extras ride with the result: the star's tunings, nothing for the others", () => {
    const star = findAlgorithm('star-gossip')!;
    const s = run(star.id, { ...defaultsOf(star.params), nodes: 8, 'wavelengths-per-node': 1 }, CLI_LIMITS);
    const tunings = s.extras?.tunings as { rxTotal: number; rx: Uint32Array } | undefined;
    expect(tunings?.rx).toHaveLength(s.schedule.stepCount);
    expect(tunings?.rxTotal).toBeGreaterThan(0);
    const ring = findAlgorithm('ring-allgather')!;
    expect(run(ring.id, { ...defaultsOf(ring.params), nodes: 8 }, CLI_LIMITS).extras).toBeUndefined();
    expect(interconnectOf('octagon').extras).toBeUndefined();
  });
});

describe('ghosts', () => {
  it('a result says which processors are real: padded constructions add ghosts above them', () => {
    const gossip = findAlgorithm('star-gossip')!;
    const g = run(
      gossip.id,
      { ...defaultsOf(gossip.params), nodes: 10, 'wavelengths-per-node': 2 },
      CLI_LIMITS,
    );
    expect(g.topology.nodeCount).toBeGreaterThan(10);
    expect(g.realNodes).toBe(10);
    const ring = findAlgorithm('ring-allgather')!;
    const r = run(ring.id, { ...defaultsOf(ring.params), nodes: 9 }, CLI_LIMITS);
    expect(r.realNodes).toBe(r.topology.nodeCount);
  });
});
