import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunError, WORKER_SILENCE_MS } from './client';
import { LP_AFTER_MS } from './link';
import { SLICED_SILENCE_MS, STOP_GRACE_MS } from './silence';
import { fakeClient, FakeWorker } from './fakeWorker';

// The worker client's silence limits (silence.ts, applied by link.ts), with fake workers and timers;
// the rest of the client is tested in client.test.ts.

const fakeResult = (tag: string) => ({ algorithm: tag }) as never;

describe('a worker that stops answering or cannot start', () => {
  afterEach(() => vi.useRealTimers());

  it('is treated as crashed after the stated silence: stopped, restarted, the request fails with a message', async () => {
    vi.useFakeTimers();
    const { c, crashes } = fakeClient();
    expect(c.silenceMs).toBe(WORKER_SILENCE_MS);
    const pending = c.run('ring-allgather', { nodes: 8 });
    const failed = pending.then(
      () => 'answered',
      (e: RunError) => e.message,
    );
    vi.advanceTimersByTime(WORKER_SILENCE_MS - 1);
    expect(crashes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(await failed).toMatch(/did not answer for 120 s and was stopped/);
    expect(crashes[0]).toMatch(/did not answer for 120 s/);
    expect(FakeWorker.all[0].terminated).toBe(true);
    // The next request gets a fresh worker.
    void c.run('ring-allgather', { nodes: 9 });
    expect(FakeWorker.all).toHaveLength(2);
  });

  it('progress keeps a long request alive; a reply ends the watch', async () => {
    vi.useFakeTimers();
    const { c, crashes } = fakeClient();
    c.limitsForTest({ slicedSilenceMs: 1000 });
    const done = c.sweep('optree-fig4', () => undefined);
    const w = FakeWorker.all[0];
    const id = (w.other[0] as { id: number }).id;
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(900);
      w.reply({ kind: 'progress', id, values: [], done: i, total: 5 });
    }
    w.reply({ kind: 'done', id, output: { stopped: false }, totalMs: 1 });
    expect(await done).toEqual({ totalMs: 1, stopped: false });
    vi.advanceTimersByTime(5000);
    expect(crashes).toEqual([]);
    expect(w.terminated).toBe(false);
  });

  it('an error before the worker said it loaded is reported as "could not be started", not as a crash', async () => {
    const { c, crashes } = fakeClient();
    const failed = c.run('ring-allgather', { nodes: 8 }).catch((e: RunError) => e.message);
    FakeWorker.all[0].onerror?.({} as ErrorEvent);
    expect(await failed).toMatch(/could not be started/);
    expect(crashes[0]).not.toMatch(/crashed/);
    // Once it has loaded, an error is a crash.
    const again = c.run('ring-allgather', { nodes: 8 }).catch((e: RunError) => e.message);
    FakeWorker.all[1].reply({ kind: 'ready' });
    FakeWorker.all[1].onerror?.({} as ErrorEvent);
    expect(await again).toMatch(/crashed/);
  });
});

