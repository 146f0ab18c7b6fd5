import { describe, expect, it } from 'vitest';
import { addTransfer, emptyAttempt, nextStep, setOffset, setRoute, type Attempt } from './attempt';
import { commit, startHistory, undo } from './attempt-history';
import { checkAttempt } from './check';
import { makeExercise } from './exercise';
import { findPreset } from './exercise-catalogue';
import { heldAfter, heldMatrix } from './try-holdings';
import { offsetLinks } from './circuit-choices';

const textbookRing = () => makeExercise(findPreset('ring-4-textbook')!.exercise);

/** Steps of (from, to, blocks) added in turn with the default route and channel. */
function build(ex: ReturnType<typeof makeExercise>, steps: [number, number, number[]][][]): Attempt {
  let a = emptyAttempt();
  steps.forEach((step, s) => {
    if (s > 0) a = nextStep(a);
    for (const [from, to, blocks] of step) a = addTransfer(ex, a, { from, to: [to], blocks });
  });
  return a;
}

/** Ring all-gather by hand: in step s every node passes block (i − s) mod n to its clockwise neighbour. */
const ringByHand = (n: number) =>
  Array.from({ length: n - 1 }, (_, s) =>
    Array.from({ length: n }, (_, i): [number, number, number[]] => [i, (i + 1) % n, [(i - s + n) % n]]),
  );

