/// <reference lib="webworker" />
import { findReproduction, findSweep } from '../../src/experiments/registry';
import { evaluatePoint } from '../../src/experiments/sweep';
import { BROWSER_LIMITS, InputError, run, transferables } from '../../src/run';
import type { RunOutcome, WorkerRequest, WorkerResponse } from './protocol';

// The simulation core runs here, never on the page's thread. Results are posted with their typed
// arrays in the transfer list, so they move to the page without being copied.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (msg: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);

/** How often a sweep reports its new points (ms): often enough to draw, rarely enough to be cheap. */
const PROGRESS_EVERY_MS = 150;

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  if (req.kind === 'crash') throw new Error('crash requested by a test');
  const t0 = performance.now();
  try {
    switch (req.kind) {
      case 'run': {
        const result = run(req.algorithm, req.params, BROWSER_LIMITS);
        post({ kind: 'result', id: req.id, result, totalMs: performance.now() - t0 }, transferables(result));
        return;
      }
      case 'runs': {
        const outcomes: RunOutcome[] = req.configs.map((c) => {
          try {
            return { ok: true, result: run(c.algorithm, c.params, BROWSER_LIMITS) };
          } catch (err) {
            if (!(err instanceof InputError)) throw err;
            return { ok: false, message: err.message };
          }
        });
        const transfer = outcomes.flatMap((o) => (o.ok ? transferables(o.result) : []));
        post({ kind: 'results', id: req.id, outcomes, totalMs: performance.now() - t0 }, transfer);
        return;
      }
      case 'sweep': {
        const def = findSweep(req.sweep);
        if (!def) throw new InputError(`unknown sweep "${req.sweep}"`);
        const points = def.points();
        let batch = [];
        let last = performance.now();
        for (let i = 0; i < points.length; i++) {
          batch.push(evaluatePoint(def, points[i], BROWSER_LIMITS));
          if (performance.now() - last > PROGRESS_EVERY_MS || i === points.length - 1) {
            post({ kind: 'progress', id: req.id, values: batch, done: i + 1, total: points.length });
            batch = [];
            last = performance.now();
          }
        }
        post({ kind: 'sweep-done', id: req.id, totalMs: performance.now() - t0 });
        return;
      }
      case 'reproduce': {
        const rep = findReproduction(req.reproduction);
        if (!rep) throw new InputError(`unknown paper check "${req.reproduction}"`);
        post({ kind: 'rows', id: req.id, rows: rep.run(BROWSER_LIMITS), totalMs: performance.now() - t0 });
        return;
      }
    }
  } catch (err) {
    const input = err instanceof InputError;
    post({
      kind: 'error',
      id: req.id,
      message: err instanceof Error ? err.message : String(err),
      issues: input ? err.issues : [],
      input,
    });
  }
};
