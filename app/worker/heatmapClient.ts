import type { HeatmapReply, HeatmapRequest } from './heatmap.worker';
import HeatmapWorker from './heatmap.worker?worker';

/**
 * The heatmap worker (speed-up heatmaps and the ReTri paper's claims), one for the page. It is
 * started with the page, not when a panel first opens, so a network lost after loading does not take
 * these features with it. Every request ends: in its reply, or in an error saying whether the worker
 * could not be started or crashed (a crashed worker is started again by the next request).
 */
/** Each member of a union without its `id`. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

let worker: Worker | null = null;
let started = false;
let nextId = 0;
const waiting = new Map<number, { resolve: (r: HeatmapReply) => void; reject: (e: Error) => void }>();

function ensure(): Worker {
  if (worker) return worker;
  const w = new HeatmapWorker();
  started = false;
  w.onmessage = (e: MessageEvent<HeatmapReply | { kind: 'ready' }>) => {
    const r = e.data;
    if (r.kind === 'ready') {
      started = true;
      return;
    }
    waiting.get(r.id)?.resolve(r);
    waiting.delete(r.id);
  };
  w.onerror = (e: ErrorEvent) => {
    const message =
      !started && !e.message
        ? 'The heatmap worker could not be started (its script did not load: is the network gone?).'
        : `The heatmap worker crashed${e.message ? `: ${e.message}` : ''}.`;
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

/** Starts the worker now (the page calls this once at start-up). */
export function startHeatmapWorker(): void {
  ensure();
}

/** Sends one request; resolves with its reply, rejects if the worker fails first. */
export function askHeatmapWorker(req: WithoutId<HeatmapRequest>): Promise<HeatmapReply> {
  const id = ++nextId;
  const w = ensure();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ ...req, id } as HeatmapRequest);
  });
}
