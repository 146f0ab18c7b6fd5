import { afterEach, describe, expect, it, vi } from 'vitest';
import { heatmapOnWorker } from '../families/circuit/heatmapOnWorker';
import { findCard } from '../../src/cards';
import { defaultsOf } from '../../src/kernel/params/schema';
import { FakeWorker } from './fakeWorker';
import { inlineWorker } from './inline';
import { defaultPoolSize, WorkerPool } from './pool';
import { STOP_GRACE_MS } from './silence';

const reply = (w: FakeWorker, i = 0) => {
  const req = w.other[i];
  w.reply({
    kind: 'done',
    id: req.id,
    output: [{ label: `from ${FakeWorker.all.indexOf(w)}`, paper: 1, computed: 1 }],
    totalMs: 0,
  });
};

describe('worker pool', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a core for the page: one worker per core but one, at least one', () => {
    expect(defaultPoolSize(8)).toBe(7);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(1)).toBe(1);
  });

  it('starts workers only when jobs need them, up to its size; later jobs wait their turn', async () => {
    FakeWorker.all = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 2 });
    expect(pool.workers).toBe(0);
    const a = pool.submit((w) => w.reproduce('a'));
    const b = pool.submit((w) => w.reproduce('b'));
    const c = pool.submit((w) => w.reproduce('c'));
    expect(FakeWorker.all).toHaveLength(2);
    expect(pool.waiting).toBe(1);
    reply(FakeWorker.all[1]);
    expect((await b.result)?.rows[0].label).toBe('from 1');
    // The freed worker takes the waiting job.
    expect(FakeWorker.all[1].other[1]).toMatchObject({
      kind: 'job',
      type: 'reproduce',
      input: { reproduction: 'c' },
    });
    reply(FakeWorker.all[1], 1);
    reply(FakeWorker.all[0]);
    expect((await c.result)?.rows[0].label).toBe('from 1');
    expect((await a.result)?.rows[0].label).toBe('from 0');
    expect(FakeWorker.all).toHaveLength(2);
  });

  it('a crash fails the job that was running, and the next job gets a fresh worker', async () => {
    FakeWorker.all = [];
    const crashes: string[] = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 1, onCrash: (m) => crashes.push(m) });
    const a = pool.submit((w) => w.reproduce('a'));
    const b = pool.submit((w) => w.reproduce('b'));
    FakeWorker.all[0].crash('out of memory');
    await expect(a.result).rejects.toThrow(/crashed: out of memory/);
    expect(crashes).toHaveLength(1);
    // The waiting job runs on a new worker.
    expect(FakeWorker.all).toHaveLength(2);
    reply(FakeWorker.all[1]);
    expect((await b.result)?.rows[0].label).toBe('from 1');
  });

  it('abort: a waiting job never starts; a running one in slices is aborted and keeps its worker', async () => {
    FakeWorker.all = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 1 });
    const sweep = pool.submit((w) => w.sweep('fig', () => undefined));
    const waiting = pool.submit((w) => w.reproduce('never'));
    waiting.abort();
    expect(await waiting.result).toBeNull();
    const w = FakeWorker.all[0];
    sweep.abort();
    expect(await sweep.result).toBeNull();
    expect(w.aborts).toEqual([w.other[0].id]);
    expect(w.terminated).toBe(false);
    expect(w.other.map((m) => m.type)).toEqual(['sweep']);
  });

  it('abort of a job in one piece stops its worker; stop of a sweep asks it to end with what it has', async () => {
    FakeWorker.all = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 1 });
    const check = pool.submit((w) => w.reproduce('slow'));
    check.abort();
    expect(await check.result).toBeNull();
    expect(FakeWorker.all[0].terminated).toBe(true);
    const sweep = pool.submit((w) => w.sweep('fig', () => undefined));
    const w = FakeWorker.all[1];
    sweep.stop();
    expect(w.stops).toEqual([w.other[0].id]);
    w.reply({ kind: 'done', id: w.other[0].id, output: { stopped: true }, totalMs: 1 });
    expect(await sweep.result).toEqual({ totalMs: 1, stopped: true });
  });

  it('a worker that does not answer after its job was dropped takes no more jobs: the next runs on a fresh one', async () => {
    vi.useFakeTimers();
    FakeWorker.all = [];
    const crashes: string[] = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 1, onCrash: (m) => crashes.push(m) });
    // A worker leased to a search, stuck; the search ends (Stop), so the lease is ended (its job dropped).
    const round = pool.submit((w) => w.hostChains(new MessageChannel().port1));
    round.abort();
    expect(await round.result).toBeNull();
    const next = pool.submit((w) => w.reproduce('x'));
    await Promise.resolve();
    const stuck = FakeWorker.all[0];
    expect(stuck.other.map((m) => m.type)).toEqual(['chains']);
    vi.advanceTimersByTime(STOP_GRACE_MS);
    expect(stuck.terminated).toBe(true);
    expect(crashes[0]).toMatch(/did not answer within 10 s after its job was dropped/);
    reply(FakeWorker.all[1]);
    expect((await next.result)?.rows[0].label).toBe('from 1');
    // One that answers takes the next job at once.
    const again = pool.submit((w) => w.hostChains(new MessageChannel().port1));
    again.abort();
    await again.result;
    const after = pool.submit((w) => w.reproduce('y'));
    FakeWorker.all[1].alive();
    reply(FakeWorker.all[1], 2);
    expect((await after.result)?.rows[0].label).toBe('from 1');
    pool.dispose();
  });

  it('closes workers idle for a while, but keeps the first (warm) one', async () => {
    vi.useFakeTimers();
    FakeWorker.all = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 3, idleMs: 1000 });
    pool.warm();
    expect(FakeWorker.all).toHaveLength(1);
    const jobs = [0, 1, 2].map(() => pool.submit((w) => w.reproduce('x')));
    expect(FakeWorker.all).toHaveLength(3);
    FakeWorker.all.forEach((w) => reply(w));
    await Promise.all(jobs.map((j) => j.result));
    vi.advanceTimersByTime(1500);
    expect(pool.workers).toBe(1);
    expect(FakeWorker.all.map((w) => w.terminated)).toEqual([false, true, true]);
    pool.dispose();
  });

  it('runs real jobs inline, with the worker’s own handler: a heatmap with its progress, and a stopped one', async () => {
    const pool = new WorkerPool(inlineWorker, { size: 1 });
    const seen: [number, number][] = [];
    const full = pool.submit((w) => heatmapOnWorker(w, 'retri-vs-bruck-9', (d, t) => seen.push([d, t])));
    const r = await full.result;
    expect(r?.result?.cells.length).toBe(60);
    expect(r?.result?.verified).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(([d, t]) => d <= t && t === seen[0][1])).toBe(true);
    const stopped = pool.submit((w) => heatmapOnWorker(w, 'retri-vs-static-81', () => undefined));
    stopped.stop();
    expect((await stopped.result)?.result).toBeNull();
    pool.dispose();
  });

  it('an inline worker reports a bad request as an error of that job only', async () => {
    const pool = new WorkerPool(inlineWorker, { size: 1 });
    await expect(
      pool.submit((w) => heatmapOnWorker(w, 'no-such-map', () => undefined)).result,
    ).rejects.toThrow(/unknown heatmap "no-such-map"/);
    const ok = await pool.submit((w) =>
      w.run('ring-allgather', { ...defaultsOf(findCard('ring-allgather')!.params), nodes: 8 }),
    ).result;
    expect(ok?.result.report.ok).toBe(true);
    pool.dispose();
  });
});
