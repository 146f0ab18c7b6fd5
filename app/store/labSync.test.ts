import { describe, expect, it } from 'vitest';
import type { SweepValue } from '../../src/kernel/experiment';
import type { WorkerClient } from '../worker/client';
import type { JobHandle, PoolJob } from '../worker/pool';
import type { RunOutcome } from '../worker/protocol';
import { jobOutput } from './jobsSlice';
import { checkJob, COMPARE_JOB, startLabSync, sweepJob, type SweepOutput } from './labSync';
import { createPaneStore } from './paneStore';

/** A job on the fake pool, answered by the test. */
interface FakeJob {
  kind: string;
  arg: unknown;
  /** The sweep's point callback (sweeps only). */
  points?: (values: SweepValue[], done: number, total: number) => void;
  answer(v: unknown): void;
  fail(e: Error): void;
  calls: string[];
}

/** A pool whose jobs wait for the test's answer, and record Stop and abort. */
function fakePool() {
  const jobs: FakeJob[] = [];
  const pool = {
    submit<T>(job: PoolJob<T>): JobHandle<T> {
      const calls: string[] = [];
      let settle!: { answer(v: unknown): void; fail(e: Error): void };
      const asked = new Promise<unknown>((answer, fail) => (settle = { answer, fail }));
      const record = (kind: string, arg: unknown, points?: FakeJob['points']) => {
        jobs.push({ kind, arg, points, ...settle, calls });
        return asked;
      };
      const worker = {
        runMany: (configs: unknown) => record('runs', configs),
        sweep: (id: string, points: FakeJob['points']) => record('sweep', id, points),
        reproduce: (id: string) => record('reproduce', id),
      } as unknown as WorkerClient;
      const result = job(worker);
      return {
        result,
        stop: () => calls.push('stop'),
        abort: () => {
          calls.push('abort');
          settle.answer(null);
        },
      };
    },
  };
  return { pool, jobs };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const point = (x: number) => ({ x }) as unknown as SweepValue;

describe('compare mode, the explorer and the paper checks as the pane’s jobs', () => {
  it('a sweep’s points arrive in its job; Stop keeps them; dropping it computes it again', async () => {
    const { pool, jobs } = fakePool();
    const store = createPaneStore();
    const end = startLabSync(pool, store);
    store.setState((s) => ({ config: { ...s.config, sweep: 'optree-fig4' } }));
    store.getState().setOptions({ mode: 'explore' });
    expect(jobs.map((j) => [j.kind, j.arg])).toEqual([['sweep', 'optree-fig4']]);
    jobs[0]!.points!([point(1), point(2)], 2, 38);
    const id = sweepJob('optree-fig4');
    expect(store.getState().jobs[id]).toMatchObject({ status: 'running', progress: { done: 2, total: 38 } });
    expect((store.getState().jobs[id]?.output as SweepOutput).values).toHaveLength(2);
    store.getState().stopJob(id);
    expect(jobs[0]!.calls).toEqual(['stop']);
    jobs[0]!.points!([point(3)], 3, 38);
    jobs[0]!.answer({ totalMs: 1, stopped: true });
    await settle();
    expect(jobOutput<SweepOutput>(store.getState().jobs[id])).toMatchObject({ stopped: true });
    expect(jobOutput<SweepOutput>(store.getState().jobs[id])?.values).toHaveLength(3);
    // Leaving the explorer and coming back does not compute it again.
    store.getState().setOptions({ mode: 'visualize' });
    store.getState().setOptions({ mode: 'explore' });
    expect(jobs).toHaveLength(1);
    // "Compute them all": the job is dropped, and the sync starts it again from its first point.
    store.getState().dropJob(id);
    expect(jobs).toHaveLength(2);
    expect(store.getState().jobs[id]).toMatchObject({ status: 'running', output: null });
    end();
    expect(jobs[1]!.calls).toEqual(['abort']);
  });

  it('a paper check ended by Stop is “stopped”; another check aborts the one still running', async () => {
    const { pool, jobs } = fakePool();
    const store = createPaneStore();
    startLabSync(pool, store);
    store.setState((s) => ({ config: { ...s.config, check: 'optree-motivation' } }));
    store.getState().setOptions({ mode: 'paper' });
    store.setState((s) => ({ config: { ...s.config, check: 'retri-claims' } }));
    expect(jobs.map((j) => j.arg)).toEqual(['optree-motivation', 'retri-claims']);
    expect(jobs[0]!.calls).toEqual(['abort']);
    expect(store.getState().jobs[checkJob('optree-motivation')]).toBeUndefined();
    store.getState().stopJob(checkJob('retri-claims'));
    jobs[1]!.answer(null);
    await settle();
    expect(store.getState().jobs[checkJob('retri-claims')]?.status).toBe('stopped');
    // A stopped check stays stopped until asked again.
    store.setState((s) => ({ config: { ...s.config, step: 1 } }));
    expect(jobs).toHaveLength(2);
  });

  it('compare mode’s outcomes (and a refused pane’s reason) reach `compared`; a failure is said per pane', async () => {
    const { pool, jobs } = fakePool();
    const store = createPaneStore();
    startLabSync(pool, store);
    store.getState().setCompare([
      { algorithm: 'ring-allgather', overrides: {} },
      { algorithm: 'no-such-algorithm', overrides: {} },
    ]);
    store.getState().setOptions({ mode: 'compare' });
    expect(jobs.map((j) => j.kind)).toEqual(['runs']);
    expect(store.getState().jobs[COMPARE_JOB]?.status).toBe('running');
    const ok = { ok: true, result: { schedule: { stepCount: 3 } } } as unknown as RunOutcome;
    jobs[0]!.answer({ outcomes: [ok], totalMs: 1 });
    await settle();
    expect(store.getState().compared).toEqual([
      ok,
      { ok: false, message: 'unknown algorithm "no-such-algorithm"' },
    ]);
    // Back from another mode to the same panes: nothing is computed again.
    store.getState().setOptions({ mode: 'visualize' });
    store.getState().setOptions({ mode: 'compare' });
    expect(jobs).toHaveLength(1);
    store.getState().setCompare([{ algorithm: 'ring-allgather', overrides: {} }]);
    jobs[1]!.fail(new Error('worker crashed'));
    await settle();
    expect(store.getState().compared).toEqual([{ ok: false, message: 'worker crashed' }]);
  });

  it('a failed sweep keeps its points and error, and is tried again on the next change of configuration', async () => {
    const { pool, jobs } = fakePool();
    const store = createPaneStore();
    startLabSync(pool, store);
    store.setState((s) => ({ config: { ...s.config, sweep: 'optree-fig4' } }));
    store.getState().setOptions({ mode: 'explore' });
    jobs[0]!.points!([point(1)], 1, 38);
    jobs[0]!.fail(new Error('worker crashed'));
    await settle();
    const id = sweepJob('optree-fig4');
    expect(store.getState().jobs[id]).toMatchObject({ status: 'error', error: 'worker crashed' });
    expect((store.getState().jobs[id]?.output as SweepOutput).values).toHaveLength(1);
    // Not by itself (the error's own change of jobs starts nothing): only when the configuration changes.
    expect(jobs).toHaveLength(1);
    store.setState((s) => ({ config: { ...s.config, step: 1 } }));
    expect(jobs).toHaveLength(2);
    expect(store.getState().jobs[id]?.status).toBe('running');
  });

  it('two stores’ lab jobs are their own', () => {
    const [a, b] = [fakePool(), fakePool()];
    const [storeA, storeB] = [createPaneStore(), createPaneStore()];
    startLabSync(a.pool, storeA);
    startLabSync(b.pool, storeB);
    storeA.getState().setOptions({ mode: 'paper' });
    expect(a.jobs).toHaveLength(1);
    expect(b.jobs).toHaveLength(0);
    expect(Object.keys(storeB.getState().jobs)).toEqual([]);
  });
});
