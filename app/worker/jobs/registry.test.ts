import { describe, expect, expectTypeOf, it } from 'vitest';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { findAlgorithm } from '../../../src/registry';
import type { WorkerRequest, WorkerResponse } from '../protocol';
import { serve } from '../serve';
import { FAMILY_JOBS } from '../../workerJobs';
import { NOC_JOBS } from '../../families/noc/jobs';
import { FILE_JOBS } from '../fileJob';
import { defineJob, joinJobs } from './envelope';
import { EXPERIMENT_JOBS } from './experimentJobs';
import { JOBS, type JobInput, type JobOutput, type JobType } from './registry';
import { RUN_JOBS } from './runJobs';

/** A serve handler whose posts are collected; resolves when request `id` is answered (done or error). */
function served() {
  const posts: WorkerResponse[] = [];
  let answered: ((m: WorkerResponse) => void) | null = null;
  const handle = serve(
    (msg) => {
      posts.push(msg);
      if ((msg.kind === 'done' || msg.kind === 'error') && answered) answered(msg);
    },
    { warmUp: false },
  );
  const ask = (req: WorkerRequest) =>
    new Promise<WorkerResponse>((resolve) => {
      answered = resolve;
      handle(req);
    });
  return { posts, ask };
}

describe('the job envelope', () => {
  it('lists every job the worker runs, once, by type', () => {
    expect(Object.keys(JOBS).sort()).toEqual([
      'chains',
      'file',
      'heatmap',
      'reproduce',
      'run',
      'runs',
      'sweep',
    ]);
  });

  it('answers a job with done and its declared output; progress before it carries the same id', async () => {
    const { posts, ask } = served();
    const answer = await ask({
      kind: 'job',
      id: 4,
      type: 'runs',
      input: [
        {
          algorithm: 'ring-allgather',
          params: { ...defaultsOf(findAlgorithm('ring-allgather')!.params), nodes: 4 },
        },
        { algorithm: 'no-such-algorithm', params: {} },
      ],
    });
    expect(answer).toMatchObject({ kind: 'done', id: 4 });
    const outcomes = (answer as Extract<WorkerResponse, { kind: 'done' }>).output as { ok: boolean }[];
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(posts.every((m) => !('id' in m) || m.id === 4)).toBe(true);
  });

  it('a type the worker does not know fails with a message naming it, and the worker keeps serving', async () => {
    const { ask } = served();
    const answer = await ask({ kind: 'job', id: 1, type: 'no-such-job', input: null });
    expect(answer).toMatchObject({ kind: 'error', id: 1, input: false });
    expect((answer as Extract<WorkerResponse, { kind: 'error' }>).message).toContain('"no-such-job"');
    const next = await ask({ kind: 'job', id: 2, type: 'sweep', input: { sweep: 'no-such-sweep' } });
    expect(next).toMatchObject({
      kind: 'error',
      id: 2,
      input: true,
      message: 'unknown sweep "no-such-sweep"',
    });
  });

  it('what follows a shown schedule comes in the envelope too: parts of its job, never a kind of their own', async () => {
    const { posts, ask } = served();
    const alg = findAlgorithm('direct-alltoall')!;
    await ask({
      kind: 'job',
      id: 9,
      type: 'run',
      input: { algorithm: alg.id, params: { ...defaultsOf(alg.params), nodes: 6 } },
    });
    // The link load and the block pictures are posted right after the answer, in the same task.
    expect(posts.map((m) => m.kind)).toEqual(['done', 'partial', 'partial']);
    const parts = posts.flatMap((m) => (m.kind === 'partial' ? [m.part.type] : []));
    expect(parts.sort()).toEqual(['link-load', 'pictures']);
    expect(posts.every((m) => 'id' in m && m.id === 9)).toBe(true);
  });

  it('joins what the shared features and the families contribute, each type once, keeping their types', () => {
    const lists = [RUN_JOBS, FILE_JOBS, EXPERIMENT_JOBS, ...FAMILY_JOBS];
    expect(Object.keys(JOBS)).toEqual(lists.flatMap((l) => Object.keys(l)));
    // The NoC's searches run their chains on the pool: a job its family adds, not the worker.
    expect(FAMILY_JOBS).toContain(NOC_JOBS);
    expect(JOBS.chains).toBe(NOC_JOBS.chains);
    expectTypeOf<JobType>().toEqualTypeOf<
      'run' | 'runs' | 'file' | 'sweep' | 'heatmap' | 'reproduce' | 'chains'
    >();
    expectTypeOf<JobInput<'sweep'>>().toEqualTypeOf<{ sweep: string }>();
    expectTypeOf<JobOutput<'sweep'>>().toEqualTypeOf<{ stopped: boolean }>();
  });

  it('two jobs of one type are refused when the registry is built, naming the type', () => {
    const tiny = defineJob<number, number>({ start: (n, ctx) => ctx.done(n + 1) });
    const joined = joinJobs({ tiny }, { other: tiny });
    expect(Object.keys(joined)).toEqual(['tiny', 'other']);
    expect(() => joinJobs({ tiny }, { tiny })).toThrow('two jobs of type "tiny"');
  });
});
