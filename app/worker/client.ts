import type { FileOptions } from '../../src/file-formats';
import type { ChainOutcome, ChainTask, FormulaRow, SearchAttempt } from '../../src/kernel/spec';
import type { ReproRow } from '../../src/kernel/experiment';
import type { SweepValue } from '../../src/kernel/experiment';
import type { ParamIssue, ParamValues } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import { showsBlockMatrix, type BlockPictures } from '../../src/families/circuit/block-pictures';
import type { RunConfig, RunOutcome, WorkerRequest, WorkerResponse } from './protocol';

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
const SLICED: ReadonlySet<WorkerRequest['kind']> = new Set(['sweep', 'heatmap', 'chains']);

/** A request without its generation id (the client adds it). */
type Job = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
type Final = Exclude<
  WorkerResponse,
  { kind: 'progress' | 'error' | 'formulas' | 'pictures' | 'improved' | 'search' | 'chain-tasks' | 'attempt' }
>;

interface Pending {
  id: number;
  /** Runs in slices (a sweep, a heatmap): an abort can end it without stopping the worker. */
  sliced: boolean;
  resolve: (r: Final | null) => void;
  reject: (e: Error) => void;
  onProgress?: (msg: Extract<WorkerResponse, { kind: 'progress' }>) => void;
}

/**
 * Talks to the simulation worker. Every request gets a new generation id; only the newest request's
 * reply is delivered, older ones resolve to `null` (stale). A busy worker is not waited for: a new
 * request terminates it and starts a fresh one. A crashed worker is restarted and the pending request
 * fails with a message saying so.
 */
/**
 * How long a request may go without any message from the worker before the worker is taken for
 * stuck and treated as crashed (ms). The largest builds the page accepts take seconds on a slow
 * machine; sweeps report progress every 150 ms.
 */
export const WORKER_SILENCE_MS = 120_000;

export class WorkerClient {
  private worker: WorkerLike | null = null;
  /** Whether the current worker has said it loaded (see 'ready'). */
  private started = false;
  private silence: ReturnType<typeof setTimeout> | undefined;
  /** Silence, in ms, after which a pending request's worker is stopped (tests make it short). */
  silenceMs = WORKER_SILENCE_MS;
  private generation = 0;
  private pending: Pending | null = null;
  /** How many workers were started (1 + restarts); shown for diagnostics. */
  starts = 0;
  /** Told about formula rows that follow the newest delivered result, completing its pending ones. */
  onFormulas: ((result: RunResult, formulas: FormulaRow[]) => void) | null = null;
  /** Told about pictures that follow the newest delivered result (the block matrix of personalised data). */
  onPictures: ((result: RunResult, pictures: BlockPictures) => void) | null = null;
  /** Told about better schedules that a search following the newest delivered result found. */
  onImproved: ((result: RunResult) => void) | null = null;
  /** Told how the search following the newest delivered result stands, and when it ends. */
  onSearch: ((msg: Extract<WorkerResponse, { kind: 'search' }>) => void) | null = null;
  /** Told about that search's best attempt at its step target (not valid yet), as it changes. */
  onAttempt: ((attempt: SearchAttempt) => void) | null = null;
  /**
   * Runs that search's chains elsewhere (the page's pool): given each round's tasks, it answers with
   * `chainOutcomes`. While null, the worker runs the chains itself.
   */
  onChainTasks: ((msg: Extract<WorkerResponse, { kind: 'chain-tasks' }>) => void) | null = null;
  private delivered: { id: number; result: RunResult } | null = null;
  /** The worker is making pictures for the delivered (personalised) result. */
  private picturesDue = false;

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

  /** Asks the search that follows the delivered result to end now, keeping the best schedule it found. */
  stopSearch(): void {
    if (this.delivered && this.worker) this.worker.postMessage({ kind: 'stop', target: this.delivered.id });
  }

  /** Makes the worker stop answering, as a stuck build would (for end-to-end tests). */
  hangForTest(): void {
    this.ensure().postMessage({ kind: 'hang' });
  }

