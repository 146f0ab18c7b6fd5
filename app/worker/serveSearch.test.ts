import { describe, expect, it, vi } from 'vitest';
import { findCard } from '../../src/cards';
import { findAlgorithm } from '../../src/registry';
import { defaultsOf } from '../../src/kernel/params/schema';
import { WorkerClient, type SearchReply } from './client';
import { inlineWorker } from './inline';
import type { WorkerResponse } from './protocol';
import { searchPart } from './serveSearch';

const scatter = (over: Record<string, string | number>) => ({
  ...defaultsOf(findCard('noc-scatter')!.params),
  ...over,
});

describe('the worker’s side: signs of life, the solver, a build’s progress', () => {
  it('answers a ping between its jobs', async () => {
    const w = inlineWorker();
    const heard: WorkerResponse[] = [];
    w.onmessage = (e) => heard.push(e.data);
    w.postMessage({ kind: 'ping', seq: 7 });
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toContainEqual({ kind: 'alive', seq: 7 });
    w.terminate();
  });

  it('an exact search without its solver ends at once saying why, with no bound it did not compute', async () => {
    // The inline worker cannot load HiGHS, as a page offline cannot fetch it.
    const c = new WorkerClient(inlineWorker);
    const ended = new Promise<SearchReply>((resolve) => {
      c.onSearch = (m) => m.done && resolve(m);
    });
    const reply = await c.run('noc-scatter', scatter({ method: 'exact' }));
    expect(reply?.result.report.ok).toBe(true);
    const end = await ended;
    expect(end.progress).toBeNull();
    expect(end.note).toMatch(/needs its solver \(HiGHS\), which could not be loaded/);
    c.dispose();
  });

  it('a long build says how far it is: messages routed, then placed, up to all of them', async () => {
    const c = new WorkerClient(inlineWorker);
    const seen: [number, number, string][] = [];
    // A 6 × 6 mesh's all-to-all: 1,260 messages, placed over a second or so.
    const params = scatter({
      network: 'mesh',
      rows: 6,
      cols: 6,
      'per-router': 1,
      pattern: 'aas',
      method: 'constructive',
    });
    const reply = await c.run('noc-scatter', params, (d, t, u) => seen.push([d, t, u]));
    expect(reply?.result.report.ok).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (const [done, total, unit] of seen) {
      expect(unit).toMatch(/^messages (routed|placed)$/);
      expect(total).toBe(36 * 35);
      expect(done).toBeLessThanOrEqual(total);
    }
    c.dispose();
  });

  it('a search that fails ends on the page, saying why, with no bound beyond its last report', () => {
    const spec = findAlgorithm('noc-scatter')!;
    const failing = vi.spyOn(spec, 'search').mockImplementation(function* () {
      yield;
      throw new Error('the solver aborted');
    });
    const posted: WorkerResponse[] = [];
    // The worker's own driving of a job: an error in a slice is posted as the request's error.
    const search = searchPart({
      post: (m) => posted.push(m),
      stale: () => false,
      stopping: () => false,
      lease: () => () => undefined,
      drive: (id, job, done) => {
        try {
          for (let s = job.next(); ; s = job.next()) if (s.done) return done(s.value);
        } catch (err) {
          posted.push({ kind: 'error', id, message: String(err), issues: [], input: false });
        }
      },
      postError: () => undefined,
    });
    search.after(4, 'noc-scatter', scatter({ method: 'anneal' }));
    failing.mockRestore();
    // The request's answer went long ago: only a search part ends what the page shows.
    expect(posted).toEqual([
      {
        kind: 'partial',
        id: 4,
        part: {
          type: 'search',
          progress: null,
          done: true,
          stopped: false,
          totalMs: expect.any(Number),
          note: 'the search failed: the solver aborted; the best schedule so far stays',
        },
      },
    ]);
  });
});