describe('the live check', () => {
  it('finds a hand-built 4-node ring all-gather in 3 steps complete and at the bound', () => {
    const ex = textbookRing();
    expect(ex.binding).toMatchObject({ id: 'receive', value: 3 });
    const c = checkAttempt(ex, build(ex, ringByHand(4)));
    expect(c).toMatchObject({ complete: true, atBound: true, steps: 3, violationCount: 0, missing: 0 });
    expect(c.reference).toMatchObject({ steps: 3, followsRules: true });
    expect(c.verdict).toBe(
      `Complete in 3 steps, at the bound (3 steps). ${ex.reference.name} takes 3 steps.`,
    );
    // The 3-step attempt costs what the algorithm costs under eq. 3.
    expect(c.time.total).toBeCloseTo(ex.reference.time.total, 12);
  });

  it('says how far above the bound a complete attempt is (all-port ring: 2 steps are possible)', () => {
    const ex = makeExercise({ algorithm: 'ring-allgather', params: { nodes: '4', wavelengths: '1' } });
    expect(ex.binding.value).toBe(2);
    const slow = checkAttempt(ex, build(ex, ringByHand(4)));
    expect(slow).toMatchObject({ complete: true, atBound: false });
    expect(slow.verdict).toContain('1 step above the bound (2 steps)');
    // Both neighbours first, then the block two away from the clockwise neighbour (counter-clockwise).
    const fast = checkAttempt(
      ex,
      build(ex, [
        [0, 1, 2, 3].flatMap((i): [number, number, number[]][] => [
          [i, (i + 1) % 4, [i]],
          [i, (i + 3) % 4, [i]],
        ]),
        [0, 1, 2, 3].map((i): [number, number, number[]] => [(i + 1) % 4, i, [(i + 2) % 4]]),
      ]),
    );
    expect(fast).toMatchObject({ complete: true, atBound: true, steps: 2 });
  });

  it('fills the holdings step by step', () => {
    const ex = textbookRing();
    const c = checkAttempt(ex, build(ex, ringByHand(4).slice(0, 1)));
    expect(c.complete).toBe(false);
    expect(heldAfter(c.holdings, 0, 1, 0)).toBe(false);
    expect(heldAfter(c.holdings, 1, 1, 0)).toBe(true);
    expect([...heldMatrix(c.holdings, 1)].filter(Boolean).length).toBe(8);
    expect(c).toMatchObject({ needed: 16, delivered: 8, missing: 8, violationCount: 0 });
    expect(c.verdict).toBe(
      'So far 1 step and no rule broken; 8 of the 16 holdings of the goal are in place. The bound is 3 steps.',
    );
  });

  it('marks a conflict on a link and wavelength, explains it, and undo removes it', () => {
    const ex = makeExercise({ algorithm: 'ring-allgather', params: { nodes: '4', wavelengths: '1' } });
    let h = startHistory(addTransfer(ex, emptyAttempt(), { from: 0, to: [2], blocks: [0] }));
    h = commit(h, addTransfer(ex, h.present, { from: 3, to: [1], blocks: [3] }));
    // The default route of 3 → 1 avoids the busy clockwise fibre: counter-clockwise 3→2→1 (links 7, 6).
    expect(h.present.steps[0].transfers[1].route).toEqual([7, 6]);
    expect(checkAttempt(ex, h.present).violationCount).toBe(0);
    // Sent clockwise by hand, it takes wavelength 0 on 0→1 from the first lightpath.
    h = commit(h, setRoute(ex, h.present, { step: 0, index: 1 }, [3, 0]));
    const c = checkAttempt(ex, h.present);
    expect(c.violations).toEqual([
      {
        rule: 'channel-clash',
        step: 0,
        index: 1,
        other: 0,
        link: 0,
        channel: 0,
        sentence:
          'Lightpaths 1 and 2 of step 1 both use wavelength λ0 on the clockwise fibre 0→1: a wavelength on a fibre link carries one lightpath per step.',
      },
    ]);
    expect(c.complete).toBe(false);
    expect(c.verdict).toMatch(/^1 problem to fix/);
    const back = checkAttempt(ex, undo(h).present);
    expect(back.violationCount).toBe(0);
  });

  it('explains a block sent before it arrived', () => {
    const ex = textbookRing();
    const c = checkAttempt(ex, build(ex, [[[0, 1, [2]]], [[2, 3, [2]]]]));
    expect(c.violations).toEqual([
      expect.objectContaining({ rule: 'causality', step: 0, index: 0, node: 0, block: 2 }),
    ]);
    expect(c.violations[0].sentence).toBe(
      'In step 1, node 0 sends block 2 (node 2’s) before it holds it (it never gets there).',
    );
  });

  it('explains a port used twice and a lightpath with two blocks', () => {
    const ex = textbookRing();
    const c = checkAttempt(
      ex,
      build(ex, [
        [
          [0, 1, [0]],
          [0, 3, [0]],
          [2, 3, [2, 1]],
        ],
      ]),
    );
    const rules = c.violations.map((v) => [v.rule, v.index]);
    expect(rules).toEqual(
      expect.arrayContaining([
        ['tx-ports', 1],
        ['rx-ports', 2],
        ['one-block', 2],
      ]),
    );
    const tx = c.violations.find((v) => v.rule === 'tx-ports')!;
    expect(tx.sentence).toBe('In step 1, node 0 sends more than 1 lightpath: it has 1 transmitter.');
    const rx = c.violations.find((v) => v.rule === 'rx-ports')!;
    expect(rx).toMatchObject({ node: 3 });
    const heavy = c.violations.find((v) => v.rule === 'one-block')!;
    expect(heavy.sentence).toBe(
      'Lightpath 3 of step 1 carries 2 blocks; in this exercise a lightpath carries one.',
    );
  });

  it('finds a contribution counted twice in an all-reduce', () => {
    const ex = makeExercise({
      algorithm: 'mesh-allreduce',
      params: { side: '2', root: '0', method: 'binomial' },
    });
    const c = checkAttempt(ex, build(ex, [[[0, 1, [0]]], [[1, 0, [0, 1]]]]));
    expect(c.violations).toEqual([
      expect.objectContaining({ rule: 'double-count', step: 1, node: 0, block: 0 }),
    ]);
    expect(c.violations[0].sentence).toBe(
      'In step 2, processor 0 already has contribution 0: folding in processor 1’s partial counts it twice.',
    );
    // Sending only part of a combined partial is its own fault.
    const split = checkAttempt(ex, build(ex, [[[0, 1, [0]]], [[1, 3, [1]]]]));
    expect(split.violations.map((v) => v.rule)).toEqual(['split-partial']);
    expect(split.violations[0].sentence).toContain('holds the combination of 2 contributions but sends 1');
  });

  it('finds data on a circuit that is not set up in the step', () => {
    const ex = makeExercise({ algorithm: 'retri', params: { nodes: '9' } });
    let a = addTransfer(ex, emptyAttempt(), { from: 0, to: [1], blocks: [1] });
    // Offset 3's circuit 0→3, while the step keeps the starting ring (offset 1).
    a = setRoute(ex, a, { step: 0, index: 0 }, [offsetLinks(9, 3)[0]]);
    const c = checkAttempt(ex, a);
    expect(c.violations.map((v) => v.rule)).toContain('inactive-link');
    const v = c.violations.find((x) => x.rule === 'inactive-link')!;
    expect(v.sentence).toBe(
      'Transfer 1 of step 1 uses the circuit 0→3, which is not set up in step 1 (offset 1: every node joined to the nodes ±1 away (one ring)).',
    );
    const fixed = checkAttempt(ex, setOffset(ex, a, 0, 3));
    expect(fixed.violations.map((x) => x.rule)).not.toContain('inactive-link');
  });

  it('hides the algorithm of a challenge until the attempt is complete', () => {
    const ex = textbookRing();
    expect(checkAttempt(ex, build(ex, ringByHand(4).slice(0, 2)), { challenge: true }).reference).toBeNull();
    expect(checkAttempt(ex, build(ex, ringByHand(4)), { challenge: true }).reference?.steps).toBe(3);
  });
});
