import { describe, expect, it, vi } from 'vitest';
import { scheduleJsonChunks } from '../../src/kernel/format/schedule-export';
import { defaultsOf } from '../../src/kernel/params/schema';
import type { LinkLoad } from '../../src/kernel/replay/link-load';
import { CLI_LIMITS } from '../../src/limits';
import { findAlgorithm } from '../../src/registry';
import { run } from '../../src/run';
import { transferables, type RunResult } from '../../src/result';
import { WorkerClient } from './client';
import { fakeClient, partialsAroundResult } from './fakeWorker';
import { inlineWorker } from './inline';
import type { Post } from './jobs/envelope';
import { postWithLinkLoad } from './linkLoadPost';
import type { WorkerResponse } from './protocol';

/** What happened, in order: posts by kind, and each link-load count. */
const events: string[] = [];
vi.mock('../../src/kernel/replay/link-load', async (original) => {
  const real = await original<typeof import('../../src/kernel/replay/link-load')>();
  return {
    ...real,
    linkLoadOf: (...args: Parameters<typeof real.linkLoadOf>) => {
      events.push('count');
      return real.linkLoadOf(...args);
    },
  };
});

const ring = (nodes: number) =>
  run('ring-allgather', { ...defaultsOf(findAlgorithm('ring-allgather')!.params), nodes }, CLI_LIMITS);

/** A reply's kind, or the type of the part it carries. */
const kindOf = (m: WorkerResponse) => (m.kind === 'partial' ? m.part.type : m.kind);
/** The link load a reply carries (a `link-load` part). */
const loadIn = (m: WorkerResponse): LinkLoad => {
  if (m.kind !== 'partial' || m.part.type !== 'link-load') throw new Error(`no link load in ${m.kind}`);
  return m.part.load;
};

describe('link load from the worker', () => {
  it('follows every result and better schedule with its link load, moving its arrays', () => {
    const sent: { msg: WorkerResponse; transfer?: Transferable[] }[] = [];
    const post: Post = (msg, transfer) => sent.push({ msg, transfer });
    const result = ring(6);
    postWithLinkLoad(post, { kind: 'done', id: 7, output: result, totalMs: 1 }, [], result);
    const better = ring(4);
    postWithLinkLoad(post, { kind: 'improved', id: 7, result: better }, [], better);
    expect(sent.map((s) => kindOf(s.msg))).toEqual(['done', 'link-load', 'improved', 'link-load']);
    const first = loadIn(sent[1].msg);
    expect(sent[1].msg).toMatchObject({ id: 7 });
    // Ring all-gather on 6 nodes: 6 one-hop lightpaths in each of 5 steps.
    expect(first.totalUses).toBe(30);
    expect(first.linkCount).toBe(12);
    expect(sent[1].transfer).toContain(first.ratio.buffer);
    expect(loadIn(sent[3].msg).linkCount).toBe(8);
  });

  it('posts the result before counting its link load, from copies (sending moved the arrays away)', () => {
    events.length = 0;
    const sent: WorkerResponse[] = [];
    const post: Post = (msg, transfer = []) => {
      events.push(`post ${kindOf(msg)}`);
      // As a worker's postMessage does: the listed buffers move and are detached here.
      sent.push(structuredClone(msg, { transfer }));
    };
    const result = ring(6);
    postWithLinkLoad(
      post,
      { kind: 'done', id: 3, output: result, totalMs: 1 },
      transferables(result),
      result,
    );
    expect(result.schedule.src.length).toBe(0); // detached: the count cannot have read these
    expect(events).toEqual(['post done', 'count', 'post link-load']);
    const load = loadIn(sent[1]);
    expect(load.totalUses).toBe(30);
    expect(load.linkCount).toBe(12);
  });

  it('a count that fails still posts the result', () => {
    const sent: WorkerResponse[] = [];
    const post: Post = (msg) => sent.push(msg);
    const broken = { ...ring(4), schedule: null } as unknown as RunResult;
    const quiet = console.error;
    console.error = () => undefined;
    try {
      postWithLinkLoad(post, { kind: 'done', id: 1, output: broken, totalMs: 1 }, [], broken);
    } finally {
      console.error = quiet;
    }
    expect(sent.map((m) => m.kind)).toEqual(['done']);
  });

  it('the client passes on the link load of the delivered result only', async () => {
    const { c } = fakeClient();
    const seen: [unknown, number][] = [];
    c.onLinkLoad = (result, load) => seen.push([result, load.totalUses]);
    await partialsAroundResult(c, 'ring-allgather', (totalUses) => ({
      type: 'link-load',
      load: { totalUses } as LinkLoad,
    }));
    expect(seen).toEqual([[{ algorithm: 'r' }, 3]]);
  });

  it('through the worker the page uses: a schedule file and a run each get their link load', async () => {
    const c = new WorkerClient(inlineWorker);
    const loads: [RunResult, LinkLoad][] = [];
    c.onLinkLoad = (result, load) => loads.push([result, load]);
    const text = [...scheduleJsonChunks(ring(5))].join('');
    const file = await c.runFile({ name: 'ring.json', data: new Blob([text]) });
    const built = await c.run('ring-allgather', {
      ...defaultsOf(findAlgorithm('ring-allgather')!.params),
      nodes: 8,
    });
    expect(loads.map(([r]) => r)).toEqual([file!.result, built!.result]);
    expect(loads.map(([, l]) => l.totalUses)).toEqual([20, 56]);
    expect(loads[1][1].busiestLinks[0]).toMatchObject({ link: 0, uses: 7, steps: 7 });
  });
});
