/// <reference lib="webworker" />
import type { WorkerRequest, WorkerResponse } from './protocol';
import { serve } from './serve';

// The simulation core runs here, never on the page's thread. Results are posted with their typed
// arrays in the transfer list, so they move to the page without being copied. Every worker of the
// page (the visualizer's and the pool's) runs this script.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (msg: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);
const handle = serve(post);
scope.onmessage = (e: MessageEvent<WorkerRequest>) => handle(e.data);
post({ kind: 'ready' });
