/// <reference lib="webworker" />
import { BROWSER_LIMITS, InputError, run, transferables } from '../../src/run';
import { blockPictures, pictureInput } from '../../src/views/block-pictures';
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
    // All-to-all: the block matrix's pictures are made here too, after the result is on its way (so
    // the page shows it at once), from copies of what they need (sending detaches the schedule).
    const alltoall = result.schedule.collective === 'alltoall';
    const input = alltoall ? pictureInput(result.schedule, result.topology) : null;
    const msg: WorkerResponse = { kind: 'result', id: req.id, result, totalMs };
    scope.postMessage(msg, transferables(result));
    if (input) {
      try {
        const real =
          typeof req.params.nodes === 'number'
            ? Math.min(req.params.nodes, input.nodeCount)
            : input.nodeCount;
        const pictures = blockPictures(input, real);
        const extra: WorkerResponse = { kind: 'pictures', id: req.id, pictures };
        scope.postMessage(
          extra,
          pictures.steps.map((p) => p.buffer),
        );
      } catch (err) {
        // The result is already shown; without pictures the matrix keeps saying it is preparing them.
        console.error('block-matrix pictures failed', err);
      }
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
