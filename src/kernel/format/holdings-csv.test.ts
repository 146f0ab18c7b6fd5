import { describe, expect, it } from 'vitest';
import { defaultsOf, type ParamValue } from '../params/schema';
import { CLI_LIMITS } from '../../limits';
import { findAlgorithm } from '../../registry';
import { run } from '../../run';
import { firstArrival, holds } from '../replay/holding-queries';
import { parseCsvObjects } from './csv';
import { HOLDINGS_CSV_HEADER, holdingsCsvChunks, holdingsRowCount } from './holdings-csv';

const runOf = (alg: string, params: Record<string, ParamValue>) =>
  run(alg, { ...defaultsOf(findAlgorithm(alg)!.params), ...params }, CLI_LIMITS);

describe('the holdings table', () => {
  for (const [alg, params] of [
    ['ring-allgather', { nodes: 6 }],
    ['retri', { nodes: 9 }],
    ['direct-alltoall', { nodes: 5 }],
    ['star-multiscatter', { nodes: 9 }],
  ] as const)
    it(`gives back the holdings matrix at every step (${alg})`, () => {
      const r = runOf(alg, params);
      const h = r.holdings;
      const text = [...holdingsCsvChunks(h, r.schedule.blocks)].join('');
      expect(text.split('\n')[0]).toBe(HOLDINGS_CSV_HEADER.join(','));
      const rows = parseCsvObjects(text);
      expect(rows.length).toBe(holdingsRowCount(h));
      // Every line is a first arrival, with its block's origin.
      const seen = new Map<string, number>();
      for (const row of rows) {
        const [b, v, st] = [Number(row.block), Number(row.node), Number(row.step)];
        expect(firstArrival(h, v, b)).toBe(st);
        // The origin holds its block from the start.
        expect(firstArrival(h, Number(row.origin), b)).toBe(0);
        seen.set(`${b},${v}`, st);
      }
      // And every cell of the matrix, at every step, is read back from the lines.
      for (let step = 0; step <= h.stepCount; step++)
        for (let v = 0; v < h.nodeCount; v++)
          for (let b = 0; b < h.blockCount; b++)
            expect((seen.get(`${b},${v}`) ?? Infinity) <= step).toBe(holds(h, v, b, step));
    });

  it('has no table for a reduction', () => {
    const r = runOf('mesh-allreduce', { side: 4 });
    expect(r.holdings.kind).toBe('counts');
    expect(holdingsRowCount(r.holdings)).toBeNull();
    expect(() => [...holdingsCsvChunks(r.holdings, r.schedule.blocks)]).toThrow(/partials/);
  });
});
