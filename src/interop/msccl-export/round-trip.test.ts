/**
 * The round trip of issue 26: a Lab schedule written as MSCCL XML (`--format msccl`) and read back by
 * the importer gives the same messages (sender, receiver, blocks carried), each in the same step, and
 * the same verdict. The steps are the Lab's own, except where the Lab delayed a message only because a
 * link was busy: the exported program keeps each rank's order, not the network's, so the message then
 * runs as early as its rank's program lets it (docs/interop.md, "One program per rank"); the test
 * computes that earliest step from the program and checks every message against it.
 */
import { describe, expect, it } from 'vitest';
import { defaultsOf, type ParamValues } from '../../kernel/params/schema';
import { CLI_LIMITS } from '../../limits';
import { ALGORITHMS } from '../../registry';
import type { RunResult } from '../../result';
import { run } from '../../run';
import { recursiveDoubling } from '../test-schedules.test-util';
import { roundTrip } from './round-trip.test-util';

const build = (id: string, params: ParamValues = {}) =>
  run(id, { ...defaultsOf(ALGORITHMS.find((a) => a.id === id)!.params), ...params }, CLI_LIMITS);

/** Several small parameter combinations of every algorithm (the defaults come first). */
const ROUND_TRIP_SIZES: Record<string, ParamValues[]> = {
  'ring-allgather': [{ nodes: 2 }, { nodes: 5 }, { nodes: 9 }],
  'neighbor-exchange': [{ nodes: 4 }, { nodes: 6 }, { nodes: 7 }],
  'one-stage': [{ nodes: 5 }, { nodes: 12, wavelengths: 2 }],
  wrht: [{ nodes: 5 }, { nodes: 16, wavelengths: 2 }],
  optree: [{ nodes: 9 }, { nodes: 16, depth: 3 }],
  'star-scatter': [{ nodes: 9 }, { nodes: 16, 'wavelengths-per-node': 1 }],
  'star-gather': [{ nodes: 9 }, { nodes: 16, 'wavelengths-per-node': 2 }],
  'star-broadcast': [
    { nodes: 9, messages: 5 },
    { nodes: 16, messages: 8, variant: 'naive' },
  ],
  'star-gossip': [{ nodes: 9 }, { nodes: 16, messages: 2 }],
  'star-multiscatter': [{ nodes: 8 }, { nodes: 9, 'wavelengths-per-node': 2 }],
  retri: [{ nodes: 9 }, { nodes: 10 }, { nodes: 27, layout: 'padded' }],
  bruck: [{ nodes: 8 }, { nodes: 5 }, { nodes: 12 }],
  'direct-alltoall': [{ nodes: 3 }, { nodes: 6 }],
  'mesh-allreduce': [
    { method: 'direct' },
    { method: 'binomial', ports: 'single' },
    { method: 'edn-combine' },
  ],
  'otis-allreduce': [{ method: 'direct' }, { method: 'direct', ports: 'single' }],
  'noc-broadcast': [{ network: 'mesh', rows: 3, cols: 3 }, { pattern: 'oab' }],
  'noc-scatter': [{ network: 'torus', rows: 3, cols: 3 }, { pattern: 'oas' }],
};

/**
 * Algorithms whose Lab steps hold no message back for a busy link or wavelength: the round trip gives
 * each message exactly its Lab step. (The others run some messages earlier: the Lab delayed them on
 * its network, a rank's program does not.)
 */
const LAB_STEPS_KEPT = new Set([
  'ring-allgather',
  'neighbor-exchange',
  'star-scatter',
  'star-broadcast',
  'star-gossip',
  'star-multiscatter',
  'retri',
  'bruck',
  'direct-alltoall',
]);

describe('MSCCL round trip: Lab schedule → --format msccl → importMsccl', () => {
  for (const a of ALGORITHMS)
    it(`${a.id}: the same messages, blocks and steps, and the same verdict (verified)`, () => {
      for (const params of [{}, ...(ROUND_TRIP_SIZES[a.id] ?? [])]) {
        const r: RunResult = build(a.id, params);
        const what = `${a.id} ${JSON.stringify(params)}`;
        expect(r.report.ok, what).toBe(true);
        const rt = roundTrip(r);
        expect(rt.imp.verdicts.errors, what).toBe(0);
        expect(rt.imp.report.ok, what).toBe(true);
        expect(rt.imp.ok, what).toBe(true);
        for (const j of rt.imp.judged ?? []) expect(j.correct, `${what} ${j.mode}`).toBe(j.checked);
        expect(rt.imported, what).toEqual(rt.asProgram);
        // Never later than in the Lab; exactly the Lab's steps where its steps follow the ranks alone.
        expect(
          rt.earlier.every((d) => d >= 0),
          what,
        ).toBe(true);
        if (LAB_STEPS_KEPT.has(a.id)) expect(rt.imported, what).toEqual(rt.asLab);
      }
    });

  it('all-reduce by recursive doubling (a schedule file): every partial as the Lab sends it', () => {
    const rt = roundTrip(recursiveDoubling(8));
    expect(rt.imp.ok).toBe(true);
    expect(rt.imp.schedule.stepCount).toBe(3);
    expect(rt.imported).toEqual(rt.asLab);
  });
});
