import { describe, expect, it, vi } from 'vitest';
import { findCard } from '../../src/cards';
import { defaultsOf, type ParamValues } from '../../src/kernel/params/schema';
import type { ChainOutcome, ChainTask, SearchAttempt } from '../../src/kernel/spec';
import { CLI_LIMITS } from '../../src/limits';
import { run } from '../../src/run';
import type { RunResult } from '../../src/result';
import { chainGroups, relayChains } from './chainRelay';
import { WorkerClient, type SearchReply } from './client';
import { FakeWorker } from './fakeWorker';
import { inlineWorker } from './inline';
import { WorkerPool } from './pool';
import type { JobInput } from './jobs/registry';

const scatter = (over: ParamValues): ParamValues => ({
  ...defaultsOf(findCard('noc-scatter')!.params),
  'time-limit': 600,
  ...over,
});

/**
 * The visualizer's worker (inline) with its search's chains on a pool of `workers` inline workers,
 * as the page wires them (app/store/sync.ts): every schedule shown, the attempts, the end.
 */
function searchOnPool(
  params: ParamValues,
  workers: number,
  stopAtAttempt = false,
  pool: Pick<WorkerPool, 'size' | 'submit' | 'waiting' | 'dispose'> = new WorkerPool(inlineWorker, {
    size: workers,
  }),
  algorithm = 'noc-scatter',
) {
  const client = new WorkerClient(inlineWorker);
  const relay = relayChains(client, pool);
  const shown: RunResult[] = [];
  const attempts: SearchAttempt[] = [];
  let rounds = 0;
  client.onChainTasks = (msg) => {
    rounds++;
    relay.round(msg);
  };
  client.onImproved = (r) => shown.push(r);
  client.onAttempt = (a) => {
    attempts.push(a);
    // Stop while a round is on the pool: the search ends now, keeping its best.
    if (stopAtAttempt) client.stopSearch();
  };
  const end = new Promise<SearchReply>((resolve) => {
    client.onSearch = (msg) => {
      if (!msg.done) return;
      relay.drop();
      resolve(msg);
    };
  });
  return {
    async done() {
      const first = await client.run(algorithm, params);
      const last = await end;
      client.dispose();
      pool.dispose();
      return { first: first!.result, shown, attempts, last, rounds };
    },
  };
}

/** A schedule's messages, step by step: sender and channels of each. */
const messages = (r: RunResult) => {
  const s = r.schedule;
  if (s.path.kind !== 'link-list') throw new Error('a NoC schedule has link lists');
  const { offsets, links } = s.path;
  return Array.from(s.src, (src, t) => `${src}:${links.slice(offsets[t], offsets[t + 1]).join(',')}`);
};

