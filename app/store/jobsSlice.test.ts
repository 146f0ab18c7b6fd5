import { describe, expect, it } from 'vitest';
import type { JobHandle } from '../worker/pool';
import { jobOutput } from './jobsSlice';
import { createPaneStore } from './paneStore';

/** A job whose answer the test gives, and which records being stopped or aborted. */
function fakeJob<T>() {
  let answer!: (v: T | null) => void;
  let fail!: (e: Error) => void;
  const result = new Promise<T | null>((res, rej) => ((answer = res), (fail = rej)));
  const calls: string[] = [];
  const handle: JobHandle<T> = {
    result,
    stop: () => calls.push('stop'),
    abort: () => {
      calls.push('abort');
      answer(null);
    },
  };
  return { handle, answer, fail, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a pane’s jobs by id', () => {
  it('start, progress and done: the answer is kept in the pane under the job’s id', async () => {
    const pane = createPaneStore();
    const job = fakeJob<{ rows: number[] }>();
    let progress: (done: number, total: number) => void = () => undefined;
    pane.getState().startJob('claims', 'reproduce', 'retri-claims', (p) => ((progress = p), job.handle));
    expect(pane.getState().jobs['claims']).toMatchObject({ type: 'reproduce', status: 'running' });
    progress(3, 10);
    expect(pane.getState().jobs['claims']?.progress).toEqual({ done: 3, total: 10 });
    job.answer({ rows: [1, 2] });
    await settle();
    expect(pane.getState().jobs['claims']?.status).toBe('done');
    expect(jobOutput<{ rows: number[] }>(pane.getState().jobs['claims'])).toEqual({ rows: [1, 2] });
  });

  it('an error is kept with its message; Stop asks the job to end; a null answer is “stopped”', async () => {
    const pane = createPaneStore();
    const failing = fakeJob<number>();
    pane.getState().startJob('a', 'heatmap', 'x', () => failing.handle);
    failing.fail(new Error('worker crashed'));
    await settle();
    expect(pane.getState().jobs['a']).toMatchObject({ status: 'error', error: 'worker crashed' });
    expect(jobOutput(pane.getState().jobs['a'])).toBeUndefined();

    const stopped = fakeJob<number>();
    pane.getState().startJob('b', 'heatmap', 'y', () => stopped.handle);
    pane.getState().stopJob('b');
    expect(stopped.calls).toEqual(['stop']);
    stopped.answer(null);
    await settle();
    expect(pane.getState().jobs['b']?.status).toBe('stopped');
  });

  it('a newer job under the same id aborts the older, whose late answer is not shown', async () => {
    const pane = createPaneStore();
    const [old, next] = [fakeJob<string>(), fakeJob<string>()];
    pane.getState().startJob('h', 'heatmap', 'first', () => old.handle);
    pane.getState().startJob('h', 'heatmap', 'second', () => next.handle);
    expect(old.calls).toEqual(['abort']);
    next.answer('second’s');
    await settle();
    expect(pane.getState().jobs['h']).toMatchObject({ input: 'second', status: 'done', output: 'second’s' });
  });

  it('the pane going ends its running jobs and leaves another pane’s alone', async () => {
    const [a, b] = [createPaneStore(), createPaneStore()];
    const [ja, jb] = [fakeJob<number>(), fakeJob<number>()];
    a.getState().startJob('j', 'sweep', '', () => ja.handle);
    b.getState().startJob('j', 'sweep', '', () => jb.handle);
    a.getState().disposeJobs();
    expect(ja.calls).toEqual(['abort']);
    expect(jb.calls).toEqual([]);
    expect(a.getState().jobs).toEqual({});
    jb.answer(7);
    await settle();
    expect(b.getState().jobs['j']?.status).toBe('done');
  });

  it('a dropped job is forgotten, so it can be started again', () => {
    const pane = createPaneStore();
    const job = fakeJob<number>();
    pane.getState().startJob('j', 'heatmap', 'x', () => job.handle);
    pane.getState().dropJob('j');
    expect(job.calls).toEqual(['abort']);
    expect(pane.getState().jobs['j']).toBeUndefined();
  });
});
