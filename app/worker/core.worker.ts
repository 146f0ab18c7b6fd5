/// <reference lib="webworker" />
import { BROWSER_LIMITS, InputError, run, transferables } from '../../src/run';
import { blockPictures } from '../../src/views/block-pictures';
import type { WorkerRequest, WorkerResponse } from './protocol';

// The simulation core runs here, never on the page's thread. Results are posted with their typed
// arrays in the transfer list, so they move to the page without being copied.
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  if (req.kind === 'crash') throw new Error('crash requested by a test');
  const t0 = performance.now();
  try {
    const result = run(req.algorithm, req.params, BROWSER_LIMITS);
    const totalMs = performance.now() - t0;
    const msg: WorkerResponse = { kind: 'result', id: req.id, result, totalMs };
    scope.postMessage(msg, transferables(result));
    // All-to-all: the block matrix's pictures are made here too, after the result is on its way, so
    // the page shows the result at once and only draws the pictures when they come.
    if (result.schedule.collective === 'alltoall') {
      const real = typeof req.params.nodes === 'number' ? req.params.nodes : result.schedule.nodeCount;
      const pictures = blockPictures(
        result.schedule,
        result.topology,
        Math.min(real, result.schedule.nodeCount),
      );
      const extra: WorkerResponse = { kind: 'pictures', id: req.id, pictures };
      scope.postMessage(
        extra,
        pictures.steps.map((p) => p.buffer),
      );
    }
  } catch (err) {
    const input = err instanceof InputError;
    const msg: WorkerResponse = {
      kind: 'error',
      id: req.id,
      message: err instanceof Error ? err.message : String(err),
      issues: input ? err.issues : [],
      input,
    };
    scope.postMessage(msg);
  }
};
