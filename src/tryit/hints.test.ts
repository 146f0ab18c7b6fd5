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
});
