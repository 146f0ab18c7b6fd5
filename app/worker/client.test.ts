import { describe, expect, it } from 'vitest';
import { RunError, WorkerClient, type WorkerLike } from './client';
import type { WorkerRequest, WorkerResponse } from './protocol';

/** A stand-in worker whose replies the test controls. */
class FakeWorker implements WorkerLike {
  static all: FakeWorker[] = [];
  received: Extract<WorkerRequest, { kind: 'run' }>[] = [];
  crashes = 0;
  terminated = false;
  onmessage: ((e: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(msg: WorkerRequest) {
    if (msg.kind === 'run') this.received.push(msg);
    else this.crashes++;
  }
  terminate() {
    this.terminated = true;
  }
  reply(msg: WorkerResponse) {
    this.onmessage?.({ data: msg } as MessageEvent<WorkerResponse>);
  }
  crash(message: string) {
    this.onerror?.({ message } as ErrorEvent);
  }
}

const fakeResult = (tag: string) => ({ algorithm: tag }) as never;

describe('worker client', () => {
  it('delivers the reply of the newest request and drops stale ones', async () => {
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
    const first = c.run('ring-allgather', { nodes: 8 });
    const w1 = FakeWorker.all[0];
    const second = c.run('ring-allgather', { nodes: 9 });
    // The busy worker was stopped and a fresh one started for the new request.
    expect(w1.terminated).toBe(true);
    const w2 = FakeWorker.all[1];
    expect(w2.received[0].id).toBeGreaterThan(w1.received[0].id);
    w1.reply({ kind: 'result', id: w1.received[0].id, result: fakeResult('old'), totalMs: 1 });
    w2.reply({ kind: 'result', id: w2.received[0].id, result: fakeResult('new'), totalMs: 2 });
    expect(await first).toBeNull();
    expect((await second)?.result).toEqual({ algorithm: 'new' });
  });

  it('passes on pictures that follow the delivered result, and only those', async () => {
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
    const seen: [unknown, number][] = [];
    c.onPictures = (result, pictures) => seen.push([result, pictures.size]);
    const p = c.run('retri', {});
    const w = FakeWorker.all[0];
    const id = w.received[0].id;
    const pictures = (size: number) => ({ size, pool: 1, steps: [] });
    w.reply({ kind: 'pictures', id, pictures: pictures(1) }); // before its result: not delivered yet
    w.reply({ kind: 'result', id, result: fakeResult('r'), totalMs: 0 });
    await p;
    w.reply({ kind: 'pictures', id: id - 1, pictures: pictures(2) }); // an older run's
    w.reply({ kind: 'pictures', id, pictures: pictures(3) });
    expect(seen).toEqual([[{ algorithm: 'r' }, 3]]);
  });

  it('a new run does not wait for the pictures of the result on screen', async () => {
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
    const p = c.run('retri', {});
    const w = FakeWorker.all[0];
    const result = { algorithm: 'r', schedule: { collective: 'alltoall' } } as never;
    w.reply({ kind: 'result', id: w.received[0].id, result, totalMs: 0 });
    await p;
    void c.run('retri', { nodes: 9 });
    expect(w.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
  });

  it('ignores a reply carrying an old generation id', async () => {
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
    const p = c.run('a', {});
    const w = FakeWorker.all[0];
    const id = w.received[0].id;
    w.reply({ kind: 'result', id: id - 1, result: fakeResult('ghost'), totalMs: 0 });
    w.reply({ kind: 'result', id, result: fakeResult('real'), totalMs: 0 });
    expect((await p)?.result).toEqual({ algorithm: 'real' });
  });

  it('turns error replies into RunError with the issues', async () => {
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
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
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
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
    w2.reply({ kind: 'result', id: w2.received[0].id, result: fakeResult('ok'), totalMs: 0 });
    expect((await q)?.result).toEqual({ algorithm: 'ok' });
    expect(c.starts).toBe(2);
  });

  it('reports a crash while idle and restarts on the next request', async () => {
    FakeWorker.all = [];
    const crashes: string[] = [];
    const c = new WorkerClient(
      () => new FakeWorker(),
      (m) => crashes.push(m),
    );
    c.crashForTest();
    expect(FakeWorker.all[0].crashes).toBe(1);
    FakeWorker.all[0].crash('boom');
    expect(crashes).toEqual(['The simulation worker crashed: boom. It has been restarted.']);
    expect(FakeWorker.all[0].terminated).toBe(true);
    const q = c.run('a', {});
    const w2 = FakeWorker.all[1];
    w2.reply({ kind: 'result', id: w2.received[0].id, result: fakeResult('fine'), totalMs: 0 });
    expect((await q)?.result).toEqual({ algorithm: 'fine' });
  });

  it('cancel drops the pending request and stops the busy worker', async () => {
    FakeWorker.all = [];
    const c = new WorkerClient(() => new FakeWorker());
    const p = c.run('a', {});
    const w = FakeWorker.all[0];
    c.cancel();
    expect(w.terminated).toBe(true);
    w.reply({ kind: 'result', id: w.received[0].id, result: fakeResult('late'), totalMs: 0 });
    expect(await p).toBeNull();
    c.cancel(); // nothing pending: no effect
    expect(FakeWorker.all).toHaveLength(1);
  });
});
