import { describe, expect, it } from 'vitest';
import { defaultsOf, num } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { run, RUNNER } from '../../run';
import { OTIS_PARAMS } from './otis-allreduce.card';
import { otisLatency } from './otis-repro';
import { fitLatency, latencyOf, stepProfile } from './otis-latency-fit';

describe('our latency model fitted to the OTIS paper’s printed latencies', () => {
  it('a step profile prices a configuration exactly as its built, verified schedule is priced', () => {
    const p = defaultsOf(OTIS_PARAMS);
    const constants = [
      (num(p, 'startup-us') + (num(p, 'message-bytes') * num(p, 'byte-ns')) / 1e3) * 1e-6,
      num(p, 'hop-us') * 1e-6,
      num(p, 'optical-us') * 1e-6,
    ];
    for (const P of [16, 64])
      for (const [method, ports] of [
        ['direct', 'single'],
        ['direct', 'all'],
        ['edn', 'all'],
      ] as const)
        for (const at of [0, Math.sqrt(P) * (Math.sqrt(P) / 2) + Math.sqrt(P) / 2]) {
          const r = run(
            'otis-allreduce',
            { ...p, 'group-size': P, method, ports, root: at, 'control-group': at },
            CLI_LIMITS,
          );
          const profile = stepProfile(P, method, ports, at);
          expect(profile.electronic + profile.optical).toBe(r.summary.steps);
          // The optical term is t_s + t_o + m·t_1: the per-step constant plus t_o.
          expect(latencyOf(profile, constants)).toBeCloseTo(r.summary.seconds, 12);
        }
  });

  it('the fit recovers constants that produced the samples, and never goes negative', () => {
    const profiles = [
      { electronic: 60, optical: 2, hops: 120 },
      { electronic: 12, optical: 2, hops: 30 },
      { electronic: 4092, optical: 2, hops: 60_000 },
    ];
    const truth = [5e-6, 2e-7, 1e-6];
    const fit = fitLatency(profiles.map((profile) => ({ profile, seconds: latencyOf(profile, truth) })));
    expect(fit.perStep).toBeCloseTo(truth[0], 12);
    expect(fit.perHop).toBeCloseTo(truth[1], 12);
    expect(fit.optical).toBeCloseTo(truth[2], 12);
    expect(fit.miss.every((m) => Math.abs(m) < 1e-9)).toBe(true);
  });

  it('the paper check shows the best fit and what differs: EDN steps cost 1.3–2.8× a direct step in the paper, no more in ours', () => {
    const rows = otisLatency.run(CLI_LIMITS, RUNNER);
    const fitted = rows.filter((r) => r.label.endsWith('fit the paper’s six latencies best'));
    expect(fitted).toHaveLength(6);
    for (const r of fitted)
      expect(r.note).toMatch(
        /^[+−]\d+ %\. Best fit .* t_s \+ m·t_1 = [\d.]+ µs a step, t_r = [\d.]+ µs a hop, t_o = [\d.]+ µs/,
      );
    // The fit misses EDN by far more than the direct systems: no constants can make up for it.
    const miss = (r: (typeof rows)[number]) => Math.abs(r.constructed! / r.paper! - 1);
    const edn = fitted.filter((r) => r.label.includes(' EDN,'));
    const direct = fitted.filter((r) => !r.label.includes(' EDN,'));
    expect(Math.min(...edn.filter((r) => r.label.startsWith('1024')).map(miss))).toBeGreaterThan(0.3);
    expect(Math.max(...direct.map(miss))).toBeLessThan(0.3);
    const steps = rows.filter((r) => r.label.includes('one EDN step’s cost'));
    expect(steps).toHaveLength(3);
    for (const r of steps) {
      expect(r.computed!).toBeGreaterThanOrEqual(1.3);
      expect(r.constructed!).toBeLessThanOrEqual(1);
    }
  });
});
