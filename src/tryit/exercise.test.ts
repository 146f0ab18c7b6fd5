import { describe, expect, it } from 'vitest';
import { lowerBounds } from '../families/noc/noc-bounds';
import { networkOf } from '../families/noc/noc-params';
import { communicationFromParams } from '../families/noc/noc-params';
import { attemptOfSchedule } from './attempt-of-schedule';
import { spreadSteps } from './bounds-generic';
import { checkAttempt } from './check';
import { EXERCISE_ALGORITHMS, exerciseOf, makeExercise } from './exercise';
import { EXERCISE_PRESETS } from './exercise-catalogue';
import { TryInputError } from './try-limits';

/** Every exercise algorithm, at or near the largest size a person clicks through, and every NoC network. */
const CONFIGS: [string, Record<string, string>][] = [
  ['ring-allgather', { nodes: '16', wavelengths: '1' }],
  ['neighbor-exchange', { nodes: '15', wavelengths: '2' }],
  ['one-stage', { nodes: '16', wavelengths: '4' }],
  ['wrht', { nodes: '16', wavelengths: '2' }],
  ['optree', { nodes: '16', wavelengths: '2' }],
  ['star-scatter', { nodes: '16' }],
  ['star-gather', { nodes: '9', 'wavelengths-per-node': '2' }],
  ['star-broadcast', { nodes: '16', messages: '8' }],
  ['star-gossip', { nodes: '10' }],
  ['star-multiscatter', { nodes: '16' }],
  ['retri', { nodes: '27' }],
  ['bruck', { nodes: '16' }],
  ['direct-alltoall', { nodes: '27' }],
  ['mesh-allreduce', { side: '8', root: '0' }],
  ['mesh-allreduce', { side: '4', ports: 'single', method: 'binomial' }],
  ['otis-allreduce', { 'group-size': '4', method: 'direct', root: '0', 'control-group': '1' }],
  ['noc-scatter', {}],
  ['noc-broadcast', {}],
  ['noc-scatter', { network: 'mesh', rows: '4', cols: '4', 'per-router': '1', pattern: 'oas', root: '5' }],
  ['noc-broadcast', { network: 'torus', rows: '4', cols: '4', 'per-router': '1', pattern: 'oab', root: '0' }],
  [
    'noc-scatter',
    {
      network: 'hypercube',
      dimension: '3',
      'per-router': '2',
      pattern: 'mns',
      senders: '0-7',
      receivers: '8-15',
    },
  ],
  [
    'noc-broadcast',
    { network: 'custom', routers: '5', links: '0,1,1,2,2,3,3,4,4,0', 'per-router': '1', pattern: 'aab' },
  ],
];

describe('exercises', () => {
  it('come from every algorithm of a model with clickable sizes', () => {
    expect([...new Set(CONFIGS.map(([a]) => a))].sort()).toEqual([...EXERCISE_ALGORITHMS].sort());
  });

  it.each(CONFIGS)(
    '%s %j: its algorithm, done by hand, is complete and no faster than the bound',
    (algorithm, params) => {
      const ex = makeExercise({ algorithm, params });
      const a = attemptOfSchedule(ex.reference.schedule, ex.topology, ex.circuits);
      const c = checkAttempt(ex, a);
      expect(ex.reference.followsRules).toBe(true);
      expect(c.violations).toEqual([]);
      expect(c).toMatchObject({ complete: true, steps: ex.reference.steps, missing: 0 });
      expect(c.bound.value).toBeLessThanOrEqual(c.steps);
      for (const b of ex.bounds.filter((x) => x.scope === 'any' && x.unit === c.time.unit))
        expect(b.value).toBeLessThanOrEqual(c.time.total * (1 + 1e-9));
      expect(c.time.total).toBeCloseTo(ex.reference.time.total, 12);
    },
  );

  it('refuse what a person cannot click through, naming the limit', () => {
    expect(() => makeExercise({ algorithm: 'ring-allgather', params: { nodes: '17' } })).toThrow(
      new TryInputError(
        'Try it takes a WDM ring of at most 16 processors, to be clicked through by hand; this one has 17',
      ),
    );
    // The star's gossip on 15 processors runs on 18 (dummies): the student would see 18.
    expect(() =>
      makeExercise({ algorithm: 'star-gossip', params: { nodes: '15', 'wavelengths-per-node': '2' } }),
    ).toThrow(
      new TryInputError(
        'Try it takes a passive star of at most 16 processors, to be clicked through by hand; this one has 18 (dummies included)',
      ),
    );
    expect(() => makeExercise({ algorithm: 'mesh-allreduce', params: { side: '9' } })).toThrow(
      /at most 64 processors.*81/,
    );
    expect(() =>
      makeExercise({
        algorithm: 'noc-scatter',
        params: { network: 'mesh', rows: '8', cols: '16', 'per-router': '1' },
      }),
    ).toThrow(/at most 64 processors.*128/);
  });

  it('refuse unknown algorithms, bad parameters and options a model has not', () => {
    expect(() => makeExercise({ algorithm: 'nope' })).toThrow(
      /there is no exercise "nope"; exercises are made from ring-allgather, /,
    );
    expect(() => makeExercise({ algorithm: 'ring-allgather', params: { nodes: 'x' } })).toThrow(
      TryInputError,
    );
    expect(() => makeExercise({ algorithm: 'ring-allgather', params: { colour: '3' } })).toThrow(
      /has no parameter --colour/,
    );
    expect(() =>
      makeExercise({ algorithm: 'star-scatter', params: { nodes: '9' }, rules: { onePort: true } }),
    ).toThrow(new TryInputError('one-port and one-block rules are options of WDM-ring exercises only'));
  });

  it('keep only the parameters that differ from the defaults in their key, and are remembered', () => {
    const ex = exerciseOf({ algorithm: 'ring-allgather', params: { nodes: '4', wavelengths: '4' } });
    expect(ex.key).toEqual({ algorithm: 'ring-allgather', params: { nodes: '4' }, rules: {} });
    expect(exerciseOf({ algorithm: 'ring-allgather', params: { wavelengths: '4', nodes: '4' } })).toBe(ex);
  });

  it('say the start and the goal in words, and give the goal as the holdings target', () => {
    const ring = makeExercise({ algorithm: 'ring-allgather', params: { nodes: '4' } });
    expect(ring.start).toBe('Each node i starts with block i, its own.');
    expect(ring.goal).toBe('Every node ends holding all 4 blocks.');
    expect([...ring.target]).toEqual(new Array(16).fill(1));
    const scatter = makeExercise({
      algorithm: 'star-scatter',
      params: { nodes: '4', 'wavelengths-per-node': '1' },
    });
    expect(scatter.start).toBe('Node 0 holds 4 blocks (0-3). 3 nodes hold nothing at the start.');
    expect(scatter.goal).toBe(
      'Every node holds its own message: every block ends at its destination (4 blocks, each for one node).',
    );
    const mesh = makeExercise({
      algorithm: 'mesh-allreduce',
      params: { side: '2', root: '0', method: 'binomial' },
    });
    expect(mesh.goal).toContain(
      'every processor ends with the combination of all 4 contributions, each counted once',
    );
  });

  it('make every ready-made exercise', () => {
    for (const p of EXERCISE_PRESETS) expect(makeExercise(p.exercise).name).toBeTruthy();
  });
});

