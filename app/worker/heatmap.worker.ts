/// <reference lib="webworker" />
import { findReproduction } from '../../src/experiments/registry';
import type { ReproRow } from '../../src/kernel/experiment';
import { computeHeatmap } from '../../src/families/circuit/speedup';
import { findHeatmap, type HeatmapResult } from '../../src/families/circuit/heatmaps';
import { BROWSER_LIMITS } from '../../src/limits';

/** Requests and replies of the heatmap worker (one heatmap at a time; the page drops stale replies). */
export type HeatmapRequest =
  { kind: 'heatmap'; id: number; heatmap: string } | { kind: 'claims'; id: number };
export type HeatmapReply =
  | { kind: 'heatmap'; id: number; ok: true; result: HeatmapResult; ms: number }
  | { kind: 'claims'; id: number; ok: true; rows: ReproRow[] }
  | { kind: 'heatmap' | 'claims'; id: number; ok: false; message: string };

// Speed-up heatmaps build and verify every schedule they price: heavy work, so it runs here, apart
// from the worker that serves the main view (a heatmap never delays the configuration on screen).
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<HeatmapRequest>) => {
  const req = e.data;
  const t0 = performance.now();
  let reply: HeatmapReply;
  try {
    if (req.kind === 'claims') {
      const rep = findReproduction('retri-claims');
      if (!rep) throw new Error('the retri-claims check is not registered');
      reply = { kind: 'claims', id: req.id, ok: true, rows: rep.run(BROWSER_LIMITS) };
    } else {
      const def = findHeatmap(req.heatmap);
      if (!def) throw new Error(`unknown heatmap "${req.heatmap}"`);
      reply = {
        kind: 'heatmap',
        id: req.id,
        ok: true,
        result: computeHeatmap(def, BROWSER_LIMITS),
        ms: performance.now() - t0,
      };
    }
  } catch (err) {
    reply = {
      kind: req.kind,
      id: req.id,
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    };
  }
  scope.postMessage(reply);
};

// Tells the page the worker's code has loaded (an error before this means it could not start).
scope.postMessage({ kind: 'ready' });