describe('every job has a silence limit, and Stop always ends it', () => {
  afterEach(() => vi.useRealTimers());

  /** A client whose run was delivered, with a search following it; what it told the page. */
  async function searching() {
    const { c, crashes } = fakeClient();
    const told = { crashes, search: [] as { done: boolean; stopped: boolean; note?: string }[] };
    c.onSearch = (m) => told.search.push({ done: m.done, stopped: m.stopped, note: m.note });
    const run = c.run('noc-scatter', {});
    const w = FakeWorker.all[0];
    const id = w.received[0].id;
    w.reply({ kind: 'done', id, output: fakeResult('first'), totalMs: 1 });
    await run;
    const progress = { target: 9, best: 10, lowerBound: 7, conflicts: [3], moves: 0, maxMoves: 100 };
    w.reply({ kind: 'partial', id, part: { type: 'search', progress, done: false, stopped: false } });
    return { c, w, id, told, progress };
  }

  it('a search whose worker stops answering ends after the stated silence, keeping its best, with a notice', async () => {
    vi.useFakeTimers();
    const { w, told } = await searching();
    vi.advanceTimersByTime(SLICED_SILENCE_MS - 1);
    // Pinged meanwhile (a worker in slices answers between two of them); no answer came.
    expect(w.pings).toBeGreaterThan(5);
    expect(w.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(w.terminated).toBe(true);
    expect(told.crashes).toEqual([
      `The simulation worker did not answer for ${SLICED_SILENCE_MS / 1000} s and was stopped. It has been restarted.`,
    ]);
    expect(told.search.at(-1)).toMatchObject({ done: true, stopped: false });
    expect(told.search.at(-1)?.note).toMatch(
      new RegExp(`did not answer for ${SLICED_SILENCE_MS / 1000} s.*the best schedule it had found stays`),
    );
  });

  it('a search whose worker answers its pings runs on', async () => {
    vi.useFakeTimers();
    const { w, told } = await searching();
    for (let t = 0; t < 3 * SLICED_SILENCE_MS; t += 1000) {
      vi.advanceTimersByTime(1000);
      w.alive();
    }
    expect(w.terminated).toBe(false);
    expect(told.crashes).toEqual([]);
  });

  it('the quiet a search announces (a solver call) is allowed on top of the limit', async () => {
    vi.useFakeTimers();
    const { w, id, progress } = await searching();
    w.reply({
      kind: 'partial',
      id,
      part: { type: 'search', progress: { ...progress, quietMs: 60_000 }, done: false, stopped: false },
    });
    vi.advanceTimersByTime(60_000 + SLICED_SILENCE_MS - 1);
    expect(w.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(w.terminated).toBe(true);
  });

  it('Stop ends a search whose worker does not answer, within the stated grace, keeping its best', async () => {
    vi.useFakeTimers();
    const { c, w, id, told } = await searching();
    c.stopSearch();
    expect(w.stops).toEqual([id]);
    // It answers pings, but does not end the search: Stop is a limit of its own.
    for (let t = 0; t < STOP_GRACE_MS - 1000; t += 1000) {
      vi.advanceTimersByTime(1000);
      w.alive();
    }
    expect(w.terminated).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(w.terminated).toBe(true);
    expect(told.search.at(-1)).toMatchObject({ done: true, stopped: true });
    expect(told.search.at(-1)?.note).toMatch(/did not end its job within 10 s of Stop/);
    expect(told.crashes).toHaveLength(1);
  });

  it('a search that ends as asked is no longer watched', async () => {
    vi.useFakeTimers();
    const { c, w, id, told } = await searching();
    c.stopSearch();
    w.reply({ kind: 'partial', id, part: { type: 'search', progress: null, done: true, stopped: true } });
    vi.advanceTimersByTime(10 * STOP_GRACE_MS);
    expect(w.terminated).toBe(false);
    expect(told.crashes).toEqual([]);
  });

  it('a job in slices (a round of chains) that stops answering fails after the stated silence', async () => {
    vi.useFakeTimers();
    const { c } = fakeClient();
    const round = c.hostChains(new MessageChannel().port1).catch((e: Error) => e.message);
    vi.advanceTimersByTime(SLICED_SILENCE_MS);
    expect(await round).toMatch(new RegExp(`did not answer for ${SLICED_SILENCE_MS / 1000} s`));
    expect(FakeWorker.all[0].terminated).toBe(true);
  });

  it('Stop of a round of chains whose worker does not end it: replaced after the grace', async () => {
    vi.useFakeTimers();
    const { c } = fakeClient();
    const round = c.hostChains(new MessageChannel().port1).catch((e: Error) => e.message);
    const w = FakeWorker.all[0];
    c.stop();
    expect(w.stops).toHaveLength(1);
    vi.advanceTimersByTime(STOP_GRACE_MS);
    expect(await round).toMatch(
      /did not end its job within 10 s of Stop.*What it had computed before Stop stays/,
    );
    expect(w.terminated).toBe(true);
  });

  it('a sweep’s piece is a whole build: it may be silent as long as a build, and no longer; its points stay', async () => {
    vi.useFakeTimers();
    const { c } = fakeClient();
    const points: number[] = [];
    const sweep = c.sweep('fig', (_v, done) => points.push(done)).catch((e: Error) => e.message);
    const w = FakeWorker.all[0];
    w.reply({ kind: 'progress', id: w.other[0].id, values: [], done: 3, total: 9 });
    // A point that takes a minute (a big build on a loaded machine): not taken for stuck.
    vi.advanceTimersByTime(60_000);
    expect(w.terminated).toBe(false);
    w.reply({ kind: 'progress', id: w.other[0].id, values: [], done: 4, total: 9 });
    c.stop();
    vi.advanceTimersByTime(WORKER_SILENCE_MS);
    expect(await sweep).toMatch(/did not answer for 120 s.*What it had computed before Stop stays/);
    expect(w.terminated).toBe(true);
    expect(points).toEqual([3, 4]);
  });

  it('a dropped job in slices: the worker takes no new job before it answers; a silent one is replaced', () => {
    vi.useFakeTimers();
    const { c } = fakeClient();
    void c.hostChains(new MessageChannel().port1);
    const w = FakeWorker.all[0];
    vi.advanceTimersByTime(1000); // pinged while it works
    const earlier = w.lastPing;
    c.cancel();
    expect(w.aborts).toHaveLength(1);
    let idle = 0;
    c.whenIdle(() => idle++);
    expect(idle).toBe(0);
    // An answer to a ping sent before the abort, still on its way, says nothing about the abort.
    w.reply({ kind: 'alive', seq: earlier });
    expect(idle).toBe(0);
    w.alive();
    expect(idle).toBe(1);
    // Again, with a worker that never answers.
    void c.hostChains(new MessageChannel().port1);
    c.cancel();
    c.whenIdle(() => idle++);
    vi.advanceTimersByTime(STOP_GRACE_MS - 1);
    expect(idle).toBe(1);
    vi.advanceTimersByTime(1);
    expect(idle).toBe(2);
    expect(w.terminated).toBe(true);
  });

  it('the visualizer’s worker is asked to load the solver as it starts', () => {
    vi.useFakeTimers();
    const { c } = fakeClient();
    const loaded: [boolean, string | undefined][] = [];
    c.preloadLp = true;
    c.onLp = (ok, message) => loaded.push([ok, message]);
    c.warm();
    // A few seconds after its start, so the first build does not wait for the solver's compilation.
    expect(FakeWorker.all[0].lpAsked).toBe(0);
    vi.advanceTimersByTime(LP_AFTER_MS);
    expect(FakeWorker.all[0].lpAsked).toBe(1);
    FakeWorker.all[0].reply({ kind: 'lp', ok: false, message: 'Failed to fetch' });
    expect(loaded).toEqual([[false, 'Failed to fetch']]);
  });
});
