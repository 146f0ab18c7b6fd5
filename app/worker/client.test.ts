import { describe, expect, it } from 'vitest';
import { RunError } from './client';
import { fakeClient, FakeWorker, partialsAroundResult } from './fakeWorker';

const fakeResult = (tag: string) => ({ algorithm: tag }) as never;

describe('worker client', () => {
  it('delivers the reply of the newest request and drops stale ones', async () => {
    const { c } = fakeClient();
    const first = c.run('ring-allgather', { nodes: 8 });
    const w1 = FakeWorker.all[0];
    const second = c.run('ring-allgather', { nodes: 9 });
    // The busy worker was stopped and a fresh one started for the new request.
    expect(w1.terminated).toBe(true);
    const w2 = FakeWorker.all[1];
    expect(w2.received[0].id).toBeGreaterThan(w1.received[0].id);
    w1.reply({ kind: 'done', id: w1.received[0].id, output: fakeResult('old'), totalMs: 1 });
    w2.reply({ kind: 'done', id: w2.received[0].id, output: fakeResult('new'), totalMs: 2 });
    expect(await first).toBeNull();
    expect((await second)?.result).toEqual({ algorithm: 'new' });
  });

  it('passes on pictures that follow the delivered result, and only those', async () => {
    const { c } = fakeClient();
    const seen: [unknown, number][] = [];
    c.onPictures = (result, pictures) => seen.push([result, pictures.size]);
    await partialsAroundResult(c, 'retri', (size) => ({
      type: 'pictures',
      pictures: { size, pool: 1, steps: [] },
    }));
    expect(seen).toEqual([[{ algorithm: 'r' }, 3]]);
  });

  it('passes on completed formula rows of the delivered result; a new run meanwhile keeps the worker', async () => {
    const { c } = fakeClient();
    const seen: [unknown, string[]][] = [];
    c.onFormulas = (result, rows) => seen.push([result, rows.map((r) => r.id)]);
    const w = await partialsAroundResult(c, 'optree', (n) => ({
      type: 'formulas',
      formulas: [{ id: ['early', 'older', 'done'][n - 1] }] as never,
    }));
    expect(seen).toEqual([[{ algorithm: 'r' }, ['done']]]);
    // The worker may still be searching when the next run is asked for: it is not restarted (it
    // drops the stale search at its next slice, and stays warm).
    void c.run('optree', { nodes: 9 });
    expect(w.terminated).toBe(false);
    expect(w.received).toHaveLength(2);
  });

  it('a new run does not wait for the pictures of the result on screen', async () => {
    const { c } = fakeClient();
    const p = c.run('retri', {});
    const w = FakeWorker.all[0];
    const result = { algorithm: 'r', schedule: { collective: 'alltoall' } } as never;
    w.reply({ kind: 'done', id: w.received[0].id, output: result, totalMs: 0 });
    await p;
    void c.run('retri', { nodes: 9 });
    expect(w.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
  });

  it('ignores a reply carrying an old generation id', async () => {
    const { c } = fakeClient();
    const p = c.run('a', {});
    const w = FakeWorker.all[0];
    const id = w.received[0].id;
    w.reply({ kind: 'done', id: id - 1, output: fakeResult('ghost'), totalMs: 0 });
    w.reply({ kind: 'done', id, output: fakeResult('real'), totalMs: 0 });
    expect((await p)?.result).toEqual({ algorithm: 'real' });
  });

  it('turns error replies into RunError with the issues', async () => {
    const { c } = fakeClient();
    const p = c.run('a', {});
    const w = FakeWorker.all[0];
    w.reply({
      kind: 'error',
      id: w.received[0].id,
      message: 'nodes too big',
      issues: [{ key: 'nodes', message: 'x' }],
      input: true,
    });
    await expect(p).rejects.toMatchObject({ message: 'nodes too big', input: true });
  });

  it('restarts a crashed worker and reports the crash', async () => {
    const { c } = fakeClient();
    const p = c.run('a', {});
    FakeWorker.all[0].crash('out of memory');
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunError);
    expect((err as Error).message).toMatch(/crashed: out of memory.*restarted/);
    expect(FakeWorker.all[0].terminated).toBe(true);
    // The next request goes to a new worker and succeeds.
    const q = c.run('a', {});
    const w2 = FakeWorker.all[1];
    expect(w2).toBeDefined();
    w2.reply({ kind: 'done', id: w2.received[0].id, output: fakeResult('ok'), totalMs: 0 });
    expect((await q)?.result).toEqual({ algorithm: 'ok' });
    expect(c.starts).toBe(2);
  });

  it('reports a crash while idle and restarts on the next request', async () => {
    const { c, crashes } = fakeClient();
    c.crashForTest();
    expect(FakeWorker.all[0].crashes).toBe(1);
    FakeWorker.all[0].crash('boom');
    expect(crashes).toEqual(['The simulation worker crashed: boom. It has been restarted.']);
    expect(FakeWorker.all[0].terminated).toBe(true);
    const q = c.run('a', {});
    const w2 = FakeWorker.all[1];
    w2.reply({ kind: 'done', id: w2.received[0].id, output: fakeResult('fine'), totalMs: 0 });
    expect((await q)?.result).toEqual({ algorithm: 'fine' });
  });

  it('cancel drops the pending request and stops the busy worker', async () => {
    const { c } = fakeClient();
    const p = c.run('a', {});
    const w = FakeWorker.all[0];
    c.cancel();
    expect(w.terminated).toBe(true);
    w.reply({ kind: 'done', id: w.received[0].id, output: fakeResult('late'), totalMs: 0 });
    expect(await p).toBeNull();
    c.cancel(); // nothing pending: no effect
    expect(FakeWorker.all).toHaveLength(1);
  });

  it('passes sweep progress to the caller and resolves when the sweep is done', async () => {
    const { c } = fakeClient();
    const seen: number[] = [];
    const p = c.sweep('fig', (values, done, total) => seen.push(values.length, done, total));
    const w = FakeWorker.all[0];
    const id = w.other[0].id;
    expect(w.other[0]).toMatchObject({ kind: 'job', type: 'sweep', input: { sweep: 'fig' } });
    w.reply({ kind: 'progress', id, values: [{} as never, {} as never], done: 2, total: 5 });
    w.reply({ kind: 'progress', id: id - 1, values: [{} as never], done: 1, total: 9 });
    w.reply({ kind: 'progress', id, values: [{} as never], done: 5, total: 5 });
    w.reply({ kind: 'done', id, output: { stopped: false }, totalMs: 7 });
    expect(await p).toEqual({ totalMs: 7, stopped: false });
    expect(seen).toEqual([2, 2, 5, 1, 5, 5]);
  });

  it('stop asks the running job to end with what it has; the request then ends as usual', async () => {
    const { c } = fakeClient();
    const p = c.sweep('fig', () => undefined);
    const w = FakeWorker.all[0];
    const id = w.other[0].id;
    c.stop();
    expect(w.stops).toEqual([id]);
    expect(w.terminated).toBe(false);
    w.reply({ kind: 'done', id, output: { stopped: true }, totalMs: 3 });
    expect(await p).toEqual({ totalMs: 3, stopped: true });
    c.stop(); // nothing pending: nothing sent
    expect(w.stops).toEqual([id]);
  });

  it('a new request makes a running sweep stale: no more progress reaches its caller', async () => {
    const { c } = fakeClient();
    let calls = 0;
    const sweep = c.sweep('fig', () => calls++);
    const w1 = FakeWorker.all[0];
    const rows = c.reproduce('table');
    expect(w1.terminated).toBe(true);
    w1.reply({ kind: 'progress', id: w1.other[0].id, values: [], done: 1, total: 2 });
    expect(calls).toBe(0);
    expect(await sweep).toBeNull();
    const w2 = FakeWorker.all[1];
    w2.reply({
      kind: 'done',
      id: w2.other[0].id,
      output: [{ label: 'x', paper: 1, computed: 1 }],
      totalMs: 1,
    });
    expect((await rows)?.rows[0].label).toBe('x');
  });

  it('returns each outcome of a batch, failures included', async () => {
    const { c } = fakeClient();
    const p = c.runMany([
      { algorithm: 'a', params: {} },
      { algorithm: 'b', params: {} },
    ]);
    const w = FakeWorker.all[0];
    const outcomes = [
      { ok: true as const, result: fakeResult('a') },
      { ok: false as const, message: 'too big' },
    ];
    w.reply({ kind: 'done', id: w.other[0].id, output: outcomes, totalMs: 3 });
    expect((await p)?.outcomes).toEqual(outcomes);
  });
});

