import { describe, expect, it } from 'vitest';
import { runToEnd, SILENT, type JobContext } from '../kernel/jobs';
import type { SweepDef, SweepValue } from '../kernel/experiment';
import { OPTREE_PAPER } from '../families/ring/paper';
import { findCard } from '../cards';
import { defaultsOf } from '../kernel/params/schema';
import { CLI_LIMITS } from '../limits';
import { evaluateSweep, sweepJob } from './sweep';

/** A small sweep: Ring all-gather's steps for N = 4, 6, 8, 10. */
const RING: SweepDef = {
  id: 'test-ring',
  title: 'ring steps',
  paper: OPTREE_PAPER,
  where: 'test',
  x: { label: 'N', unit: 'nodes', log: false },
  y: { label: 'steps', unit: 'steps', log: false },
  metric: 'steps',
  points: () =>
    [4, 6, 8, 10].map((n) => ({
      series: 'Ring',
      x: n,
      config: {
        algorithm: 'ring-allgather',
        params: { ...defaultsOf(findCard('ring-allgather')!.params), nodes: n },
      },
    })),
};

function listening(stopAfter = Infinity) {
  const partials: SweepValue[] = [];
  const progress: [number, number][] = [];
  const ctx: JobContext<SweepValue> = {
    progress: (d, t) => progress.push([d, t]),
    partial: (v) => partials.push(v),
    get stopping() {
      return partials.length >= stopAfter;
    },
  };
  return { ctx, partials, progress };
}

describe('a sweep as a job', () => {
  it('run to its end, it gives what evaluateSweep gives, each point handed out as it is made', () => {
    const { ctx, partials, progress } = listening();
    const out = runToEnd(sweepJob(RING, CLI_LIMITS, ctx));
    expect(out.stopped).toBe(false);
    expect(out.values.map((v) => v.constructed)).toEqual([3, 5, 7, 9]);
    expect(out.values).toEqual(evaluateSweep(RING, CLI_LIMITS));
    expect(partials).toEqual(out.values);
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('yields after every point, so a host can answer between them', () => {
    const job = sweepJob(RING, CLI_LIMITS, SILENT);
    let yields = 0;
    while (!job.next().done) yields++;
    expect(yields).toBe(4);
  });

  it('asked to stop, it ends after the point in hand and keeps every point so far', () => {
    const { ctx } = listening(2);
    const out = runToEnd(sweepJob(RING, CLI_LIMITS, ctx));
    expect(out).toMatchObject({ stopped: true, total: 4 });
    expect(out.values.map((v) => v.x)).toEqual([4, 6]);
  });
});

describe('points measured against a baseline', () => {
  const config = (n: number) => ({
    algorithm: 'ring-allgather',
    params: { ...defaultsOf(findCard('ring-allgather')!.params), nodes: n },
  });
  // Ring all-gather takes N − 1 steps: N = 10 over N = 4 is 9 / 3, N = 6 over N = 4 is 5 / 3.
  const RATIO: SweepDef = {
    ...RING,
    id: 'test-ratio',
    points: () =>
      [6, 10].map((n) => ({ series: 'over N = 4', x: n, config: config(n), baseline: config(4) })),
  };

  it('plot the ratio of closed forms and of constructed values, both verified', () => {
    const v = evaluateSweep(RATIO, CLI_LIMITS);
    expect(v.map((p) => p.constructed)).toEqual([5 / 3, 3]);
    expect(v.map((p) => p.formula)).toEqual([5 / 3, 3]);
    expect(v.every((p) => p.verified)).toBe(true);
  });

  it('a baseline too big to build leaves the ratio of constructed values empty, with the reason', () => {
    const big = {
      ...RATIO,
      points: () => [{ series: 'x', x: 6, config: config(6), baseline: config(65_536) }],
    };
    const [p] = evaluateSweep(big, CLI_LIMITS);
    expect(p.constructed).toBeNull();
    expect(p.verified).toBe(false);
    expect(p.note).toMatch(/^baseline: .*allows at most/);
  });
});