  async run(algorithm: string, params: ParamValues): Promise<RunReply | null> {
    const r = await this.send({ kind: 'run', algorithm, params, poolChains: this.onChainTasks !== null });
    return r?.kind === 'result' ? { result: r.result, totalMs: r.totalMs } : null;
  }

  /**
   * Gives the search that follows result `id` the outcomes of its round (in chain order), or why they
   * could not be had (`error`: the search ends, keeping its best). Ignored when that search is gone.
   */
  chainOutcomes(id: number, round: number, outcomes: ChainOutcome[], error?: string): void {
    if (this.delivered?.id !== id || !this.worker) return;
    this.worker.postMessage(
      { kind: 'chain-outcomes', target: id, round, outcomes, ...(error ? { error } : {}) },
      outcomes.flatMap((o) => [o.step.buffer as ArrayBuffer, o.path.buffer as ArrayBuffer]),
    );
  }

  /** One round of some chains of a search whose master is in another worker (a job of the pool). */
  async chains(
    algorithm: string,
    params: ParamValues,
    tasks: ChainTask[],
  ): Promise<{ outcomes: ChainOutcome[]; totalMs: number } | null> {
    const transfer = tasks.flatMap((t) =>
      [t.step, t.path, ...(t.parent ? [t.parent] : [])].map((a) => a.buffer as ArrayBuffer),
    );
    const r = await this.send({ kind: 'chains', algorithm, params, tasks }, undefined, transfer);
    return r?.kind === 'chains-done' ? { outcomes: r.outcomes, totalMs: r.totalMs } : null;
  }

  /**
   * Asks the job in flight to stop: it ends now with what it has (a sweep: its points so far), and
   * its request resolves as usual. Unlike `cancel`, the worker and its work so far are kept. A job
   * that runs in one piece (a build, a paper check) is cancelled: its request resolves to null.
   */
  stop(): void {
    if (!this.pending || !this.worker) return;
    // A job in one piece has nothing to keep before its end: stopping it is ending it.
    if (!this.pending.sliced) this.cancel();
    else this.worker.postMessage({ kind: 'stop', target: this.generation });
  }

  /**
   * A schedule file, read (`onProgress`: bytes read of all), hashed and verified in the worker;
   * `hash`: the name it is kept under, when it is reopened from this browser's store.
   */
  async runFile(
    file: { name: string; data: Blob | string; hash?: string; options?: FileOptions },
    onProgress?: (done: number, total: number) => void,
  ): Promise<RunReply | null> {
    const r = await this.send({ kind: 'file', ...file, as: 'schedule' }, (m) =>
      onProgress?.(m.done, m.total),
    );
    return r?.kind === 'result' ? { result: r.result, totalMs: r.totalMs } : null;
  }

  /** A topology file, read and checked in the worker: the parameters of the network it describes. */
  async readNetworkFile(name: string, data: Blob): Promise<Record<string, string> | null> {
    const r = await this.send({ kind: 'file', name, data, as: 'network' });
    return r?.kind === 'network' ? r.params : null;
  }

  /** Several configurations in one request (compare mode). */
  async runMany(configs: RunConfig[]): Promise<{ outcomes: RunOutcome[]; totalMs: number } | null> {
    const r = await this.send({ kind: 'runs', configs });
    return r?.kind === 'results' ? { outcomes: r.outcomes, totalMs: r.totalMs } : null;
  }

  /** Evaluates a sweep; `onValues` receives the points as they are computed. Resolves when done. */
  async sweep(sweep: string, onValues: (values: SweepValue[], done: number, total: number) => void) {
    const r = await this.send({ kind: 'sweep', sweep }, (m) => onValues(m.values, m.done, m.total));
    return r?.kind === 'sweep-done' ? { totalMs: r.totalMs, stopped: r.stopped } : null;
  }

  /** A speed-up heatmap; `onProgress` hears how many of its builds are done. Null result: stopped. */
  async heatmap(heatmap: string, onProgress: (done: number, total: number) => void) {
    const r = await this.send({ kind: 'heatmap', heatmap }, (m) => onProgress(m.done, m.total));
    return r?.kind === 'heatmap-done' ? { result: r.result, totalMs: r.totalMs } : null;
  }

