import { describe, expect, it } from 'vitest';
import { ejectLink, injectLink } from '../families/noc/noc-network';
import { networkOf } from '../families/noc/noc-params';
import { addTransfer, emptyAttempt, nextStep, type Attempt } from './attempt';
import { attemptOfSchedule } from './attempt-of-schedule';
import { checkAttempt } from './check';
import { makeExercise } from './exercise';
import { findPreset } from './exercise-catalogue';
import { algorithmStep } from './hints';
import { heldAfter } from './try-holdings';

// The NoC paper's example: on the Octagon with two processors per router, processors 0–7 scatter a
// message each to each of processors 8–15. Block s·8 + (d − 8) goes from s to d.
const ex = makeExercise(findPreset('octagon-scatter')!.exercise);
const net = networkOf(ex.params);
const block = (s: number, d: number) => s * 8 + (d - 8);

describe('a NoC exercise on the Octagon', () => {
  it('has the network, the goal and the family’s bounds', () => {
    expect(ex).toMatchObject({ kind: 'noc', collective: 'scatter', realNodes: 16 });
    expect(ex.topology).toMatchObject({ nodeCount: 16, auxCount: 8 });
    expect(ex.goal).toBe(
      'Every receiver holds its message from every sender: every block ends at its destination (64 blocks, each for one node).',
    );
    expect(ex.bounds.map((b) => [b.id, b.value])).toEqual([
      ['bound-ports', 8],
      ['bound-cut', 10],
      ['bound-router', 6],
    ]);
    expect(ex.binding.id).toBe('bound-cut');
    expect(ex.model).toMatchObject({ ports: { tx: 1, rx: 1, fanout: 1 }, oneBlock: true });
  });

  it('routes a message from its injection port to its ejection port, and delivers it', () => {
    const a = addTransfer(ex, emptyAttempt(), { from: 0, to: [8], blocks: [block(0, 8)] });
    const route = a.steps[0].transfers[0].route;
    expect(route[0]).toBe(injectLink(net, 0, 0));
    expect(route[route.length - 1]).toBe(ejectLink(net, 8, 0));
    const c = checkAttempt(ex, a);
    expect(c.violations).toEqual([]);
    expect(heldAfter(c.holdings, 1, 8, block(0, 8))).toBe(true);
    expect(c).toMatchObject({ delivered: 1, needed: 64 });
  });

  it('marks and explains a port used twice, a message sent by the wrong processor and one with two blocks', () => {
    let a = addTransfer(ex, emptyAttempt(), { from: 0, to: [8], blocks: [block(0, 8)] });
    a = addTransfer(ex, a, { from: 0, to: [9], blocks: [block(0, 9)] });
    a = addTransfer(ex, a, { from: 2, to: [10], blocks: [block(1, 10)] });
    a = addTransfer(ex, a, { from: 3, to: [11], blocks: [block(3, 11), block(3, 12)] });
    const c = checkAttempt(ex, a);
    // The first of each rule (the default routes of 0→9 and 2→10 may meet on a router channel too).
    const said = Object.fromEntries(c.violations.reverse().map((v) => [v.rule, v.sentence]));
    c.violations.reverse();
    expect(said['channel-clash']).toBe(
      'Messages 1 and 2 of step 1 both use processor 0’s injection port: a channel carries one message per step.',
    );
    expect(said['tx-ports']).toBe('In step 1, processor 0 sends more than 1 message: it has 1 port.');
    expect(said['causality']).toBe(
      `In step 1, processor 2 sends block ${block(1, 10)} (from 1 to 10) before it holds it (it never gets there).`,
    );
    expect(said['one-block']).toBe(
      'Message 4 of step 1 carries 2 blocks; in this exercise a message carries one.',
    );
    expect(c.violations.find((v) => v.rule === 'channel-clash')).toMatchObject({
      step: 0,
      index: 1,
      other: 0,
      link: injectLink(net, 0, 0),
    });
  });

  it('shows the algorithm’s step to copy, and the copied steps make a valid schedule', () => {
    let a: Attempt = emptyAttempt();
    for (let s = 0; s < ex.reference.steps; s++) {
      if (s > 0) a = nextStep(a);
      const hint = algorithmStep(ex, a);
      if (hint.kind !== 'step') throw new Error(hint.words);
      expect(hint.copied.every((x) => !x)).toBe(true);
      for (const t of hint.transfers) a = addTransfer(ex, a, t);
      const again = algorithmStep(ex, a);
      expect(again.kind === 'step' && again.copied.every(Boolean)).toBe(true);
    }
    const c = checkAttempt(ex, a);
    expect(c).toMatchObject({ complete: true, steps: 11, atBound: false });
    expect(c.verdict).toBe(
      `Complete in 11 steps, 1 step above the bound (10 steps). ${ex.reference.name} takes 11 steps.`,
    );
    expect(algorithmStep(ex, nextStep(a)).kind).toBe('past-end');
  });

  it('a schedule read back from the algorithm is the same attempt as the hints give', () => {
    const a = attemptOfSchedule(ex.reference.schedule, ex.topology, false);
    expect(a.steps).toHaveLength(11);
    expect(a.steps[0].transfers.every((t) => t.blocks.length === 1)).toBe(true);
  });
});
