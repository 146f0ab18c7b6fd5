import type { ParamIssue } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import { showsBlockMatrix } from '../../src/kernel/model/block-pictures';
import type { JobType } from './jobs/registry';
import type { SearchStatus } from './jobs/parts';
import type { WorkerRequest, WorkerResponse } from './protocol';
import {
  awaited,
  silenceMessage,
  SLICED_SILENCE_MS,
  STOP_GRACE_MS,
  Watchdog,
  WORKER_SILENCE_MS,
  type Expectation,
  type SilenceLimits,
} from './silence';

/** What the client needs of a Worker (a fake one in tests). */
export interface WorkerLike {
  postMessage(msg: WorkerRequest, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export class RunError extends Error {
  constructor(
    message: string,
    readonly issues: ParamIssue[],
    readonly input: boolean,
  ) {
    super(message);
  }
}

export interface RunReply {
  result: RunResult;
  totalMs: number;
}

/** Jobs the worker runs in slices: between them it reads stop and abort. */
const SLICED: ReadonlySet<JobType> = new Set<JobType>(['sweep', 'heatmap', 'chains']);
/**
 * Of those, the ones whose pieces take milliseconds (a leased worker hosting a search's chains:
 * annealing moves); a sweep's piece is a point and a heatmap's a phase table, whole builds that may
 * take as long as a build.
 */
const QUICK: ReadonlySet<JobType> = new Set<JobType>(['chains']);

/** How long after its start a worker that preloads the solver asks for it (ms). */
export const LP_AFTER_MS = 3000;

/** Replies that follow a delivered result (client.ts): a job's parts and better outputs, never its answer. */
export type FollowUp = Extract<WorkerResponse, { kind: 'partial' | 'improved' }>;
const isFollowUp = (m: WorkerResponse): m is FollowUp => m.kind === 'partial' || m.kind === 'improved';

/** How the search that follows result `id` stands, or its end (as its `search` parts say). */
export type SearchReply = { id: number } & SearchStatus;

/** A job's answer. */
export type Final = Extract<WorkerResponse, { kind: 'done' }>;

export type { SilenceLimits } from './silence';

export interface Pending {
  id: number;
  /** Runs in slices (a sweep, a heatmap): an abort can end it without stopping the worker. */
  sliced: boolean;
  /** Its pieces take milliseconds (QUICK): held to the short limits. */
  quick: boolean;
  resolve: (r: Final | null) => void;
  reject: (e: Error) => void;
  onProgress?: (msg: Extract<WorkerResponse, { kind: 'progress' }>) => void;
  /** The schedule its output shows on the page (a run's, a schedule file's): what follow-ups are about. */
  shows?: (output: unknown) => RunResult | null;
  /** When Stop was asked for: the worker then has `stopGraceMs` to end the job. */
  stopAt?: number;
}

/**
 * One worker and the requests it answers. Every request gets a new generation id; only the newest
 * request's reply is delivered, older ones resolve to `null` (stale). A busy worker is not waited for:
 * a new request terminates it and starts a fresh one. A crashed worker is restarted and the pending
 * request fails with a message saying so. A worker that stays silent past its limit (silence.ts: by
 * what it is doing — a job in one piece, a job in slices or a search, which are pinged, or a job told
 * to stop) is treated the same way, and a search that followed the result ends, keeping its best.
 * The typed requests and what follows a result are the client's (client.ts).
 */
export class WorkerLink {
  /** Told how the search following the newest delivered result stands, and when it ends. */
  onSearch: ((msg: SearchReply) => void) | null = null;
  protected worker: WorkerLike | null = null;
  /** Whether the current worker has said it loaded (see 'ready'). */
  private started = false;
  /** Whether the current worker has said it loaded (end-to-end tests wait for it). */
  get loaded(): boolean {
    return this.started;
  }
  /** Silence, in ms, after which a pending request's worker is stopped (tests make it short). */
  silenceMs = WORKER_SILENCE_MS;
  slicedSilenceMs = SLICED_SILENCE_MS;
  stopGraceMs = STOP_GRACE_MS;
  /** When the worker was last heard from (or the current wait began). */
  private heard = Date.now();
  /** The search that follows the delivered result, while it runs: the quiet it announced, its Stop. */
  protected searching: { id: number; quietMs: number; stopAt?: number } | null = null;
  /**
   * A job in slices was dropped: its worker must answer the ping sent after the abort (number `seq`:
   * an answer to an earlier ping, already on its way, says nothing) before it takes another job.
   */
  private draining: { since: number; ms: number; seq: number; then: (() => void)[] } | null = null;
  /** Pings sent, numbered. */
  private pings = 0;
  protected readonly watchdog = new Watchdog(
    () => this.expected(),
    () => this.ping(),
    (e) => this.silent(e),
  );
  /** Each worker started loads the exact method's solver, LP_AFTER_MS later (the visualizer's: it runs there). */
  preloadLp = false;
  /** Told whether the solver loaded, or why not. */
  onLp: ((ok: boolean, message?: string) => void) | null = null;
  private generation = 0;
  private pending: Pending | null = null;
  /** How many workers were started (1 + restarts); shown for diagnostics. */
  starts = 0;
  protected delivered: { id: number; result: RunResult } | null = null;
  /** The worker is making pictures for the delivered (personalised) result. */
  protected picturesDue = false;

  /**
   * @param create starts a worker
   * @param onCrash told about every crash, also those while no request is waiting
   */
  constructor(
    private readonly create: () => WorkerLike,
    private readonly onCrash: (message: string) => void = () => undefined,
  ) {}

  /** Makes the worker throw, as a crash would (for end-to-end tests). */
  crashForTest(): void {
    this.ensure().postMessage({ kind: 'crash' });
  }

  /** Makes the worker's jobs start `ms` late and pause `ms` between slices (for end-to-end tests). */
  paceForTest(ms: number): void {
    this.pace = ms;
    this.ensure().postMessage({ kind: 'pace', ms });
  }
  private pace = 0;

  /** Sets the silence limits (end-to-end tests make them short). */
  limitsForTest(limits: Partial<SilenceLimits>): void {
    Object.assign(this, limits);
    this.watchdog.check();
  }

  /** Makes the worker stop answering, as a stuck build would (for end-to-end tests). */
  hangForTest(): void {
    this.ensure().postMessage({ kind: 'hang' });
  }

  /**
   * Asks the job in flight to stop: it ends now with what it has (a sweep: its points so far), and
   * its request resolves as usual. Unlike `cancel`, the worker and its work so far are kept; one that
   * does not end the job within `stopGraceMs` is replaced and the request fails saying so. A job that
   * runs in one piece (a build, a paper check) is cancelled: its request resolves to null.
   */
  stop(): void {
    if (!this.pending || !this.worker) return;
    // A job in one piece has nothing to keep before its end: stopping it is ending it.
    if (!this.pending.sliced) return this.cancel();
    this.worker.postMessage({ kind: 'stop', target: this.pending.id });
    this.pending.stopAt ??= Date.now();
    this.watchdog.check();
  }

  /** Sends a job as the newest generation; an older one still pending becomes stale. */
  protected send(
    job: { type: JobType; input: unknown },
    o: Pick<Pending, 'onProgress' | 'shows'> & { transfer?: Transferable[] } = {},
  ): Promise<Final | null> {
    const id = ++this.generation;
    if (!this.pending && this.picturesDue) {
      // Still making pictures for the result on screen: that work is stale now, do not wait for it.
      this.picturesDue = false;
      this.restart();
    }
    if (this.pending) {
      // The old request is stale: drop its reply and stop the work it is doing.
      this.pending.resolve(null);
      this.pending = null;
      this.restart();
    }
    // A worker that has not answered since its last job was dropped takes no new one.
    if (this.draining) this.restart();
    // A search that followed the last result ends with this request (the worker drops it).
    this.searching = null;
    this.followUpsOver();
    const worker = this.ensure();
    return new Promise((resolve, reject) => {
      const [sliced, quick] = [SLICED.has(job.type), QUICK.has(job.type)];
      this.pending = { id, resolve, reject, onProgress: o.onProgress, shows: o.shows, sliced, quick };
      this.heard = Date.now();
      worker.postMessage({ kind: 'job', id, type: job.type, input: job.input }, o.transfer ?? []);
      this.watchdog.check();
    });
  }

  /** What is awaited from the worker now, and for how long (silence.ts); null: nothing. */
  private expected(): Expectation | null {
    return awaited(
      { pending: this.pending, searching: this.searching, draining: this.draining },
      this.heard,
      this,
    );
  }

  /** The worker stayed silent past its limit: it is replaced, as a crashed one is. */
  private silent(e: Expectation): void {
    const message = silenceMessage(e);
    // A job of long pieces told to stop is held to its silence limit ('answer'), and keeps what it had.
    const stopped = e.what === 'stop' || this.pending?.stopAt !== undefined;
    this.lost(
      message,
      stopped
        ? `${message} What it had computed before Stop stays.`
        : `${message} Change a parameter to run again.`,
    );
  }

  /**
   * The worker is gone (stuck or crashed): it is replaced, the pending request fails with
   * `pendingMessage`, and a search that followed the result ends on the page, keeping its best.
   */
  private lost(message: string, pendingMessage: string): void {
    const [p, s] = [this.pending, this.searching];
    this.pending = null;
    this.searching = null;
    this.restart();
    this.onCrash(message);
    if (s && this.delivered?.id === s.id)
      this.onSearch?.({
        id: s.id,
        progress: null,
        done: true,
        stopped: s.stopAt !== undefined,
        note: `${message} The search ended there; the best schedule it had found stays.`,
      });
    p?.reject(new RunError(pendingMessage, [], false));
    this.watchdog.check();
  }

  /**
   * Drops the pending request, if any (its reply will never be delivered) and stops its work: a job
   * in slices is aborted (the worker stays, warm); one that runs in one piece takes its worker along.
   */
  cancel(): void {
    const p = this.pending;
    if (!p) return;
    p.resolve(null);
    this.pending = null;
    if (p.sliced && this.worker) {
      this.worker.postMessage({ kind: 'abort', target: p.id });
      // Its answer to this ping says it read the abort (a stuck worker never answers; see whenIdle).
      const seq = this.ping();
      // It answers after its piece: at once for chains, after a whole build for a sweep's point.
      const ms = p.quick ? this.stopGraceMs : this.silenceMs;
      this.draining = { since: this.draining?.since ?? Date.now(), ms, seq, then: this.draining?.then ?? [] };
    } else this.restart();
    this.watchdog.check();
  }

  /**
   * Calls `then` once the worker can take a job: at once, or after a dropped job in slices, when the
   * worker has answered (or, silent past its limit, has been replaced: `stopGraceMs` after a leased
   * worker's chains, `silenceMs` after a sweep's point).
   */
  whenIdle(then: () => void): void {
    if (this.draining) this.draining.then.push(then);
    else then();
  }

  /** Whether a request is waiting for its answer. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /** Starts the worker now, so that it is loaded before it is needed (and before a network is lost). */
  warm(): void {
    this.ensure();
  }

  dispose(): void {
    this.pending?.resolve(null);
    this.pending = null;
    this.searching = null;
    this.followUpsOver();
    this.draining = null;
    this.watchdog.stop();
    this.worker?.terminate();
    this.worker = null;
  }

  private ensure(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.create();
    this.starts++;
    this.started = false;
    w.onmessage = (e) => this.receive(e.data);
    w.onerror = (e) => {
      const detail = e && e.message ? `: ${e.message}` : '';
      // An error with no message before the worker said it loaded: its script could not be loaded
      // (the network is gone, the server stopped), which is no crash.
      const couldNotStart = !this.started && !detail;
      const message = couldNotStart
        ? 'The simulation worker could not be started (its script did not load: is the network gone?). It will be tried again with the next request.'
        : `The simulation worker crashed${detail}. It has been restarted.`;
      this.lost(message, couldNotStart ? message : `${message} Change a parameter to run again.`);
    };
    this.worker = w;
    if (this.pace) w.postMessage({ kind: 'pace', ms: this.pace });
    // A few seconds after it starts, so the first build does not wait for the solver's compilation.
    if (this.preloadLp)
      setTimeout(() => this.worker === w && w.postMessage({ kind: 'load-lp' }), LP_AFTER_MS);
    return w;
  }

  /** Asks the worker for a sign of life; returns the ping's number. */
  private ping(): number {
    this.worker?.postMessage({ kind: 'ping', seq: ++this.pings });
    return this.pings;
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
    // A fresh worker will be started for the next job: nobody waits for the old one, or its search.
    this.searching = null;
    this.followUpsOver();
    const d = this.draining;
    this.draining = null;
    for (const then of d?.then ?? []) then();
  }

  protected receive(msg: WorkerResponse): void {
    this.heard = Date.now();
    if (!this.followUp(msg)) this.hear(msg);
    this.watchdog.check();
  }

  /** What follows the delivered result will be heard no more (a newer request, a lost worker). */
  protected followUpsOver(): void {}

  /** Messages about the delivered result (its formulas, pictures, search): the client's; true if handled. */
  protected followUp(_msg: WorkerResponse): boolean {
    return false;
  }

  private hear(msg: WorkerResponse): void {
    if (msg.kind === 'ready') {
      this.started = true;
      return;
    }
    if (msg.kind === 'alive') {
      // The answer to the ping sent with an abort: the worker has read it and can take a job.
      const d = this.draining;
      if (!d || msg.seq < d.seq) return;
      this.draining = null;
      for (const then of d.then) then();
      return;
    }
    if (msg.kind === 'lp') {
      this.onLp?.(msg.ok, msg.message);
      return;
    }
    if (isFollowUp(msg)) return; // of an older result, or of none
    const p = this.pending;
    if (!p || msg.id !== p.id) return; // stale reply
    if (msg.kind === 'progress') {
      p.onProgress?.(msg);
      return;
    }
    this.pending = null;
    if (msg.kind === 'error') p.reject(new RunError(msg.message, msg.issues, msg.input));
    else {
      const shown = p.shows?.(msg.output);
      if (shown) {
        this.delivered = { id: msg.id, result: shown };
        this.picturesDue = !!shown.schedule && showsBlockMatrix(shown.schedule);
      }
      p.resolve(msg);
    }
  }
}
