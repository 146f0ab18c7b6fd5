/// <reference lib="webworker" />
import { findAlgorithm } from '../../src/registry';
import { findSweep } from '../../src/experiments/catalogue';
import { findReproduction } from '../../src/experiments/registry';
import { sweepJob } from '../../src/experiments/sweep';
import type { Job, JobContext } from '../../src/kernel/jobs';
import type { SweepValue } from '../../src/kernel/experiment';
import { BROWSER_LIMITS, InputError } from '../../src/limits';
import { completeFormulas, run } from '../../src/run';
import { runFile } from '../../src/run-file';
import { formulasPending, realNodesOf, transferables, type RunResult } from '../../src/result';
import type { ParamValues } from '../../src/kernel/params/schema';
import { blockPictures, pictureInput, showsBlockMatrix } from '../../src/families/circuit/block-pictures';
import type { RunOutcome, WorkerRequest, WorkerResponse } from './protocol';
import { runInSlices } from './slices';
import { warmUpOnce } from './warmUp';

// The simulation core runs here, never on the page's thread. Results are posted with their typed
// arrays in the transfer list, so they move to the page without being copied.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (msg: WorkerResponse, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);

/** How often a sweep reports its new points (ms): often enough to draw, rarely enough to be cheap. */
const PROGRESS_EVERY_MS = 150;

/** Id of the newest request received: work still going on for an older one is dropped. */
let newest = -1;
/** Id of the request whose job was asked to stop (it ends with what it has). */
let stopRequested = -1;

/**
 * Runs a job in slices until it ends (`done` gets its result) or a newer request makes it stale; an
 * error in any slice is posted as this request's error, like one thrown at once.
 */
function drive<R>(id: number, job: Job<R>, done: (value: R) => void) {
  let failed = false;
  const guarded: Iterator<unknown, R | undefined> = {
    next() {
      try {
        return job.next();
      } catch (err) {
        failed = true;
        postError(id, err);
        return { done: true, value: undefined };
      }
    },
  };
  runInSlices(
    guarded,
    () => newest !== id,
    (value) => {
      if (!failed) done(value as R);
    },
  );
}

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  if (req.kind === 'crash') throw new Error('crash requested by a test');
  if (req.kind === 'hang') for (;;); // never answers again, as a stuck build would not
  if (req.kind === 'stop') {
    stopRequested = req.target;
    return;
  }
  newest = req.id;
  const t0 = performance.now();
  try {
    switch (req.kind) {
      case 'run': {
        // Slow formula rows (OpTree's best-tree search) are left for after the result is on its way.
        const result = run(req.algorithm, req.params, BROWSER_LIMITS, { quickFormulas: true });
        postResult(req.id, result, t0, () => {
          if (!formulasPending(result)) return;
          // The slow work runs in slices; a request arriving meanwhile makes it stale and stops it.
          const work = findAlgorithm(result.algorithm)?.formulaWork?.(result.params);
          const done = () => post({ kind: 'formulas', id: req.id, formulas: completeFormulas(result) });
          if (work) runInSlices(work, () => newest !== req.id, done);
          else done();
        });
        warmUpOnce();
        return;
      }
      case 'file': {
        postResult(req.id, runFile(req.text, { name: req.name, hash: req.hash }, BROWSER_LIMITS), t0);
        return;
      }
      case 'runs': {
        const outcomes: RunOutcome[] = req.configs.map((c) => {
          try {
            // Compare mode shows no formula panel: slow rows stay pending.
            return { ok: true, result: run(c.algorithm, c.params, BROWSER_LIMITS, { quickFormulas: true }) };
          } catch (err) {
            if (!(err instanceof InputError)) throw err;
            return { ok: false, message: err.message };
          }
        });
        const transfer = outcomes.flatMap((o) => (o.ok ? transferables(o.result) : []));
        post({ kind: 'results', id: req.id, outcomes, totalMs: performance.now() - t0 }, transfer);
        warmUpOnce();
        return;
      }
      case 'sweep': {
        const def = findSweep(req.sweep);
        if (!def) throw new InputError(`unknown sweep "${req.sweep}"`);
        // A job in slices: between them the worker answers a stop (keep the points so far) or a newer
        // request (this one is then stale and dropped).
        let batch: SweepValue[] = [];
        let last = performance.now();
        let [done, total] = [0, 0];
        const flush = () => {
          post({ kind: 'progress', id: req.id, values: batch, done, total });
          batch = [];
          last = performance.now();
        };
        const ctx: JobContext<SweepValue> = {
          partial: (v) => batch.push(v),
          progress(d, t) {
            [done, total] = [d, t];
            if (performance.now() - last > PROGRESS_EVERY_MS) flush();
          },
          get stopping() {
            return stopRequested === req.id;
          },
        };
        drive(req.id, sweepJob(def, BROWSER_LIMITS, ctx), (out) => {
          if (batch.length || done === 0) flush();
          post({ kind: 'sweep-done', id: req.id, totalMs: performance.now() - t0, stopped: out.stopped });
        });
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
    postError(req.id, err);
  }
};

/**
 * Posts a result (its typed arrays transferred; the model's extras, such as the star's tunings,
 * copied), then runs `meanwhile`, then makes the block matrix's pictures of a personalised result:
 * after the result is on its way, so the page shows it at once, from copies of what they need
 * (sending detaches the schedule).
 */
function postResult(id: number, result: RunResult, t0: number, meanwhile: () => void = () => undefined) {
  const input = showsBlockMatrix(result.schedule) ? pictureInput(result.schedule, result.topology) : null;
  post({ kind: 'result', id, result, totalMs: performance.now() - t0 }, transferables(result));
  meanwhile();
  if (input) postPictures(id, result.params, input);
}

/** A request's failure: bad input (with its issues) or an internal error. */
function postError(id: number, err: unknown) {
  const input = err instanceof InputError;
  post({
    kind: 'error',
    id,
    message: err instanceof Error ? err.message : String(err),
    issues: input ? err.issues : [],
    input,
  });
}

/**
 * The block matrix's pictures of every step of a personalised (all-to-all, multi-scatter) result,
 * posted after the result. A failure only leaves the matrix saying it is still preparing them: the
 * result is already shown.
 */
function postPictures(id: number, params: ParamValues, input: ReturnType<typeof pictureInput>) {
  try {
    const pictures = blockPictures(input, realNodesOf(params, input));
    post(
      { kind: 'pictures', id, pictures },
      pictures.steps.map((p) => p.buffer),
    );
  } catch (err) {
    console.error('block-matrix pictures failed', err);
  }
}

post({ kind: 'ready' });
