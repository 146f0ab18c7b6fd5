import type { WorkerLike } from './client';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { serve } from './serve';

/**
 * A worker that runs on the calling thread: the same handler as the real one (serve.ts), with
 * messages copied and delivered in later tasks as a worker's would be. For tests, and for a page whose
 * browser cannot start workers. A hang request makes it stop answering rather than block the thread.
 */
export function inlineWorker(): WorkerLike {
  let closed = false;
  let hung = false;
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(msg: WorkerRequest, transfer: Transferable[] = []) {
      // Ports (a lease) can only move, never be copied.
      const copy = structuredClone(msg, { transfer });
      setTimeout(() => {
        if (closed || hung) return;
        if (copy.kind === 'hang') {
          hung = true;
          return;
        }
        try {
          handle(copy);
        } catch (err) {
          w.onerror?.({ message: err instanceof Error ? err.message : String(err) } as ErrorEvent);
        }
      }, 0);
    },
    terminate() {
      closed = true;
    },
  };
  const handle = serve(
    (msg: WorkerResponse) => {
      if (closed) return;
      w.onmessage?.({ data: structuredClone(msg) } as MessageEvent<WorkerResponse>);
    },
    { warmUp: false },
  );
  setTimeout(() => {
    if (!closed) w.onmessage?.({ data: { kind: 'ready' } } as MessageEvent<WorkerResponse>);
  }, 0);
  return w;
}
