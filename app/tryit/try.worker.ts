/// <reference lib="webworker" />
import { tryService } from '../../src/tryit/try-service';
import type { TryRequest } from '../../src/tryit/try-service';

// Try it's exercises, edits and live checks run here (src/tryit/try-service.ts), never on the page.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = tryService();
scope.onmessage = (e: MessageEvent<TryRequest>) => scope.postMessage(handle(e.data));
