import { describe, expect, it } from 'vitest';
import { BROWSER_LIMITS, checkRun } from '../../src/limits';
import { run } from '../../src/run';
import { findAlgorithm } from '../../src/registry';
import { WARM_UP_RUNS, warmUpParams } from './warmUp';

describe('worker warm-up', () => {
  it('names configurations that the browser accepts and that build and verify', () => {
    // A renamed parameter or algorithm would make the warm-up fail quietly in every worker.
    for (const { algorithm, params } of WARM_UP_RUNS) {
      const spec = findAlgorithm(algorithm)!;
      const full = warmUpParams(algorithm, params);
      for (const key of Object.keys(params)) expect(spec.params.map((d) => d.key)).toContain(key);
      expect(checkRun(spec, full, BROWSER_LIMITS)).toEqual([]);
      const r = run(algorithm, full, BROWSER_LIMITS, { quickFormulas: true });
      expect(r.report.ok).toBe(true);
      // Small enough to be quick: a few thousand lightpaths.
      expect(r.summary.transfers).toBeLessThan(10_000);
    }
    expect(() => warmUpParams('teleport', {})).toThrow(/unknown algorithm/);
  });
});