describe('the search’s chains on a pool of workers', () => {
  it('cuts a round’s chains into consecutive groups, one per worker', () => {
    expect(chainGroups([0, 1, 2, 3], 1)).toEqual([[0, 1, 2, 3]]);
    expect(chainGroups([0, 1, 2, 3], 3)).toEqual([[0, 1], [2], [3]]);
    expect(chainGroups([0, 1, 2, 3], 7)).toEqual([[0], [1], [2], [3]]);
    expect(chainGroups([0], 4)).toEqual([[0]]);
  });

  it('a round waits its turn behind another job of the pool, says so, and goes back in chain order', async () => {
    FakeWorker.all = [];
    const pool = new WorkerPool(() => new FakeWorker(), { size: 1 });
    const master = { chainOutcomes: vi.fn() };
    const waits: boolean[] = [];
    const relay = relayChains(master as unknown as WorkerClient, pool, (w) => waits.push(w));
    const check = pool.submit((w) => w.reproduce('noc-table2'));
    const task = (chain: number) =>
      ({ chain, step: new Uint32Array(1), path: new Uint16Array(1) }) as unknown as ChainTask;
    relay.round({
      type: 'round',
      id: 7,
      round: 3,
      algorithm: 'noc-scatter',
      params: {},
      tasks: [task(0), task(1)],
    });
    expect(waits).toEqual([true]);
    const w = FakeWorker.all[0];
    w.reply({ kind: 'done', id: w.other[0].id, output: [], totalMs: 1 });
    await check.result;
    // The pool's one worker now runs both chains, in one job.
    const job = w.other[1];
    expect(job).toMatchObject({ kind: 'job', type: 'chains', input: { algorithm: 'noc-scatter' } });
    const outcome = (chain: number) =>
      ({ chain, step: new Uint32Array(1), path: new Uint16Array(1) }) as unknown as ChainOutcome;
    const input = job.input as JobInput<'chains'>;
    expect(input.tasks.map((t) => t.chain)).toEqual([0, 1]);
    w.reply({ kind: 'done', id: job.id, output: [outcome(0), outcome(1)], totalMs: 1 });
    await vi.waitFor(() => expect(master.chainOutcomes).toHaveBeenCalled());
    expect(waits).toEqual([true, false]);
    const [id, round, outcomes] = master.chainOutcomes.mock.calls[0];
    expect([id, round, (outcomes as ChainOutcome[]).map((o) => o.chain)]).toEqual([7, 3, [0, 1]]);
    pool.dispose();
  });

  it('finds the same schedules on one worker, on three, and in one piece (the command line)', async () => {
    // The fat Octagon's all-to-all: the hybrid (seed 5) lowers the constructive 18 steps to the bound of 16.
    const params = scatter({ pattern: 'aas', method: 'hybrid', seed: 5 });
    const one = await searchOnPool(params, 1).done();
    const three = await searchOnPool(params, 3).done();
    const cli = run('noc-scatter', params, CLI_LIMITS);
    expect(one.shown.length).toBeGreaterThan(1);
    expect(one.shown.at(-1)!.summary.steps).toBe(16);
    expect(one.shown.every((r) => r.report.ok)).toBe(true);
    expect(three.shown.map((r) => r.summary.steps)).toEqual(one.shown.map((r) => r.summary.steps));
    expect(messages(three.shown.at(-1)!)).toEqual(messages(one.shown.at(-1)!));
    expect(messages(cli)).toEqual(messages(one.shown.at(-1)!));
    expect(one.rounds).toBeGreaterThan(1);
    expect(three.rounds).toBe(one.rounds);
    expect(one.last).toMatchObject({ done: true, stopped: false });
  });

  it('a broadcast search (relays in its genes): the same schedules on one worker, on three, and in one piece', async () => {
    // Table 2's 8 to all 16: the constructive 12 steps lowered to 9 (optimal with this placement).
    const params = {
      ...defaultsOf(findCard('noc-broadcast')!.params),
      'time-limit': 600,
      pattern: 'mnb',
      senders: '0-7',
      receivers: '0-15',
      method: 'hybrid',
      seed: 1,
      moves: 200_000,
    };
    const one = await searchOnPool(params, 1, false, undefined, 'noc-broadcast').done();
    const three = await searchOnPool(params, 3, false, undefined, 'noc-broadcast').done();
    const cli = run('noc-broadcast', params, CLI_LIMITS);
    expect(one.first.summary.steps).toBe(12);
    expect(one.shown.at(-1)!.summary.steps).toBe(9);
    expect(one.shown.every((r) => r.report.ok)).toBe(true);
    expect(three.shown.map((r) => r.summary.steps)).toEqual(one.shown.map((r) => r.summary.steps));
    expect(messages(three.shown.at(-1)!)).toEqual(messages(one.shown.at(-1)!));
    expect(messages(cli)).toEqual(messages(one.shown.at(-1)!));
    expect(three.rounds).toBe(one.rounds);
    // Its attempts count causality faults with the shared channels.
    for (const a of one.attempts)
      expect(a.clashes.reduce((n, k) => n + k.transfers.length - 1, 0) + (a.faults?.length ?? 0)).toBe(
        a.conflicts,
      );
  });

  it('annealing (one chain) too; another seed searches differently', async () => {
    // The fat Octagon's all-to-all (the slim one's constructive schedule is optimal: nothing to search).
    const params = scatter({ pattern: 'aas', method: 'anneal', seed: 1 });
    const a = await searchOnPool(params, 2).done();
    expect(a.shown.at(-1)!.summary.steps).toBe(17);
    expect(messages(a.shown.at(-1)!)).toEqual(messages(run('noc-scatter', params, CLI_LIMITS)));
    const b = await searchOnPool({ ...params, seed: 2 }, 2).done();
    expect(messages(b.shown.at(-1)!)).not.toEqual(messages(a.shown.at(-1)!));
  });

  it('a round the pool cannot run ends the search with the reason; the best schedule stays', async () => {
    const failing = {
      size: 1,
      waiting: 0,
      dispose: () => undefined,
      submit: () => ({
        result: Promise.reject(new Error('The simulation worker crashed: out of memory.')),
        stop: () => undefined,
        abort: () => undefined,
      }),
    } as unknown as WorkerPool;
    const params = scatter({ pattern: 'aas', method: 'hybrid', seed: 3 });
    const s = await searchOnPool(params, 1, false, failing).done();
    expect(s.rounds).toBe(1);
    expect(s.shown).toEqual([]);
    expect(s.last.done).toBe(true);
    expect(s.last.note).toMatch(/crashed: out of memory.*the best schedule so far stays/);
    const steps = s.first.summary.steps;
    expect(s.last.progress).toMatchObject({ lowerBound: 16, best: steps, target: steps - 1 });
    expect(s.first.report.ok).toBe(true);
  });

  it('shows attempts while it searches, and a stop keeps the best schedule', async () => {
    // 8 to the same 8 on the fat Octagon: no schedule below 10 steps with shortest routes (the exact
    // method proves it), so the search at 9 runs until stopped.
    const params = scatter({ senders: '0-7', receivers: '0-7', method: 'hybrid', moves: 1e8 });
    const s = await searchOnPool(params, 1, true).done();
    expect(s.last).toMatchObject({ done: true, stopped: true });
    expect(s.rounds).toBeGreaterThan(0);
    expect(s.first.summary.steps).toBe(10);
    expect(s.shown).toEqual([]);
    expect(s.attempts.length).toBeGreaterThan(0);
    for (const a of s.attempts) {
      expect(a.target).toBe(9);
      expect(a.conflicts).toBeGreaterThan(0);
      // Each clash: two or more transfers of one step on one channel.
      for (const k of a.clashes) {
        expect(k.transfers.length).toBeGreaterThan(1);
        for (const t of k.transfers) {
          expect(t).toBeGreaterThanOrEqual(a.schedule.stepStart[k.step - 1]);
          expect(t).toBeLessThan(a.schedule.stepStart[k.step]);
        }
      }
      expect(a.clashes.reduce((n, k) => n + k.transfers.length - 1, 0)).toBe(a.conflicts);
    }
  });
});
