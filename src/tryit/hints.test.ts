import { describe, expect, it } from 'vitest';
import { addTransfer, emptyAttempt, nextStep } from './attempt';
import { makeExercise } from './exercise';
import { findPreset } from './exercise-catalogue';
import { algorithmStep, boundArgument } from './hints';

const ring = makeExercise(findPreset('ring-4-textbook')!.exercise);

describe('hints', () => {
  it('show the algorithm’s transfers of the step the student is on, and which are copied', () => {
    const hint = algorithmStep(ring, emptyAttempt());
    expect(hint).toMatchObject({ kind: 'step', step: 0, copied: [false, false, false, false] });
    if (hint.kind !== 'step') return;
    // Ring all-gather, step 1: node i passes its own block to i + 1 over the clockwise fibre i.
    expect(hint.transfers).toEqual(
      [0, 1, 2, 3].map((i) => ({ from: i, to: [(i + 1) % 4], blocks: [i], route: [i], channel: 0 })),
    );
    expect(hint.words).toBe(
      'Ring all-gather, step 1: 4 lightpaths: 0→1 (block 0 (node 0’s)); 1→2 (block 1 (node 1’s)); 2→3 (block 2 (node 2’s)); 3→0 (block 3 (node 3’s)).',
    );
    const a = addTransfer(ring, emptyAttempt(), { from: 1, to: [2], blocks: [1] });
    expect(algorithmStep(ring, a)).toMatchObject({ copied: [false, true, false, false] });
    const later = algorithmStep(ring, nextStep(a));
    expect(later.kind === 'step' && later.transfers[0].blocks).toEqual([3]);
  });

  it('are hidden in a challenge until the attempt is complete', () => {
    expect(algorithmStep(ring, emptyAttempt(), { challenge: true })).toEqual({
      kind: 'hidden',
      words: 'This is a challenge: the algorithm is shown once your attempt is complete.',
    });
    expect(algorithmStep(ring, emptyAttempt(), { challenge: true, complete: true }).kind).toBe('step');
  });

  it('give the circuits the algorithm sets up on the switch', () => {
    const ex = makeExercise({ algorithm: 'retri', params: { nodes: '9', reconfigure: '0,1' } });
    let a = emptyAttempt();
    const first = algorithmStep(ex, a);
    expect(first).toMatchObject({ kind: 'step', offset: 1 });
    a = nextStep(addTransfer(ex, a, { from: 0, to: [1], blocks: [1] }));
    const second = algorithmStep(ex, a);
    expect(second).toMatchObject({ kind: 'step', offset: 3 });
    expect(second.words).toContain('It sets up offset 3 (yours: 1).');
  });

  it('say why the bound is what it is, with what to mark on the network', () => {
    const b = boundArgument(ring);
    expect(b.binding.argument).toMatchObject({ vertices: [0], count: 3, perStep: 1 });
    expect(b.words).toBe(
      'No schedule takes fewer than 3 steps: node 0 must receive 3 blocks and takes in at most 1 a step (1 transfer of one block). Source: ours (ports and one block per transfer). Without relaying: 2 steps (cut of the ring, if no block is relayed (Lemma 1)).',
    );
  });

  it('draw an argument on the star, the circuit switch and the mesh too', () => {
    // The star: one step would do (a transfer may carry every block); the time bound is drawn instead,
    // at the root and the link its 2 transmitters send on.
    const star = boundArgument(makeExercise(findPreset('star-9-scatter')!.exercise));
    expect(star.binding.id).toBe('move');
    expect(star.argued.id).toBe('star-table1');
    expect(star.argued.argument.vertices).toEqual([0]);
    expect(star.argued.argument.links?.length).toBeGreaterThan(0);
    expect(star.words).toContain('No schedule takes fewer than 1 step:');
    expect(star.words).toContain(
      'In message units, no schedule takes less than 4 message units: the root sends 8 messages through 2 transmitters',
    );
    // The circuit switch: its busiest sender, in time.
    const circuit = boundArgument(makeExercise(findPreset('circuit-9-alltoall')!.exercise));
    expect(circuit.argued.id).toBe('circuit-time');
    expect(circuit.argued.argument.vertices?.length).toBe(1);
    expect(circuit.words).toMatch(/In time, no schedule takes less than [\d.]+ µs: node \d sends 8 blocks/);
    // The mesh all-reduce: the spread bound, at a processor with four links in (the most a step folds in).
    const mesh = boundArgument(makeExercise(findPreset('mesh-4-allreduce')!.exercise));
    expect(mesh.argued).toBe(mesh.binding);
    expect(mesh.argued.argument.vertices).toEqual([5]);
    expect(mesh.argued.argument.links).toHaveLength(4);
    // A NoC broadcast's doubling bound names no place: its one source is ringed.
    const corner = boundArgument(makeExercise(findPreset('mesh-corner-broadcast')!.exercise));
    expect(corner.binding.id).toBe('bound-oab');
    expect(corner.argued.argument.vertices).toEqual([0]);
    // The ring's own argument is still its binding bound's.
    expect(boundArgument(ring).argued).toBe(boundArgument(ring).binding);
  });
});
