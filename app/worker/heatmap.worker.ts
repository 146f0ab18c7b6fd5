/// <reference lib="webworker" />
import { computeHeatmap, findHeatmap, type HeatmapResult } from '../../src/experiments/speedup';
import { BROWSER_LIMITS } from '../../src/run';

/** Requests and replies of the heatmap worker (one heatmap at a time; the page drops stale replies). */
export interface HeatmapRequest {
  id: number;
  heatmap: string;
}
export type HeatmapReply =
  { id: number; ok: true; result: HeatmapResult; ms: number } | { id: number; ok: false; message: string };

// Speed-up heatmaps build and verify every schedule they price: heavy work, so it runs here, apart
// from the worker that serves the main view (a heatmap never delays the configuration on screen).
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<HeatmapRequest>) => {
  const { id, heatmap } = e.data;
  const def = findHeatmap(heatmap);
  const t0 = performance.now();
  let reply: HeatmapReply;
  try {
    if (!def) throw new Error(`unknown heatmap "${heatmap}"`);
    reply = { id, ok: true, result: computeHeatmap(def, BROWSER_LIMITS), ms: performance.now() - t0 };
  } catch (err) {
    reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
