/// <reference lib="webworker" />
import { setLpSolver, type LpSolution } from '../../src/kernel/lp';
import type { WorkerRequest, WorkerResponse } from './protocol';
import { HIGHS_OPTIONS } from './highsRuntime';
import { serve } from './serve';

// The simulation core runs here, never on the page's thread. Results are posted with their typed
// arrays in the transfer list, so they move to the page without being copied. Every worker of the
// page (the visualizer's and the pool's) runs this script.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (msg: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);

/**
 * HiGHS (3.5 MB of WebAssembly), loaded when the page asks (the visualizer's worker, as it starts,
 * while the network is there) or when an exact method first needs it; once. A failed load is tried
 * again the next time. Kept in this script's scope on purpose: each worker runs its own copy of the
 * script, so this is one worker's solver, never shared with another worker or app.
 */
let loading: Promise<void> | null = null;
function loadLp(): Promise<void> {
  loading ??= (async () => {
    const { default: load } = await import('highs');
    const highs = await load(HIGHS_OPTIONS);
    setLpSolver((lp, options) => highs.solve(lp, options) as LpSolution);
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

const handle = serve(post, { warmUp: true, loadLp });
scope.onmessage = (e: MessageEvent<WorkerRequest>) => handle(e.data);
post({ kind: 'ready' });
