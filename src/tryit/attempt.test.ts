import { describe, expect, it } from 'vitest';
import {
  addTransfer,
  countedSteps,
  deleteStep,
  deleteTransfer,
  emptyAttempt,
  goToStep,
  nextStep,
  offsetAt,
  previousStep,
  setBlocks,
  setChannel,
  setOffset,
  setReceivers,
  setRoute,
  validAttempt,
} from './attempt';
import { canRedo, canUndo, commit, navigate, redo, startHistory, undo } from './attempt-history';
import { offsetLinks } from './circuit-choices';
import { makeExercise } from './exercise';
import { injectLink } from '../families/noc/noc-network';
import { networkOf } from '../families/noc/noc-params';
import { MAX_UNDO, TryInputError } from './try-limits';

const ring = makeExercise({ algorithm: 'ring-allgather', params: { nodes: '8', wavelengths: '2' } });

describe('the attempt model', () => {
  it('adds a transfer on a shortest route and the lowest free wavelength', () => {
    let a = addTransfer(ring, emptyAttempt(), { from: 0, to: [2], blocks: [0] });
    expect(a.steps[0].transfers[0]).toEqual({ from: 0, to: [2], blocks: [0], route: [0, 1], channel: 0 });
    // 1 → 3 shares the clockwise link 1→2: same route, the next wavelength.
    a = addTransfer(ring, a, { from: 1, to: [3], blocks: [1] });
    expect(a.steps[0].transfers[1]).toMatchObject({ route: [1, 2], channel: 1 });
    // Both wavelengths of 1→2 are taken and the other way round is longer: shortest, wavelength 0.
    a = addTransfer(ring, a, { from: 1, to: [2], blocks: [1] });
    expect(a.steps[0].transfers[2]).toMatchObject({ route: [1], channel: 0 });
    // A wavelength the student picks is kept, and a route given is used as it is.
    a = addTransfer(ring, a, { from: 5, to: [4], blocks: [5], channel: 1, route: [5] });
    expect(a.steps[0].transfers[3]).toMatchObject({ route: [5], channel: 1 });
  });

  it('changes and deletes transfers without touching the attempt it was given', () => {
    const a = addTransfer(ring, emptyAttempt(), { from: 0, to: [2], blocks: [0] });
    const ref = { step: 0, index: 0 };
    const b = setRoute(ring, a, ref, [8 + 0, 8 + 7, 8 + 6, 8 + 5, 8 + 4, 8 + 3]);
    expect(b.steps[0].transfers[0].route).toEqual([8, 15, 14, 13, 12, 11]);
    expect(a.steps[0].transfers[0].route).toEqual([0, 1]);
    expect(setChannel(ring, a, ref, 1).steps[0].transfers[0].channel).toBe(1);
    expect(setBlocks(ring, a, ref, [3, 1, 3]).steps[0].transfers[0].blocks).toEqual([1, 3]);
    expect(setReceivers(ring, a, ref, [6]).steps[0].transfers[0]).toMatchObject({ to: [6], route: [8, 15] });
    expect(deleteTransfer(a, ref).steps[0].transfers).toEqual([]);
  });

  it('shares the steps an edit does not change', () => {
    let a = addTransfer(ring, emptyAttempt(), { from: 0, to: [1], blocks: [0] });
    a = nextStep(a);
    const b = addTransfer(ring, a, { from: 1, to: [2], blocks: [0] });
    expect(b.steps[0]).toBe(a.steps[0]);
    expect(b.steps[1]).not.toBe(a.steps[1]);
  });

  it('refuses bad edits with a message, changing nothing', () => {
    const a = emptyAttempt();
    const cases: [() => unknown, string][] = [
      [
        () => addTransfer(ring, a, { from: 9, to: [1], blocks: [0] }),
        'the sender must be a processor from 0 to 7; got 9',
      ],
      [() => addTransfer(ring, a, { from: 0, to: [0], blocks: [0] }), 'node 0 cannot send to itself'],
      [() => addTransfer(ring, a, { from: 0, to: [], blocks: [0] }), 'a transfer needs a receiver'],
      [() => addTransfer(ring, a, { from: 0, to: [1], blocks: [] }), 'a transfer carries one block at least'],
      [() => addTransfer(ring, a, { from: 0, to: [1], blocks: [8] }), 'blocks are 0 to 7; got 8'],
      [
        () => addTransfer(ring, a, { from: 0, to: [1], blocks: [0], channel: 2 }),
        'channels are 0 to 1; got 2',
      ],
      [
        () => addTransfer(ring, a, { from: 0, to: [1], blocks: [0], route: [16] }),
        'links are 0 to 15; got 16',
      ],
      [() => deleteTransfer(a, { step: 0, index: 0 }), 'there is no transfer 1 in step 1'],
      [() => setOffset(ring, a, 0, 2), 'only a circuit switch has circuits to set'],
      [() => goToStep(a, 3), 'steps are 1 to 1; got 4'],
    ];
    for (const [edit, message] of cases) expect(edit).toThrow(new TryInputError(message));
    expect(a).toEqual(emptyAttempt());
  });

  it('moves between steps, starting a new one only after a step with something in it', () => {
    let a = emptyAttempt();
    expect(nextStep(a)).toBe(a);
    a = nextStep(addTransfer(ring, a, { from: 0, to: [1], blocks: [0] }));
    expect(a).toMatchObject({ at: 1 });
    expect(a.steps).toHaveLength(2);
    expect(countedSteps(a)).toBe(1);
    expect(previousStep(a).at).toBe(0);
    expect(nextStep(previousStep(a)).at).toBe(1);
    expect(deleteStep(a, 0)).toEqual({ steps: [{ transfers: [] }], at: 0 });
  });

  it('sets the circuits of a step on the switch, and routes over the circuits in force', () => {
    const ex = makeExercise({ algorithm: 'retri', params: { nodes: '9' } });
    let a = setOffset(ex, emptyAttempt(), 0, 2);
    expect(offsetAt(a, 0)).toBe(2);
    a = addTransfer(ex, a, { from: 0, to: [4], blocks: [4] });
    // Two circuits of offset 2 (0→2→4); offset o's links are (o − 1)·18 … (o − 1)·18 + 17, right ones first.
    expect(a.steps[0].transfers[0].route).toEqual([offsetLinks(9, 2)[0], offsetLinks(9, 2)[2]]);
    a = setOffset(ex, a, 0, 3);
    expect(() => addTransfer(ex, a, { from: 0, to: [1], blocks: [1] })).toThrow(
      new TryInputError(
        'node 0 cannot reach 1 over the circuits of step 1 (offset 3: every node joined to the nodes ±3 away (3 rings of 3 nodes))',
      ),
    );
    a = nextStep(a);
    expect(offsetAt(a, 1)).toBe(3);
    expect(() => setOffset(ex, a, 1, 5)).toThrow(new TryInputError('an offset is 1 to 4; got 5'));
  });

  it('gives a star sender its own wavelengths first', () => {
    const ex = makeExercise({
      algorithm: 'star-scatter',
      params: { nodes: '9', 'wavelengths-per-node': '2' },
    });
    let a = addTransfer(ex, emptyAttempt(), { from: 3, to: [4, 5], blocks: [4, 5] });
    expect(a.steps[0].transfers[0]).toEqual({
      from: 3,
      to: [4, 5],
      blocks: [4, 5],
      route: [3, 9, 14, 15],
      channel: 6,
    });
    a = addTransfer(ex, a, { from: 3, to: [6], blocks: [6] });
    expect(a.steps[0].transfers[1].channel).toBe(7);
  });

  it('takes a free port of a network-on-chip processor', () => {
    const ex = makeExercise({ algorithm: 'noc-scatter', params: { ports: '2' } });
    const net = networkOf(ex.params);
    let a = addTransfer(ex, emptyAttempt(), { from: 0, to: [8], blocks: [0] });
    a = addTransfer(ex, a, { from: 0, to: [9], blocks: [1] });
    expect(a.steps[0].transfers.map((t) => t.route[0])).toEqual([
      injectLink(net, 0, 0),
      injectLink(net, 0, 1),
    ]);
  });

  it('checks an attempt from outside against the exercise, naming the first bad id', () => {
    const good = addTransfer(ring, emptyAttempt(), { from: 0, to: [1], blocks: [0] });
    expect(validAttempt(ring, good)).toEqual(good);
    const bad = {
      steps: [good.steps[0], { transfers: [{ ...good.steps[0].transfers[0], to: [12] }] }],
      at: 0,
    };
    expect(() => validAttempt(ring, bad)).toThrow(
      new TryInputError('step 2, transfer 1: a receiver must be a processor from 0 to 7; got 12'),
    );
  });
});

