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
    // All-to-all: the block matrix's pictures are made here too, so the page only draws them.
    const real = typeof req.params.nodes === 'number' ? req.params.nodes : result.schedule.nodeCount;
    const pictures =
      result.schedule.collective === 'alltoall'
        ? blockPictures(result.schedule, result.topology, Math.min(real, result.schedule.nodeCount))
        : undefined;
    const msg: WorkerResponse = { kind: 'result', id: req.id, result, totalMs, blockPictures: pictures };
    const buffers = transferables(result);
    if (pictures) for (const p of pictures.steps) if (p.buffer instanceof ArrayBuffer) buffers.push(p.buffer);
    scope.postMessage(msg, buffers);
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