describe('bounds', () => {
  it('on a one-port ring of one-block lightpaths: every node receives N − 1 blocks, one a step', () => {
    for (const n of [3, 4, 7, 16]) {
      const ex = makeExercise({
        algorithm: 'ring-allgather',
        params: { nodes: String(n), wavelengths: '1' },
        rules: { onePort: true, oneBlock: true },
      });
      expect(ex.binding).toMatchObject({ id: 'receive', value: n - 1, unit: 'steps' });
      expect(ex.binding.argument).toMatchObject({ count: n - 1, perStep: 1 });
      expect(ex.binding.argument.links).toHaveLength(2);
    }
  });

  it('on an all-port WDM ring: holders of a block at most (2w + 1)-fold a step; Lemma 1 only without relaying', () => {
    for (const [n, w] of [
      [16, 1],
      [16, 2],
      [6, 2],
    ]) {
      const ex = makeExercise({
        algorithm: 'one-stage',
        params: { nodes: String(n), wavelengths: String(w) },
      });
      expect(ex.binding).toMatchObject({ id: 'spread', value: spreadSteps(n, 2 * w + 1) });
      const lemma = ex.bounds.find((b) => b.id === 'lemma1')!;
      expect(lemma).toMatchObject({
        scope: 'direct',
        value: Math.ceil(Math.ceil((n / 2) * (n / 2)) / 2 / w),
      });
      // One-stage relays nothing, so it cannot beat Lemma 1's cut.
      expect(ex.reference.steps).toBeGreaterThanOrEqual(lemma.value);
    }
  });

  it('on a network-on-chip are the family’s own (NoC paper, Table 1 and ours)', () => {
    const ex = makeExercise({ algorithm: 'noc-scatter', params: {} });
    const own = lowerBounds(networkOf(ex.params), communicationFromParams(ex.params));
    expect(ex.bounds.map((b) => [b.id, b.value])).toEqual(own.map((b) => [b.id, b.value]));
    const cut = ex.bounds.find((b) => b.id === 'bound-cut')!;
    // The cut's routers are vertices 16 … 23; the links marked are the router channels across it.
    expect(cut.argument.vertices!.every((v) => v >= 16 && v < 24)).toBe(true);
    expect(cut.argument.links!.length).toBeGreaterThan(0);
  });

  it('on the passive star include Table 1’s communication time', () => {
    const ex = makeExercise({ algorithm: 'star-scatter', params: { nodes: '16' } });
    expect(ex.bounds.find((b) => b.id === 'star-table1')).toMatchObject({ value: 5, unit: 'message units' });
  });

  it('on the circuit switch include a time bound below what the algorithms take', () => {
    for (const alg of ['retri', 'bruck', 'direct-alltoall']) {
      const ex = makeExercise({ algorithm: alg, params: { nodes: '9' } });
      const t = ex.bounds.find((b) => b.id === 'circuit-time')!;
      expect(t.unit).toBe('s');
      expect(t.value).toBeGreaterThan(0);
      expect(t.value).toBeLessThanOrEqual(ex.reference.time.total);
    }
  });

  it('of an all-reduce: a partial at most (1 + rx)-fold a step', () => {
    const ex = makeExercise({
      algorithm: 'mesh-allreduce',
      params: { side: '4', ports: 'single', method: 'binomial' },
    });
    expect(ex.binding).toMatchObject({ id: 'spread', value: 4 });
  });
});