describe('undo and redo', () => {
  it('restore whole attempts; moving between steps is no edit', () => {
    const a0 = emptyAttempt();
    let h = startHistory(a0);
    const a1 = addTransfer(ring, a0, { from: 0, to: [1], blocks: [0] });
    h = commit(h, a1);
    h = navigate(h, nextStep(a1));
    expect(h.past).toEqual([a0]);
    h = commit(h, addTransfer(ring, h.present, { from: 1, to: [2], blocks: [0] }));
    const u = undo(h);
    expect(u.present.steps[1].transfers).toEqual([]);
    expect(undo(u).present).toBe(a0);
    expect(canUndo(undo(u))).toBe(false);
    expect(redo(undo(u)).present).toBe(u.present);
    expect(canRedo(commit(u, a0))).toBe(false);
    expect(undo(startHistory(a0))).toEqual(startHistory(a0));
  });

  it(`keeps the last ${MAX_UNDO} edits`, () => {
    let h = startHistory(emptyAttempt());
    for (let i = 0; i < MAX_UNDO + 5; i++)
      h = commit(h, addTransfer(ring, h.present, { from: i % 8, to: [(i + 1) % 8], blocks: [0] }));
    expect(h.past).toHaveLength(MAX_UNDO);
    expect(h.past[0].steps[0].transfers).toHaveLength(5);
  });
});