describe('star tunings sent with a result', () => {
  it('are the ones the page uses for that schedule; other schedules count their own', async () => {
    const { findAlgorithm } = await import('../../src/registry');
    const { defaultsOf } = await import('../../src/kernel/params/schema');
    const { CLI_LIMITS } = await import('../../src/limits');
    const { run } = await import('../../src/run');
    const { starTunings } = await import('../../src/families/star/star-cost');
    const { tuningsOf } = await import('../families/star/starTunings');
    const params = {
      ...defaultsOf(findAlgorithm('star-gossip')!.params),
      nodes: 64,
      'wavelengths-per-node': 3,
    };
    const sent = run('star-gossip', params, CLI_LIMITS);
    const counted = starTunings(sent.schedule, 3);
    // The run carries the tunings it counted for its cost formulas (the star's interconnect extras).
    expect(sent.extras?.tunings).toBe(counted);
    const { c } = fakeClient();
    const reply = c.run('star-gossip', params);
    const w = FakeWorker.all[0];
    w.reply({ kind: 'done', id: w.received[0].id, output: sent, totalMs: 1 });
    expect((await reply)?.result).toBe(sent);
    expect(tuningsOf(sent, 3)).toBe(counted);
    // Not sent: counted on the page, with the same numbers (64 processors, 3 exchange steps, each
    // retuning all 3 receivers of every processor: 3 × 64 × 3).
    const other = { ...run('star-gossip', params, CLI_LIMITS), extras: undefined };
    const own = tuningsOf(other, 3);
    expect(own).not.toBe(counted);
    expect(own.rxTotal).toBe(counted.rxTotal);
    expect(own.rxTotal).toBe(3 * 64 * 3);
  });
});
