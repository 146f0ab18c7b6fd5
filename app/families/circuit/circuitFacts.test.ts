import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../../../src/registry';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { CLI_LIMITS } from '../../../src/limits';
import { run } from '../../../src/run';
import { circuitStep, reconfigurations, stepTransfers } from './circuitFacts';

const runOf = (id: string, extra: Record<string, string | number>) =>
  run(id, { ...defaultsOf(findAlgorithm(id)!.params), ...extra }, CLI_LIMITS);

describe('what the circuit view shows', () => {
  it('ReTri on 27 nodes with x = (0,1,0): circuits ±1, ±3, ±3; subrings 1, 3, 3', () => {
    const r = runOf('retri', { nodes: 27, reconfigure: '0,1,0' });
    expect([1, 2, 3].map((k) => circuitStep(r, k).offset)).toEqual([1, 3, 3]);
    expect([1, 2, 3].map((k) => circuitStep(r, k).subrings)).toEqual([1, 3, 3]);
    expect([1, 2, 3].map((k) => circuitStep(r, k).reconfigured)).toEqual([false, true, false]);
    expect(circuitStep(r, 0).reconfigured).toBe(false);
    expect(reconfigurations(r)).toEqual([false, true, false]);
  });

  it('phase 2 without its own circuits sends 9 positions over 3 circuits of ±3: one transfer each way per node', () => {
    const r = runOf('retri', { nodes: 27, reconfigure: '0,1,0' });
    const t = stepTransfers(r, 3);
    expect(t).toHaveLength(54);
    for (const x of t) {
      expect(x.dst).toBe((x.src + (x.right ? 9 : -9) + 27) % 27);
      expect(x.blocks).toBe(9);
    }
  });

  it('padding: 20 real nodes on a 27-node switch; static all-to-all never reconfigures', () => {
    const padded = runOf('retri', { nodes: 20, layout: 'padded' });
    expect(padded.topology.nodeCount).toBe(27);
    expect(padded.realNodes).toBe(20);
    const d = runOf('direct-alltoall', { nodes: 9 });
    expect(reconfigurations(d)).toEqual([false]);
    expect(circuitStep(d, 1)).toEqual({ offset: 1, subrings: 1, reconfigured: false });
  });

  it('reads the plan the construction made; without it (a file) reads the links, with the same answers', () => {
    for (const [id, extra] of [
      ['retri', { nodes: 27, reconfigure: '0,1,0' }],
      ['retri', { nodes: 81, reconfigure: '1,0,1,1' }],
      ['bruck', { nodes: 16, reconfigure: '0,1,1,0' }],
      ['retri', { nodes: 20, layout: 'padded' }],
    ] as const) {
      const r = runOf(id, extra);
      expect(r.extras?.plan, id).toBeDefined();
      const bare = { ...r, extras: undefined };
      for (let k = 0; k <= r.schedule.stepCount; k++) {
        expect(circuitStep(r, k).offset, `${id} step ${k}`).toBe(circuitStep(bare, k).offset);
        expect(circuitStep(r, k).subrings, `${id} step ${k}`).toBe(circuitStep(bare, k).subrings);
      }
      expect(reconfigurations(r)).toEqual(reconfigurations(bare));
      // A file carries neither plan nor parameters: the rebuilds are read off the circuits (a rebuild
      // before the first phase, into the starting ring, leaves no trace).
      const file = { ...bare, params: {} };
      const changes = reconfigurations(r).map(
        (x, k) => x && k > 0 && circuitStep(r, k + 1).offset !== circuitStep(r, k).offset,
      );
      expect(reconfigurations(file), id).toEqual(changes);
    }
  });
});
