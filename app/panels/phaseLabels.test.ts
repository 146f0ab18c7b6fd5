import { describe, expect, it } from 'vitest';
import { defaultsOf } from '../../src/kernel/params/schema';
import { findCard } from '../../src/cards';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import { phaseLabels, type PhaseStart } from './phaseLabels';

function startsOf(algorithm: string, params: Record<string, number | string>): [PhaseStart[], number] {
  const r = run(algorithm, { ...defaultsOf(findCard(algorithm)!.params), ...params }, CLI_LIMITS);
  const s = r.schedule;
  const starts: PhaseStart[] = [];
  for (let i = 0; i < s.stepCount; i++)
    if (i === 0 || s.stepPhase[i] !== s.stepPhase[i - 1])
      starts.push({ step: i + 1, name: s.phases[s.stepPhase[i]] });
  return [starts, s.stepCount];
}

/** Labels of one row that run into each other. */
function overlaps(labels: ReturnType<typeof phaseLabels>['labels'], charPx: number): string[] {
  const span = (l: (typeof labels)[number]) => {
    const w = l.text.length * charPx + 8;
    return l.leftward ? [l.at - w, l.at] : [l.at, l.at + w];
  };
  const out: string[] = [];
  for (const a of labels)
    for (const b of labels)
      if (a.step < b.step && a.row === b.row && span(a)[1] > span(b)[0] && span(b)[1] > span(a)[0])
        out.push(`${a.text} / ${b.text}`);
  return out;
}

describe('phase names under the timeline', () => {
  it('OTIS-Mesh all-reduce (62 steps, short phases at the end) in lecture type: whole names or numbers, never cut, in two rows', () => {
    const [starts, last] = startsOf('otis-allreduce', {
      'group-size': 16,
      method: 'direct',
      ports: 'single',
    });
    expect(starts.length).toBeGreaterThanOrEqual(3);
    const charPx = 18 * 0.62;
    const { labels, rows } = phaseLabels(starts, last, 470, charPx);
    expect(labels).toHaveLength(starts.length);
    // Each says its whole name or its number, never a cut name.
    for (const [i, l] of labels.entries()) expect([l.name, String(i + 1)]).toContain(l.text);
    expect(rows).toBeLessThanOrEqual(2);
    expect(overlaps(labels, charPx)).toEqual([]);
    // Inside the line.
    for (const l of labels) {
      const w = l.text.length * charPx + 8;
      expect(l.leftward ? l.at - w : l.at + w).toBeGreaterThanOrEqual(0);
      expect(l.leftward ? l.at : l.at + w).toBeLessThanOrEqual(470);
    }
  });

  it('the same at the desk’s 12 px on its 540 px line: the long first phases by name', () => {
    const [starts, last] = startsOf('otis-allreduce', {
      'group-size': 16,
      method: 'direct',
      ports: 'single',
    });
    const { labels } = phaseLabels(starts, last, 540, 12 * 0.62);
    expect(labels.slice(0, 2).map((l) => l.text)).toEqual([
      'reduce in groups',
      'optical (to the control group)',
    ]);
    expect(overlaps(labels, 12 * 0.62)).toEqual([]);
  });

  it('room for all: one row, whole names at their marks', () => {
    const starts = [
      { step: 1, name: 'stage 1' },
      { step: 7, name: 'stage 2' },
    ];
    const { labels, rows } = phaseLabels(starts, 12, 800, 8);
    expect(rows).toBe(1);
    expect(labels.map((l) => [l.text, l.at, l.leftward])).toEqual([
      ['stage 1', 0, false],
      ['stage 2', 400, false],
    ]);
  });
});
