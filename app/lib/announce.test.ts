import { describe, expect, it } from 'vitest';
import { planAnnouncement, Spacer, type Moment } from './announce';

const m = (playing: boolean, step: number, phase: string | null = null): Moment => ({
  playing,
  step,
  phase,
  stepCount: 20,
});

describe('planAnnouncement', () => {
  it('says the step once it stands still, not again for the same step', () => {
    expect(planAnnouncement(m(false, 1, 'a'), m(false, 2, 'a'))).toEqual({ kind: 'settle' });
    expect(planAnnouncement(m(false, 2, 'a'), m(false, 2, 'a'))).toEqual({ kind: 'nothing' });
    // Pausing, or reaching the end: the step's words.
    expect(planAnnouncement(m(true, 7, 'b'), m(false, 7, 'b'))).toEqual({ kind: 'settle' });
  });

  it('while playing, speaks of the start and of each new phase only', () => {
    expect(planAnnouncement(m(false, 0), m(true, 0))).toEqual({
      kind: 'phase',
      text: 'Playing, step 0 of 20',
    });
    expect(planAnnouncement(m(true, 1, 'a'), m(true, 2, 'a'))).toEqual({ kind: 'nothing' });
    expect(planAnnouncement(m(true, 2, 'a'), m(true, 3, 'b'))).toEqual({
      kind: 'phase',
      text: 'b, step 3 of 20',
    });
  });

  it('a whole run at full speed gives one line per phase, not one per step', () => {
    let before: Moment | null = m(false, 0);
    const lines: string[] = [];
    for (let step = 0; step <= 20; step++) {
      const now = m(true, step, step === 0 ? null : `phase ${Math.ceil(step / 5)}`);
      const p = planAnnouncement(before, now);
      if (p.kind === 'phase') lines.push(p.text);
      before = now;
    }
    expect(lines).toEqual([
      'Playing, step 0 of 20',
      'phase 1, step 1 of 20',
      'phase 2, step 6 of 20',
      'phase 3, step 11 of 20',
      'phase 4, step 16 of 20',
    ]);
  });
});

describe('Spacer', () => {
  it('says lines at least the gap apart, keeping only the latest one meanwhile', () => {
    const s = new Spacer(2000);
    expect(s.offer('one', 0)).toBe('one');
    expect(s.offer('two', 500)).toBeNull();
    expect(s.offer('three', 900)).toBeNull();
    expect(s.due()).toBe(2000);
    expect(s.flush(1500)).toBeNull();
    expect(s.flush(2000)).toBe('three');
    expect(s.flush(9000)).toBeNull();
    expect(s.offer('four', 3000)).toBeNull();
    s.drop();
    expect(s.due()).toBeNull();
    expect(s.offer('five', 4000)).toBe('five');
  });
});
