import type { FileOptions } from '../../src/file-formats';
import type { FormulaRow, SearchAttempt } from '../../src/kernel/spec';
import type { ReproRow } from '../../src/kernel/experiment';
import type { SweepValue } from '../../src/kernel/experiment';
import type { ParamValues } from '../../src/kernel/params/schema';
import type { RunResult } from '../../src/result';
import type { BlockPictures } from '../../src/kernel/model/block-pictures';
import type { LinkLoad } from '../../src/kernel/replay/link-load';
import { WorkerLink, type RunReply } from './link';
import type { RunConfig, RunOutcome, WorkerRequest, WorkerResponse } from './protocol';
import type { JobInput, JobOutput, JobType } from './jobs/registry';

/** The schedule a job's output shows on the page, by job type: what the follow-ups are about. */
const SHOWN: { [T in JobType]?: (output: JobOutput<T>) => RunResult | null } = {
  run: (result) => result,
  file: (content) => (content.kind === 'schedule' ? content.result : null),
};

export { RunError, type RunReply, type SearchReply, type SilenceLimits, type WorkerLike } from './link';

/**
 * What the job that follows a delivered result asks of the page's pool (searchLease.ts): up to
 * `workers` workers, whose ports go to it with `give`; `lost` tells it that one of them was lost.
 */
export interface LeaseAsk {
  workers: number;
  give(ports: MessagePort[]): void;
  lost(message: string): void;
}
export { WORKER_SILENCE_MS } from './silence';

/**
 * Talks to the simulation worker (the connection, its generations and silence limits: link.ts): a
 * typed method per job, and what follows a delivered result — its late formula rows, its block
 * pictures, the search for better schedules (with its chains on leased workers of the pool, `onLease`).
 */
export class WorkerClient extends WorkerLink {
  /** Told about formula rows that follow the newest delivered result, completing its pending ones. */
  onFormulas: ((result: RunResult, formulas: FormulaRow[]) => void) | null = null;
  /** Told about pictures that follow the newest delivered result (the block matrix of personalised data). */
  onPictures: ((result: RunResult, pictures: BlockPictures) => void) | null = null;
  /** Told about the link load of the newest delivered result (or better schedule), which follows it. */
  onLinkLoad: ((result: RunResult, load: LinkLoad) => void) | null = null;
  /** Told about better schedules that a search following the newest delivered result found. */
  onImproved: ((result: RunResult) => void) | null = null;
  /** Told about that search's best attempt at its step target (not valid yet), as it changes. */
  onAttempt: ((attempt: SearchAttempt) => void) | null = null;
  /**
   * Lends that search workers of the page's pool (its chains run there, their rounds worker to
   * worker); returns how to end the lease, which the client calls when the search ends, a newer
   * request is sent or the worker is lost. While null, the worker runs the chains itself.
   */
  onLease: ((ask: LeaseAsk) => () => void) | null = null;
  /** Ends the lease of the search that follows the delivered result, if it has one. */
  private endLease: (() => void) | null = null;
  /**
   * Asks the search that follows the delivered result to end now, keeping the best schedule it found.
   * A worker that does not end it within `stopGraceMs` is replaced; the search ends on the page.
   */
  stopSearch(): void {
    if (!this.delivered || !this.worker) return;
    this.worker.postMessage({ kind: 'stop', target: this.delivered.id });
    if (this.searching) this.searching.stopAt ??= Date.now();
    this.watchdog.check();
  }

  /**
   * Submits a job (app/worker/jobs/registry.ts) as the newest request: its input and output are the
   * types the job declares. `onProgress` hears how far it is (and a sweep's points); `transfer` lists
   * buffers of the input to move rather than copy. Resolves to null when a newer request or a cancel
   * dropped it; rejects with a RunError when it failed.
   */
  async submit<T extends JobType>(
    type: T,
    input: JobInput<T>,
    handlers: {
      onProgress?: (msg: Extract<WorkerResponse, { kind: 'progress' }>) => void;
      transfer?: Transferable[];
    } = {},
  ): Promise<{ output: JobOutput<T>; totalMs: number } | null> {
    const shows = SHOWN[type] as ((output: unknown) => RunResult | null) | undefined;
    const r = await this.send({ type, input }, { ...handlers, shows });
    // The worker answers a job of type T with that job's output (serve.ts: one envelope for all).
    return r && { output: r.output as JobOutput<T>, totalMs: r.totalMs };
  }

  /** A schedule built and verified; `onProgress` hears how far a long build is. */
  async run(
    algorithm: string,
    params: ParamValues,
    onProgress?: (done: number, total: number, unit: string) => void,
  ): Promise<RunReply | null> {
    const r = await this.submit(
      'run',
      { algorithm, params, poolChains: this.onLease !== null },
      { onProgress: onProgress && ((m) => onProgress(m.done, m.total, m.unit ?? '')) },
    );
    return r && { result: r.output, totalMs: r.totalMs };
  }

