import { describe, expect, it } from 'vitest';
import { defaultsOf, type ParamValue } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { findAlgorithm } from '../../registry';
import { run } from '../../run';
import { drawsBands, loadsOf, transfersInStep } from './circuit-bands';
import { circuitLoads } from './circuit-loads';

const runOf = (alg: string, params: Record<string, ParamValue>) =>
  run(alg, { ...defaultsOf(findAlgorithm(alg)!.params), ...params }, CLI_LIMITS);

describe('blocks per circuit in a dense phase', () => {
  it('count the blocks over each circuit of static all-to-all: (n² − 1) / 8 each way on every circuit', () => {
    const n = 9;
    const r = runOf('direct-alltoall', { nodes: n });
    const loads = circuitLoads(r.schedule, r.topology, 1);
    expect(transfersInStep(r.schedule, 1)).toBe(n * (n - 1));
    expect(loads.usedRight).toBe(n);
    expect(loads.usedLeft).toBe(n);
    expect(loads.max).toBe((n * n - 1) / 8);
    for (let l = 0; l < r.topology.linkFrom.length; l++)
      if (loads.blocks[l] > 0) expect(loads.blocks[l]).toBe(10);
    // Each node sends 1, 2, 3, 4 circuits away each way: 2 · (1 + 2 + 3 + 4) = 20 crossings per node.
    expect(loads.crossings).toBe(20 * n);
    expect(drawsBands(transfersInStep(r.schedule, 1), n)).toBe(true);
    expect(circuitLoads(r.schedule, r.topology, 0).max).toBe(0);
  });

  it('count ReTri’s phase 0 on 27 nodes: every circuit carries 9 blocks each way, drawn as bands', () => {
    const r = runOf('retri', { nodes: 27 });
    const loads = circuitLoads(r.schedule, r.topology, 1);
    // Digit 0 is +1 for a third of the 27 destinations and −1 for another third.
    expect(loads.usedRight).toBe(27);
    expect(loads.usedLeft).toBe(27);
    expect(loads.max).toBe(9);
    expect(loads.crossings).toBe(2 * 27 * 9);
    // 54 transfers on 27 nodes: two per node, one each way, drawn one by one.
    expect(drawsBands(transfersInStep(r.schedule, 1), 27)).toBe(false);
    expect(drawsBands(4374, 2187)).toBe(true);
    expect(drawsBands(4032, 64)).toBe(true);
  });

  it('come with the result, counted in the worker, for the phases drawn as bands and only those', () => {
    for (const [alg, n] of [
      ['direct-alltoall', 16],
      ['retri', 27],
      ['bruck', 64],
    ] as const) {
      const r = runOf(alg, { nodes: n });
      const s = r.schedule;
      for (let step = 1; step <= s.stepCount; step++) {
        const carried = loadsOf(r.extras, step);
        if (drawsBands(transfersInStep(s, step), r.topology.nodeCount))
          expect(carried, `${alg} step ${step}`).toEqual(circuitLoads(s, r.topology, step));
        else expect(carried, `${alg} step ${step}`).toBeNull();
      }
      expect(loadsOf(r.extras, 0)).toBeNull();
    }
    // Static all-to-all's one phase is dense.
    expect(loadsOf(runOf('direct-alltoall', { nodes: 16 }).extras, 1)?.max).toBeGreaterThan(0);
  });
});