  async reproduce(reproduction: string): Promise<{ rows: ReproRow[]; totalMs: number } | null> {
    const r = await this.send({ kind: 'reproduce', reproduction });
    return r?.kind === 'rows' ? { rows: r.rows, totalMs: r.totalMs } : null;
  }

  /** Sends a request as the newest generation; an older one still pending becomes stale. */
  private send(
    job: Job,
    onProgress?: Pending['onProgress'],
    transfer: Transferable[] = [],
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
    const worker = this.ensure();
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress, sliced: SLICED.has(job.kind) };
      this.watch();
      worker.postMessage({ ...job, id } as WorkerRequest, transfer);
    });
  }

  /** (Re)starts the silence timer while a request is pending. */
  private watch(): void {
    clearTimeout(this.silence);
    this.silence = undefined;
    if (!this.pending) return;
    this.silence = setTimeout(() => {
      const p = this.pending;
      if (!p) return;
      this.pending = null;
      this.restart();
      const seconds = Math.round(this.silenceMs / 1000);
      const message = `The simulation worker did not answer for ${seconds} s and was stopped. It has been restarted.`;
      this.onCrash(message);
      p.reject(new RunError(`${message} Change a parameter to run again.`, [], false));
    }, this.silenceMs);
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
    this.watch();
    if (p.sliced && this.worker) this.worker.postMessage({ kind: 'abort', target: p.id });
    else this.restart();
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
    this.watch();
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
      const p = this.pending;
      this.pending = null;
      this.watch();
      this.restart();
      const message = couldNotStart
        ? 'The simulation worker could not be started (its script did not load: is the network gone?). It will be tried again with the next request.'
        : `The simulation worker crashed${detail}. It has been restarted.`;
      this.onCrash(message);
      p?.reject(
        new RunError(couldNotStart ? message : `${message} Change a parameter to run again.`, [], false),
      );
    };
    this.worker = w;
    if (this.pace) w.postMessage({ kind: 'pace', ms: this.pace });
    return w;
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private receive(msg: WorkerResponse): void {
    if (msg.kind === 'ready') {
      this.started = true;
      return;
    }
    if (msg.kind === 'formulas') {
      // Not waited for: the worker works them out in slices and drops them for a newer request.
      if (this.delivered?.id === msg.id) this.onFormulas?.(this.delivered.result, msg.formulas);
      return;
    }
    if (
      msg.kind === 'improved' ||
      msg.kind === 'search' ||
      msg.kind === 'attempt' ||
      msg.kind === 'chain-tasks'
    ) {
      // A search that follows the delivered result: not waited for, dropped for a newer request.
      if (this.delivered?.id !== msg.id) return;
      if (msg.kind === 'search') this.onSearch?.(msg);
      else if (msg.kind === 'attempt') this.onAttempt?.(msg.attempt);
      else if (msg.kind === 'chain-tasks') this.onChainTasks?.(msg);
      else {
        this.delivered = { id: msg.id, result: msg.result };
        this.onImproved?.(msg.result);
      }
      return;
    }
    if (msg.kind === 'pictures') {
      if (this.delivered?.id !== msg.id) return;
      this.picturesDue = false;
      this.onPictures?.(this.delivered.result, msg.pictures);
      return;
    }
    const p = this.pending;
    if (!p || msg.id !== p.id) return; // stale reply
    if (msg.kind === 'progress') {
      this.watch();
      p.onProgress?.(msg);
      return;
    }
    this.pending = null;
    this.watch();
    if (msg.kind === 'error') p.reject(new RunError(msg.message, msg.issues, msg.input));
    else {
      if (msg.kind === 'result') {
        this.delivered = { id: msg.id, result: msg.result };
        this.picturesDue = !!msg.result.schedule && showsBlockMatrix(msg.result.schedule);
      }
      p.resolve(msg);
    }
  }
}
