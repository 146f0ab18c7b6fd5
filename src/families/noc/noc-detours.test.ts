import { describe, expect, it } from 'vitest';
import { findScene } from '../../config/scenes';
import { CLI_LIMITS } from '../../limits';
import { run } from '../../run';
import { longerRoutes } from './noc-detours';

describe('messages on a route longer than the shortest', () => {
  it('the Fig. 3 scene: its 5 steps need longer routes, each 2 links longer (its detour)', () => {
    const c = findScene('noc-fig3')!.config();
    const r = run(c.algorithm, c.params, CLI_LIMITS);
    expect(r.schedule.stepCount).toBe(5);
    const found = Array.from({ length: 5 }, (_, i) => longerRoutes(r.schedule, r.topology, i + 1));
    // The search takes some messages round (it does not minimise detours), each by the 2 allowed.
    expect(found.flat().length).toBeGreaterThanOrEqual(1);
    for (const r of found.flat()) expect(r.extra).toBe(2);
    // Before the first step and after the last: none.
    expect(longerRoutes(r.schedule, r.topology, 0)).toEqual([]);
    expect(longerRoutes(r.schedule, r.topology, 6)).toEqual([]);
  });

  it('shortest routes only: none', () => {
    const c = findScene('noc-fig3')!.config();
    const r = run(c.algorithm, { ...c.params, detour: 0 }, CLI_LIMITS);
    for (let step = 1; step <= r.schedule.stepCount; step++)
      expect(longerRoutes(r.schedule, r.topology, step)).toEqual([]);
  });
});
