import type { SweepValue } from '../../src/kernel/experiment';
import type { JobContext } from '../../src/kernel/jobs';
import { BROWSER_LIMITS, InputError } from '../../src/limits';
import { realNodesOf, type RunResult } from '../../src/result';
import { blockPictures, pictureInput, showsBlockMatrix } from '../../src/kernel/model/block-pictures';
import type { JobCtx, JobServices, JobSpec, LeaseHolder, Post } from './jobs/envelope';
import type { JobPart } from './jobs/parts';
import { findJob } from './jobs/registry';
import { endPort } from './leasedChains';
import { postWithLinkLoad } from './linkLoadPost';
import type { WorkerRequest } from './protocol';
import { searchPart } from './serveSearch';
import { runInSlices } from './slices';
import { startWarmUp } from './warmUp';

export type { Post } from './jobs/envelope';

/** How often a job reports its progress and new parts (ms): often enough to draw, rarely enough to be cheap. */
const PROGRESS_EVERY_MS = 150;

/**
 * The simulation worker's side of the protocol (app/worker/protocol.ts): a dispatcher. A `job`
 * message starts the job its type names (app/worker/jobs/registry.ts) with a context that answers
 * it (done, error, progress) and tells it whether it is stale or asked to stop; the controls (stop,
 * abort, a ping, the solver's load, the test hooks) are answered here. The same handler serves a real
 * worker (core.worker.ts) and the inline one (inline.ts).
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
  /** Whether this worker's warm-up has started (it runs once, after the first answer). */
  let warmed = false;

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
   * Runs a job in slices until it ends (`done` gets its result) or is stale (a newer request, an
   * abort); an error in any slice is posted as this request's error, like one thrown at once.
   */
  function drive<R>(id: number, job: Iterator<unknown, R>, done: (value: R) => void) {
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

  /** A generator job's context: progress and parts gathered and posted every PROGRESS_EVERY_MS. */
  function slicedContext(id: number) {
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

  /** Jobs that asked for workers of the page's pool, by request id (a search's master). */
  const leases = new Map<number, LeaseHolder>();
  /** Asks the page for workers for job `id`; returns how to end the lease (its later ports are ended). */
  function lease(id: number, workers: number, holder: LeaseHolder) {
    leases.set(id, holder);
    post({ kind: 'partial', id, part: { type: 'lease', workers } });
    return () => {
      if (leases.get(id) === holder) leases.delete(id);
    };
  }

  const services: JobServices = {
    post,
    searches: searchPart({
      post,
      stale,
      stopping: (id) => stopRequested === id,
      drive: (id, job, done) => drive(id, job, done),
      postError: (id, err) => postError(id, err),
      loadLp: options.loadLp,
      lease,
    }),
    warmUp: () => {
      if (!options.warmUp || warmed) return;
      warmed = true;
      startWarmUp();
    },
    loadLp: options.loadLp,
  };

  /**
   * Block-matrix pictures of a personalised result, made after the result is on its way (so the page
   * shows it at once) from copies of what they need (sending detaches the schedule). Failed pictures
   * only leave the matrix saying it is still preparing them.
   */
  function picturesAfter(id: number, result: RunResult): () => void {
    const input = showsBlockMatrix(result.schedule) ? pictureInput(result.schedule, result.topology) : null;
    return () => {
      if (!input) return;
      try {
        const pictures = blockPictures(input, realNodesOf(result.params, input));
        post(
          { kind: 'partial', id, part: { type: 'pictures', pictures } },
          pictures.steps.map((p) => p.buffer),
        );
      } catch (err) {
        console.error('block-matrix pictures failed', err);
      }
    };
  }

  /** The context of job `id` of `spec`, started at `t0`. */
  function contextFor<I, O, P extends JobPart>(id: number, spec: JobSpec<I, O, P>, t0: number): JobCtx<O, P> {
    const answer = (output: O) => ({ kind: 'done' as const, id, output, totalMs: performance.now() - t0 });
    return {
      id,
      limits: BROWSER_LIMITS,
      done: (output) => post(answer(output), spec.transfer?.(output) ?? []),
      deliver(result, output, meanwhile = () => undefined) {
        const pictures = picturesAfter(id, result);
        postWithLinkLoad(post, answer(output), spec.transfer?.(output) ?? [], result);
        meanwhile();
        pictures();
      },
      part: (part, transfer) => post({ kind: 'partial', id, part }, transfer),
      fail: (err) => postError(id, err),
      progress: (done, total, unit) => post({ kind: 'progress', id, values: [], done, total, unit }),
      stale: () => stale(id),
      get stopping() {
        return stopRequested === id;
      },
      drive: (job, done) => drive(id, job, done),
      sliced: () => slicedContext(id),
      paceMs: () => paceMs,
      host: services,
    };
  }

  /** Starts the job a request names; one that throws at once fails with the error. */
  function start(req: Extract<WorkerRequest, { kind: 'job' }>) {
    const t0 = performance.now();
    try {
      const spec = findJob(req.type);
      if (!spec) throw new Error(`this worker knows no job "${req.type}"`);
      spec.start(req.input, contextFor(req.id, spec, t0));
    } catch (err) {
      postError(req.id, err);
    }
  }

  return (req: WorkerRequest) => {
    switch (req.kind) {
      case 'pace':
        paceMs = req.ms;
        return;
      case 'crash':
        throw new Error('crash requested by a test');
      case 'hang':
        for (;;); // never answers again, as a stuck build would not
      case 'ping':
        post({ kind: 'alive', seq: req.seq });
        return;
      case 'load-lp': {
        const load = options.loadLp ?? (() => Promise.reject(new Error('this worker cannot load it')));
        load().then(
          () => post({ kind: 'lp', ok: true }),
          (err: unknown) =>
            post({ kind: 'lp', ok: false, message: err instanceof Error ? err.message : String(err) }),
        );
        return;
      }
      case 'stop':
        stopRequested = req.target;
        // A search waiting for its chains ends now, with its best; its leased workers are told.
        services.searches.stop(req.target);
        return;
      case 'lease': {
        // Ports for a job that is over: their workers are told the lease has ended.
        const holder = leases.get(req.target);
        if (holder) holder.ports(req.ports);
        else req.ports.forEach(endPort);
        return;
      }
      case 'lease-lost':
        leases.get(req.target)?.lost(req.message);
        return;
      case 'abort':
        aborted = req.target;
        return;
      case 'job':
        newest = req.id;
        // A search waiting for its round is over once another request arrives.
        services.searches.drop(newest);
        if (paceMs > 0) setTimeout(() => stale(req.id) || start(req), paceMs);
        else start(req);
    }
  };
}
