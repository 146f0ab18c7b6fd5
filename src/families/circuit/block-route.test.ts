import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../kernel/params/schema';
import { ALGORITHMS, findAlgorithm } from '../../registry';

/** What each personalised algorithm says of a block's route (the block matrix's route line). */
function route(id: string, r: number, d: number, ring: number, phases: number, params = {}): string {
  const spec = findAlgorithm(id)!;
  return spec.blockRoute!({ ...defaultsOf(spec.params), ...params }, r, d, ring, phases);
}

describe('block routes in words, declared by the specs', () => {
  it('ReTri: the balanced-ternary digits of the centred distance', () => {
    // 9 nodes, block 0 → 4: Δ = 4 = 1·3 + 1 → digits (+1, +1).
    expect(route('retri', 0, 4, 9, 2)).toBe('balanced-ternary digits of Δ = 4: (+1, +1) for phases 0…1');
    // 0 → 7: Δ = −2 = −3 + 1 → (+1, −1).
    expect(route('retri', 0, 7, 9, 2)).toBe('balanced-ternary digits of Δ = -2: (+1, −1) for phases 0…1');
  });

  it('Bruck: the binary digits of the distance each way, phase 0 first', () => {
    expect(route('bruck', 0, 3, 8, 3)).toBe(
      'binary digits (phase 0 first): clockwise half 110, mirrored half 101',
    );
  });

  it('static all-to-all: straight, the shorter way round', () => {
    expect(route('direct-alltoall', 0, 6, 8, 1)).toBe('goes straight, 2 circuits');
  });

  it('multi-scatter: clique by clique along the base-(k+1) digits', () => {
    expect(route('star-multiscatter', 1, 14, 16, 2, { 'wavelengths-per-node': 3 })).toContain(
      'base-4 digit q',
    );
    expect(route('star-multiscatter', 2, 2, 16, 2)).toBe('a node has no message for itself');
  });

  it('only algorithms with a reconfiguration family offer the reconfiguration editor', () => {
    expect(ALGORITHMS.filter((a) => a.reconfigFamily).map((a) => a.id)).toEqual(['retri', 'bruck']);
    expect(findAlgorithm('retri')!.reconfigFamily!.radix).toBe(3);
    expect(findAlgorithm('bruck')!.reconfigFamily!.radix).toBe(2);
  });
});
