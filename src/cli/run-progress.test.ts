import { describe, expect, it } from 'vitest';
import { EVERY_MS, QUIET_MS, cliWatch } from './run-progress';

/** A watch on a clock the test moves by hand, and the lines it said. */
function watched(seconds?: number, loud = false) {
  let t = 1_000_000;
  const lines: string[] = [];
  const w = cliWatch('noc-scatter', seconds, (l) => lines.push(l), { loud, now: () => t });
  return { w, lines, wait: (ms: number) => (t += ms) };
}

describe('the command line’s progress lines', () => {
  it('says nothing in a short run', () => {
    const { w, lines, wait } = watched();
    w.phase('building the schedule');
    w.progress(10, 100);
    wait(QUIET_MS - 1);
    w.phase('verifying the schedule');
    expect(lines).toEqual([]);
  });

  it('tells a big run from its start', () => {
    const { w, lines } = watched(undefined, true);
    w.phase('building the schedule');
    expect(lines).toEqual(['noc-scatter, 0 s: building the schedule']);
  });

  it('tells a long run’s phases at once and its progress at most every EVERY_MS', () => {
    const { w, lines, wait } = watched();
    w.phase('building the constructive schedule', 'messages placed');
    wait(QUIET_MS);
    w.progress(1200, 65280);
    wait(EVERY_MS / 2);
    w.progress(2400, 65280); // too soon after the last line
    wait(EVERY_MS / 2);
    w.progress(3600, 65280);
    w.phase('searching for fewer steps', 'moves');
    w.status('best 70 steps, lower bound 64');
    expect(lines).toEqual([
      'noc-scatter, 2 s: building the constructive schedule: 1,200 of 65,280 messages placed',
      'noc-scatter, 4 s: building the constructive schedule: 3,600 of 65,280 messages placed',
      'noc-scatter, 4 s: searching for fewer steps',
    ]);
  });

  it('stops at the time limit and remembers in which phase', () => {
    const { w, wait } = watched(5);
    w.phase('building the constructive schedule');
    expect(w.deadline).toBe(1_000_000 + 5000);
    wait(5000);
    expect(w.stopping).toBe(false);
    expect(w.expiredIn).toBeNull();
    wait(1);
    expect(w.stopping).toBe(true);
    w.phase('verifying the schedule');
    expect(w.expiredIn).toBe('building the constructive schedule');
  });

  it('blames a phase that ran past the deadline without asking (a solver given the time left)', () => {
    const { w, wait } = watched(1);
    w.phase('searching for fewer steps');
    wait(1500);
    w.phase('verifying the schedule');
    expect(w.expiredIn).toBe('searching for fewer steps');
  });

  it('never stops a run without a time limit', () => {
    const { w, wait } = watched();
    wait(1e9);
    expect(w.stopping).toBe(false);
    expect(w.deadline).toBe(Infinity);
  });
});
