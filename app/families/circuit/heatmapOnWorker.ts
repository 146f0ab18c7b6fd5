import type { HeatmapResult } from '../../../src/families/circuit/heatmaps';
import type { WorkerClient } from '../../worker/client';

/**
 * A speed-up heatmap computed by a worker (the circuit family's `heatmap` job, jobs.ts);
 * `onProgress` hears how many of its builds are done. A null `result`: it was stopped.
 */
export async function heatmapOnWorker(
  w: WorkerClient,
  heatmap: string,
  onProgress: (done: number, total: number) => void,
): Promise<{ result: HeatmapResult | null; totalMs: number } | null> {
  const r = await w.submit('heatmap', { heatmap }, { onProgress: (m) => onProgress(m.done, m.total) });
  return r && { result: r.output, totalMs: r.totalMs };
}
