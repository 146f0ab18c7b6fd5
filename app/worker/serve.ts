import { findAlgorithm } from '../../src/registry';
import { findSweep } from '../../src/experiments/catalogue';
import { findHeatmap, findReproduction, heatmapJob } from '../../src/experiments/registry';
import { sweepJob } from '../../src/experiments/sweep';
import type { Job, JobContext } from '../../src/kernel/jobs';
import type { SweepValue } from '../../src/kernel/experiment';
import { BROWSER_LIMITS, InputError } from '../../src/limits';
import { completeFormulas, run } from '../../src/run';
import { progressWatch } from '../../src/kernel/run-watch';
import { lpSolver } from '../../src/kernel/lp';
import { serveFile } from './fileJob';
import { formulasPending, realNodesOf, transferables, type RunResult } from '../../src/result';
import type { ChainOutcome } from '../../src/kernel/spec';
import type { ParamValues } from '../../src/kernel/params/schema';
import { blockPictures, pictureInput, showsBlockMatrix } from '../../src/kernel/model/block-pictures';
import type { RunOutcome, WorkerRequest, WorkerResponse } from './protocol';
import { searchPart } from './serveSearch';
import { runInSlices } from './slices';
import { warmUpOnce } from './warmUp';

/** Posts a message to the page, moving the listed buffers instead of copying them. */
export type Post = (msg: WorkerResponse, transfer?: Transferable[]) => void;

/** How often a job reports its progress and new parts (ms): often enough to draw, rarely enough to be cheap. */
const PROGRESS_EVERY_MS = 150;

/**
 * The simulation worker's side of the protocol (app/worker/protocol.ts): every request is a job —
 * answered at once (a run, a file, a batch, a paper check) or driven in slices (a sweep, a heatmap,
 * the best-tree search and block pictures that follow a run, the search: serveSearch.ts) — and two
 * controls, stop and abort; a ping is answered at once, so the page can tell a working worker from a
 * stuck one (silence.ts). The same handler serves a real worker (core.worker.ts) and the inline one
 * (inline.ts).
 */
