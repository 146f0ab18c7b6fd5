import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../../src/registry';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../../src/limits';
import { run } from '../../../src/run';
import { stepColours } from './stepColours';

describe('star step colours', () => {
  it('rank the step’s wavelengths into at most 48 colours, in wavelength order', () => {
    const spec = findAlgorithm('star-gossip')!;
    const r = run(
      'star-gossip',
      { ...defaultsOf(spec.params), nodes: 64, 'wavelengths-per-node': 3 },
      CLI_LIMITS,
    );
    const [a, b] = [r.schedule.stepStart[0], r.schedule.stepStart[1]];
    const used = [...new Set(r.schedule.channel.subarray(a, b))].sort((x, y) => x - y);
    const c = stepColours(r, 1);
    // Every one of the 64 processors transmits once in a TCP2 step, each on a wavelength of its own.
    expect(used).toHaveLength(64);
    expect(c.count).toBe(64);
    expect(c.legend.map(([w]) => w)).toEqual(used.slice(0, 8));
    // 64 wavelengths share 48 colours: ranks 0 and 1 fall in bucket 0 (⌊0·48/64⌋ = ⌊1·48/64⌋ = 0),
    // rank 2 in bucket 1 (⌊96/64⌋ = 1); neighbouring ranks 3 and 4 differ (buckets 2 and 3).
    const colour = (rank: number) => c.of.get(used[rank]);
    expect(colour(0)).toBe(colour(1));
    expect(colour(2)).not.toBe(colour(1));
    expect(colour(3)).not.toBe(colour(4));
    expect(new Set(used.map((w) => c.of.get(w))).size).toBe(48);
    // The legend's strip runs from the lowest wavelength's colour to the highest's, in 12 samples.
    expect([c.first, c.last]).toEqual([used[0], used[63]]);
    expect(c.strip).toHaveLength(12);
    expect(c.strip[0]).toBe(colour(0));
    expect(c.strip[11]).toBe(colour(63));
    // A wavelength the step does not use has no colour.
    expect(c.of.get(Math.max(...used) + 1)).toBeUndefined();
    expect(stepColours(r, 0).count).toBe(0);
  });
});
