import { describe, expect, it } from 'vitest';
import { defaultsOf } from './kernel/params/schema';
import { CLI_LIMITS } from './limits';
import { run } from './run';
import { stepFacts } from './result';
import { findAlgorithm } from './registry';

function narrate(id: string, nodes: number, wavelengths: number, step: number): string {
  const spec = findAlgorithm(id)!;
  const p = { ...defaultsOf(spec.params), nodes, wavelengths };
  return spec.narrate(p, stepFacts(run(id, p, CLI_LIMITS), step));
}

describe('narration', () => {
  it('Ring: what moves, on which wavelength, and what every node then holds', () => {
    const text = narrate('ring-allgather', 8, 4, 3);
    // Step 3: node 0 forwards the block it got in step 2, which started at node 7 − 1 = 6.
    expect(text).toContain('node 0 sends block 6 to node 1');
    expect(text).toContain('λ0');
    expect(text).toContain('every node holds 4 of 8 blocks');
    expect(narrate('ring-allgather', 8, 4, 7)).toContain('every node holds 8 of 8 blocks');
  });

  it('Neighbor Exchange: pairing, then alternating sides with two wavelengths', () => {
    expect(narrate('neighbor-exchange', 8, 4, 1)).toContain('every node holds 2 of 8 blocks');
    const step2 = narrate('neighbor-exchange', 8, 4, 2);
    expect(step2).toContain('even nodes to the left');
    expect(step2).toContain('one block on λ0 and one on λ1');
    expect(step2).toContain('every node holds 4 of 8 blocks');
    expect(narrate('neighbor-exchange', 8, 1, 2)).toContain('both blocks on one lightpath');
  });

  it('Neighbor Exchange with odd N narrates the relay', () => {
    const text = narrate('neighbor-exchange', 7, 2, 2);
    expect(text).toContain('relay');
    // After t relay steps a node holds its own block and t on each side: 1 + 2·2 = 5.
    expect(text).toContain('every node holds 5 of 7 blocks');
  });
});