  /** Hosts the chains of a search whose master is in another worker, which talks to it on `port`. */
  async hostChains(port: MessagePort): Promise<{ rounds: number } | null> {
    const r = await this.submit('chains', { port }, { transfer: [port] });
    return r && r.output;
  }

  /** The search that follows the delivered result has ended, or will be heard no more: its workers go back. */
  protected override followUpsOver(): void {
    const end = this.endLease;
    this.endLease = null;
    end?.();
  }

  /** The lease the job of request `id` asked for (a `lease` part). */
  private lease(id: number, workers: number): void {
    this.followUpsOver();
    /** Sends to the worker while that search is still the one followed; false when it is gone. */
    const tell = (msg: WorkerRequest, transfer: Transferable[] = []) => {
      const w = this.delivered?.id === id ? this.worker : null;
      w?.postMessage(msg, transfer);
      return w !== null;
    };
    this.endLease =
      this.onLease?.({
        workers,
        give: (ports) => {
          if (!tell({ kind: 'lease', target: id, ports }, ports)) ports.forEach((p) => p.close());
        },
        lost: (message) => void tell({ kind: 'lease-lost', target: id, message }),
      }) ?? null;
  }

  /**
   * A schedule file, read (`onProgress`: bytes read of all), hashed and verified in the worker;
   * `hash`: the name it is kept under, when it is reopened from this browser's store.
   */
  async runFile(
    file: { name: string; data: Blob | string; hash?: string; options?: FileOptions },
    onProgress?: (done: number, total: number) => void,
  ): Promise<RunReply | null> {
    const r = await this.submit(
      'file',
      { ...file, as: 'schedule' },
      { onProgress: (m) => onProgress?.(m.done, m.total) },
    );
    return r?.output.kind === 'schedule' ? { result: r.output.result, totalMs: r.totalMs } : null;
  }

  /** A topology file, read and checked in the worker: the parameters of the network it describes. */
  async readNetworkFile(name: string, data: Blob): Promise<Record<string, string> | null> {
    const r = await this.submit('file', { name, data, as: 'network' });
    return r?.output.kind === 'network' ? r.output.params : null;
  }

  /** Several configurations in one request (compare mode). */
  async runMany(configs: RunConfig[]): Promise<{ outcomes: RunOutcome[]; totalMs: number } | null> {
    const r = await this.submit('runs', configs);
    return r && { outcomes: r.output, totalMs: r.totalMs };
  }

  /** Evaluates a sweep; `onValues` receives the points as they are computed. Resolves when done. */
  async sweep(sweep: string, onValues: (values: SweepValue[], done: number, total: number) => void) {
    const r = await this.submit(
      'sweep',
      { sweep },
      { onProgress: (m) => onValues(m.values, m.done, m.total) },
    );
    return r && { totalMs: r.totalMs, stopped: r.output.stopped };
  }

  async reproduce(reproduction: string): Promise<{ rows: ReproRow[]; totalMs: number } | null> {
    const r = await this.submit('reproduce', { reproduction });
    return r && { rows: r.output, totalMs: r.totalMs };
  }

  protected override followUp(msg: WorkerResponse): boolean {
    if (msg.kind !== 'partial' && msg.kind !== 'improved') return false;
    // Not waited for: they follow the delivered result and are dropped for a newer request.
    const delivered = this.delivered;
    if (delivered?.id !== msg.id) return true;
    if (msg.kind === 'improved') {
      this.delivered = { id: msg.id, result: msg.result };
      this.onImproved?.(msg.result);
      return true;
    }
    const part = msg.part;
    switch (part.type) {
      case 'formulas':
        this.onFormulas?.(delivered.result, part.formulas);
        break;
      case 'link-load':
        this.onLinkLoad?.(delivered.result, part.load);
        break;
      case 'pictures':
        this.picturesDue = false;
        this.onPictures?.(delivered.result, part.pictures);
        break;
      case 'attempt':
        this.onAttempt?.(part.attempt);
        break;
      case 'lease':
        this.lease(msg.id, part.workers);
        break;
      case 'search': {
        // While it runs it is watched (pinged); the quiet it announces is allowed on top.
        const stopAt = this.searching?.stopAt;
        this.searching = part.done
          ? null
          : { id: msg.id, quietMs: part.progress?.quietMs ?? 0, ...(stopAt === undefined ? {} : { stopAt }) };
        const { type: _type, ...status } = part;
        if (part.done) this.followUpsOver();
        this.onSearch?.({ id: msg.id, ...status });
      }
    }
    return true;
  }
}
