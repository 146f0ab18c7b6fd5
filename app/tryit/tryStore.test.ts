import { describe, expect, it } from 'vitest';
import type { TryRequest, TryResponse } from '../../src/tryit/try-service';
import type { TryView } from '../../src/tryit/try-view';
import { createPaneStore } from '../store/paneStore';
import { createTryStore, type TryWorkerLike } from './tryStore';

/** A Try it worker that records its requests; `answer` replies as the worker would. */
function fakeWorker() {
  const asked: TryRequest[] = [];
  const worker: TryWorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (r: TryRequest) => void asked.push(r),
  };
  const answer = (r: TryResponse) =>
    (worker.onmessage as (e: MessageEvent<TryResponse>) => void)({ data: r } as MessageEvent<TryResponse>);
  return { worker, asked, answer };
}

const viewWithLink = (link: string) =>
  ({ link, attempt: { at: 0, steps: [] }, board: { nodes: 4 } }) as unknown as TryView;

describe('each app’s Try it store has its own worker and request ids', () => {
  it('two stores start their own workers, number their own requests and write their own pane', () => {
    const [a, b] = [fakeWorker(), fakeWorker()];
    const [paneA, paneB] = [createPaneStore(), createPaneStore()];
    for (const pane of [paneA, paneB]) pane.getState().setOptions({ mode: 'try' });
    const [tryA, tryB] = [createTryStore(paneA, () => a.worker), createTryStore(paneB, () => b.worker)];
    tryA.getState().openLink('first');
    tryA.getState().edit({ kind: 'next' });
    tryB.getState().openLink('other');
    expect(a.asked.map((r) => [r.kind, r.id])).toEqual([
      ['open', 1],
      ['edit', 2],
    ]);
    expect(b.asked.map((r) => [r.kind, r.id])).toEqual([['open', 1]]);
    // B's answer to its request 1 is B's newest; A's answer to request 1 is stale (A has sent 2).
    b.answer({ kind: 'view', id: 1, view: viewWithLink('b-link') });
    a.answer({ kind: 'view', id: 1, view: viewWithLink('stale') });
    expect(tryB.getState().view?.link).toBe('b-link');
    expect(tryA.getState().view).toBeNull();
    expect(tryA.getState().busy).toBe(true);
    a.answer({ kind: 'view', id: 2, view: viewWithLink('a-link') });
    expect(tryA.getState()).toMatchObject({ busy: false, written: 'a-link' });
    expect([paneA.getState().config.tryit, paneB.getState().config.tryit]).toEqual(['a-link', 'b-link']);
  });
});
