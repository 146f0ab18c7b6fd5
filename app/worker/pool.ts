import { WorkerClient, type SilenceLimits, type WorkerLike } from './client';

/** What a job submitted to the pool gives its caller. */
export interface JobHandle<T> {
  /** The job's answer; null when it was aborted (or its answer was dropped). Rejects when it failed. */
  readonly result: Promise<T | null>;
  /** Asks the job to end now with what it has (a sweep: its points so far). */
  stop(): void;
  /** Ends the job now: its answer is dropped (a queued job never starts). */
  abort(): void;
}

/** A job, written against the typed client of the worker it is given. */
export type PoolJob<T> = (worker: WorkerClient) => Promise<T | null>;

export interface PoolOptions {
  /** At most this many workers (default: one per core but one, at least one). */
  size?: number;
  /** A worker idle this long (ms) is closed, except the first, kept for when the network is gone. */
  idleMs?: number;
  /** Told about every crash (the job on that worker is reported failed; the worker is replaced). */
  onCrash?: (message: string) => void;
}

interface Slot {
  client: WorkerClient;
  idle: ReturnType<typeof setTimeout> | undefined;
}

interface Queued {
  run: (slot: Slot) => void;
  drop: () => void;
}

export const POOL_IDLE_MS = 60_000;

/** One per core but one: the page's own thread keeps a core. */
export const defaultPoolSize = (cores = globalThis.navigator?.hardwareConcurrency ?? 2) =>
  Math.max(1, cores - 1);

/**
 * The workers that run the page's background jobs (compare mode's batches, sweeps, paper checks,
 * heatmaps) beside the visualizer's own worker. Workers are started when a job needs one, up to
 * `size`; a job waits for a free worker in order of arrival. A crash fails the job that was running
 * (never a spinner forever) and its worker is replaced on the next job; workers idle for `idleMs` are
 * closed. `new WorkerPool(inlineWorker)` runs the same jobs on the calling thread (tests).
 */
export class WorkerPool {
  readonly size: number;
  private readonly idleMs: number;
  private readonly slots: Slot[] = [];
  private readonly free: Slot[] = [];
  private readonly queue: Queued[] = [];
  private pace = 0;
  private limits: Partial<SilenceLimits> = {};

  constructor(
    private readonly create: () => WorkerLike,
    private readonly options: PoolOptions = {},
  ) {
    this.size = Math.max(1, options.size ?? defaultPoolSize());
    this.idleMs = options.idleMs ?? POOL_IDLE_MS;
  }

  /** Workers running now (started and not closed). */
  get workers(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Starts the first worker now, so the pool's features work after the network is gone. */
  warm(): void {
    if (this.slots.length) return;
    const slot = this.open();
    slot.client.warm();
    this.release(slot);
  }

  submit<T>(job: PoolJob<T>): JobHandle<T> {
    let slot: Slot | null = null;
    let ended = false;
    let settle!: { resolve: (v: T | null) => void; reject: (e: unknown) => void };
    const result = new Promise<T | null>((resolve, reject) => (settle = { resolve, reject }));
    const queued: Queued = {
      run: (s) => {
        slot = s;
        job(s.client).then(
          (v) => finish(() => settle.resolve(v)),
          (e: unknown) => finish(() => settle.reject(e)),
        );
      },
      drop: () => settle.resolve(null),
    };
    const finish = (tell: () => void) => {
      if (ended) return;
      ended = true;
      tell();
      if (slot) this.release(slot);
    };
    const next = this.take();
    if (next) queued.run(next);
    else this.queue.push(queued);
    return {
      result,
      stop: () => {
        if (slot && !ended) slot.client.stop();
      },
      abort: () => {
        if (ended) return;
        if (!slot) {
          this.queue.splice(this.queue.indexOf(queued), 1);
          ended = true;
          queued.drop();
          return;
        }
        // The client drops the answer (the job's promise resolves to null) and stops the work.
        slot.client.cancel();
      },
    };
  }

  /**
   * Lends up to `n` workers (no more than the pool has) to one job: each, when free (in order of
   * arrival, as any job), runs `hold` — a job that lasts as long as the lease (a search's chains) —
   * and comes back when it ends. `end` returns them all: a worker still holding is aborted (one that
   * does not answer is replaced, as after any dropped job), a lease not started yet is dropped. A
   * worker that crashes or goes silent fails its `hold` (the caller is told) and is replaced.
   */
  lease<T>(n: number, hold: PoolJob<T>): { handles: JobHandle<T>[]; end(): void } {
    const handles = Array.from({ length: Math.max(1, Math.min(n, this.size)) }, () => this.submit(hold));
    return { handles, end: () => handles.forEach((h) => h.abort()) };
  }

  /** Whether a worker is started and every started one has loaded its code (end-to-end tests). */
  get loadedForTest(): boolean {
    return this.slots.length > 0 && this.slots.every((s) => s.client.loaded);
  }

  /** Makes every started worker throw, as a crash would (end-to-end tests). */
  crashForTest(): void {
    for (const s of this.slots) s.client.crashForTest();
  }

  /** Makes every started worker stop answering, as a stuck job would (end-to-end tests). */
  hangForTest(): void {
    for (const s of this.slots) s.client.hangForTest();
  }

  /** Sets the silence limits of every worker, started now or later (end-to-end tests). */
  limitsForTest(limits: Partial<SilenceLimits>): void {
    this.limits = { ...this.limits, ...limits };
    for (const s of this.slots) s.client.limitsForTest(limits);
  }

  /** Slows the jobs of every worker, started now or later (end-to-end tests of Stop). */
  paceForTest(ms: number): void {
    this.pace = ms;
    for (const s of this.slots) s.client.paceForTest(ms);
  }

  /** Closes every worker; queued jobs end with null. */
  dispose(): void {
    for (const q of this.queue.splice(0)) q.drop();
    for (const s of this.slots.splice(0)) {
      clearTimeout(s.idle);
      s.client.dispose();
    }
    this.free.length = 0;
  }

  /** A free worker, or a new one while there are fewer than `size`; null when all are busy. */
  private take(): Slot | null {
    const slot = this.free.pop() ?? (this.slots.length < this.size ? this.open() : null);
    if (slot) clearTimeout(slot.idle);
    return slot;
  }

  private open(): Slot {
    const slot: Slot = {
      client: new WorkerClient(this.create, this.options.onCrash),
      idle: undefined,
    };
    if (this.pace) slot.client.paceForTest(this.pace);
    slot.client.limitsForTest(this.limits);
    this.slots.push(slot);
    return slot;
  }

  /**
   * A worker finished its job: it takes the next one waiting, or rests (and is closed if idle long).
   * One whose job was dropped first answers that it read the drop (or, silent, is replaced): a
   * stuck worker takes no more jobs.
   */
  private release(slot: Slot): void {
    slot.client.whenIdle(() => this.rest(slot));
  }

  private rest(slot: Slot): void {
    if (!this.slots.includes(slot)) return; // closed meanwhile
    const next = this.queue.shift();
    if (next) {
      next.run(slot);
      return;
    }
    this.free.push(slot);
    if (this.slots[0] === slot) return;
    slot.idle = setTimeout(() => {
      const i = this.free.indexOf(slot);
      if (i < 0) return;
      this.free.splice(i, 1);
      this.slots.splice(this.slots.indexOf(slot), 1);
      slot.client.dispose();
    }, this.idleMs);
  }
}
