import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '../../registry';
import { defaultsOf } from '../../kernel/params/schema';
import { checkRun, CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { evaluateOptics, treeShapeOf } from './optical-constraints';

// Every WDM-ring algorithm in the registry (the ones added later included) carries the optics check,
// computed from its own verified schedule's longest lightpath.
const wdmRing = ALGORITHMS.filter((a) => a.topology === 'wdm-ring');

describe('run: optical constraints of WDM-ring results', () => {
  it('has WDM-ring algorithms to check', () => {
    expect(wdmRing.map((a) => a.id)).toEqual(expect.arrayContaining(['ring-allgather', 'neighbor-exchange']));
  });

  for (const spec of wdmRing)
    for (const nodes of [5, 8, 12])
      it(`${spec.id}, N = ${nodes}: the longest lightpath of the schedule, counted as nodes touched`, () => {
        const params = { ...defaultsOf(spec.params), nodes, wavelengths: 4 };
        // An algorithm whose other defaults do not fit this N (a fixed tree shape) is not at issue here.
        if (checkRun(spec, params, CLI_LIMITS).length) return;
        const r = run(spec.id, params, CLI_LIMITS);
        expect(r.optics).toBeDefined();
        const path = r.optics!.find((o) => o.id === 'path')!;
        expect(path.constructed).toBe(r.report.usage.longestRoute + 1);
        expect(path.formula === null).toBe(Object.keys(treeShapeOf(params)).length === 0);
        expect(r.optics).toEqual(
          evaluateOptics(params, { longestRoute: r.summary.longestRoute, nodes, ...treeShapeOf(params) }),
        );
      });

  it('a parameter change reaches the check: a −25 dBm laser fails where 0 dBm passes', () => {
    const spec = wdmRing[0];
    const base = { ...defaultsOf(spec.params), nodes: 8 };
    expect(run(spec.id, base, CLI_LIMITS).optics!.every((o) => o.ok)).toBe(true);
    const weak = run(spec.id, { ...base, 'laser-power': -25 }, CLI_LIMITS);
    expect(weak.optics!.find((o) => o.id === 'laser')!.ok).toBe(false);
    // The schedule itself is unaffected: still verified.
    expect(weak.report.ok).toBe(true);
  });
});