export function serve(
  post: Post,
  options: {
    warmUp: boolean;
    /**
     * Loads the integer-program solver (HiGHS) that exact methods need, when the page asks for it
     * (`load-lp`) or an exact method first needs it; once (a failed load may be tried again).
     */
    loadLp?: () => Promise<void>;
  } = { warmUp: true },
) {
  /** Id of the newest request received: work still going on for an older one is dropped. */
  let newest = -1;
  /** Id of the request whose job was asked to stop (it ends with what it has). */
  let stopRequested = -1;
  /** Id of the request whose job was aborted (it ends now and posts nothing more). */
  let aborted = -1;
  const stale = (id: number) => newest !== id || aborted === id;
  /** Set by end-to-end tests ('pace'): each job starts this late and waits this long between slices. */
  let paceMs = 0;
  /**
   * Runs a job in slices until it ends (`done` gets its result) or is stale (a newer request, an
   * abort); an error in any slice is posted as this request's error, like one thrown at once.
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
      () => stale(id),
      (value) => {
        if (!failed) done(value as R);
      },
      // Paced (end-to-end tests of Stop): one piece of work per slice, however fast the machine.
      paceMs > 0 ? { gapMs: paceMs, sliceMs: 0 } : {},
    );
  }

  /** A job's context: progress and parts gathered and posted every PROGRESS_EVERY_MS, stop from the page. */
  function contextFor(id: number) {
    let batch: SweepValue[] = [];
    let last = performance.now();
    let [done, total] = [0, 0];
    /** Progress not posted yet. */
    let moved = false;
    const flush = () => {
      post({ kind: 'progress', id, values: batch, done, total });
      batch = [];
      moved = false;
      last = performance.now();
    };
    const ctx: JobContext<SweepValue> = {
      partial: (v) => batch.push(v),
      progress(d, t) {
        [done, total] = [d, t];
        moved = true;
        if (performance.now() - last > PROGRESS_EVERY_MS) flush();
      },
      get stopping() {
        return stopRequested === id;
      },
    };
    /** Posts what is left before the job's answer. */
    const finish = () => {
      if (batch.length || moved || done === 0) flush();
    };
    return { ctx, finish };
  }

  const searches = searchPart({
    post,
    stale,
    stopping: (id) => stopRequested === id,
    drive: (id, job, done) => drive(id, job, done),
    postError: (id, err) => postError(id, err),
    loadLp: options.loadLp,
  });

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
   * Posts a result (its typed arrays transferred; the model's extras copied), then runs `meanwhile`,
   * then makes the block matrix's pictures of a personalised result: after the result is on its way, so the page shows it at once, from copies of what they need (sending
   * detaches the schedule). Failed pictures only leave the matrix saying it is still preparing them.
   */
  function postResult(id: number, result: RunResult, t0: number, meanwhile: () => void = () => undefined) {
    const input = showsBlockMatrix(result.schedule) ? pictureInput(result.schedule, result.topology) : null;
    post({ kind: 'result', id, result, totalMs: performance.now() - t0 }, transferables(result));
    meanwhile();
    if (!input) return;
    const params: ParamValues = result.params;
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

  const handle = (req: WorkerRequest) => {
    if (req.kind === 'pace') {
      paceMs = req.ms;
      return;
    }
    if (req.kind === 'crash') throw new Error('crash requested by a test');
    if (req.kind === 'hang') for (;;); // never answers again, as a stuck build would not
    if (req.kind === 'ping') {
      post({ kind: 'alive', seq: req.seq });
      return;
    }
    if (req.kind === 'load-lp') {
      const load = options.loadLp ?? (() => Promise.reject(new Error('this worker cannot load it')));
      load().then(
        () => post({ kind: 'lp', ok: true }),
        (err: unknown) =>
          post({ kind: 'lp', ok: false, message: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    if (req.kind === 'stop') {
      stopRequested = req.target;
      // A search waiting for its chains ends now, with its best; the page drops the round.
      searches.stop(req.target);
      return;
    }
    if (req.kind === 'chain-outcomes') {
      searches.roundDone(req);
      return;
    }
    if (req.kind === 'abort') {
      aborted = req.target;
      return;
    }
    newest = req.id;
    // A search waiting for its round is over once another request arrives.
    searches.drop(newest);
    if (paceMs > 0) setTimeout(() => stale(req.id) || start(req), paceMs);
    else start(req);
  };

  /** Starts the job a request names. */
  const start = (req: Extract<WorkerRequest, { id: number }>) => {
    const t0 = performance.now();
    try {
      switch (req.kind) {
        case 'run': {
          // Slow formula rows (OpTree's best-tree search) and searches for better schedules (the NoC
          // scatter's annealing) are left for after the result is on its way.
          // A long build says how far it is (the page shows it with a Stop, which ends the worker).
          const watch = progressWatch(
            (done, total, unit) => post({ kind: 'progress', id: req.id, values: [], done, total, unit }),
            PROGRESS_EVERY_MS,
          );
          const result = run(req.algorithm, req.params, BROWSER_LIMITS, {
            quickFormulas: true,
            quickSearch: true,
            watch,
          });
          searches.drop();
          postResult(req.id, result, t0, () => {
            searches.after(req.id, req.algorithm, req.params, req.poolChains);
            if (!formulasPending(result)) return;
            // The slow work runs in slices; a newer request or an abort makes it stale and stops it.
            const work = findAlgorithm(result.algorithm)?.formulaWork?.(result.params);
            const done = () => post({ kind: 'formulas', id: req.id, formulas: completeFormulas(result) });
            if (work) runInSlices(work, () => stale(req.id), done);
            else done();
          });
          if (options.warmUp) warmUpOnce();
          return;
        }
        case 'chains': {
          // Some chains' round of a search whose master is in another worker (a pool job).
          const work = findAlgorithm(req.algorithm)?.chainWork;
          if (!work) throw new InputError(`"${req.algorithm}" has no search that runs in chains`);
          const { params, tasks } = req;
          const all = function* () {
            const outcomes: ChainOutcome[] = [];
            for (const task of tasks) outcomes.push(yield* work(params, task));
            return outcomes;
          };
          drive(req.id, all(), (outcomes) =>
            post(
              { kind: 'chains-done', id: req.id, outcomes, totalMs: performance.now() - t0 },
              outcomes.flatMap((o) =>
                [o.step, o.path, ...(o.parent ? [o.parent] : [])].map((a) => a.buffer as ArrayBuffer),
              ),
            ),
          );
          return;
        }
        case 'file':
          serveFile(req, BROWSER_LIMITS, { post, postError, stale, pace: () => paceMs, postResult, t0 });
          return;
        case 'runs': {
          const outcomes: RunOutcome[] = req.configs.map((c) => {
            try {
              // Compare mode shows no formula panel: slow rows stay pending.
              return {
                ok: true,
                result: run(c.algorithm, c.params, BROWSER_LIMITS, { quickFormulas: true }),
              };
            } catch (err) {
              if (!(err instanceof InputError)) throw err;
              return { ok: false, message: err.message };
            }
          });
          const transfer = outcomes.flatMap((o) => (o.ok ? transferables(o.result) : []));
          post({ kind: 'results', id: req.id, outcomes, totalMs: performance.now() - t0 }, transfer);
          if (options.warmUp) warmUpOnce();
          return;
        }
        case 'sweep': {
          const def = findSweep(req.sweep);
          if (!def) throw new InputError(`unknown sweep "${req.sweep}"`);
          const { ctx, finish } = contextFor(req.id);
          drive(req.id, sweepJob(def, BROWSER_LIMITS, ctx), (out) => {
            finish();
            post({ kind: 'sweep-done', id: req.id, totalMs: performance.now() - t0, stopped: out.stopped });
          });
          return;
        }
        case 'heatmap': {
          const def = findHeatmap(req.heatmap);
          if (!def) throw new InputError(`unknown heatmap "${req.heatmap}"`);
          const { ctx, finish } = contextFor(req.id);
          drive(req.id, heatmapJob(def, BROWSER_LIMITS, ctx), (result) => {
            finish();
            post({ kind: 'heatmap-done', id: req.id, result, totalMs: performance.now() - t0 });
          });
          return;
        }
        case 'reproduce': {
          const rep = findReproduction(req.reproduction);
          if (!rep) throw new InputError(`unknown paper check "${req.reproduction}"`);
          const rows = () =>
            post({
              kind: 'rows',
              id: req.id,
              rows: rep.run(BROWSER_LIMITS),
              totalMs: performance.now() - t0,
            });
          // A check whose rows use the exact method loads the solver first (once per worker).
          if (rep.solver && !lpSolver() && options.loadLp)
            options
              .loadLp()
              .then(rows)
              .catch((err: unknown) => postError(req.id, err));
          else rows();
          return;
        }
      }
    } catch (err) {
      postError(req.id, err);
    }
  };
  return handle;
}
