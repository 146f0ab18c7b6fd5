import { WorkerClient, type WorkerLike } from './client';
import type { JobPart } from './jobs/parts';
import type { WorkerRequest, WorkerResponse } from './protocol';

/** A stand-in worker whose replies the test controls. */
export class FakeWorker implements WorkerLike {
  static all: FakeWorker[] = [];
  /** Builds asked for (`run` jobs). */
  received: Extract<WorkerRequest, { kind: 'job' }>[] = [];
  /** Every other job. */
  other: Extract<WorkerRequest, { kind: 'job' }>[] = [];
  /** Workers of the pool leased to a job of this worker, and those lost. */
  leases: Extract<WorkerRequest, { kind: 'lease' | 'lease-lost' }>[] = [];
  stops: number[] = [];
  aborts: number[] = [];
  hangs = 0;
  /** Pings received, and whether the solver was asked to load. */
  pings = 0;
  lastPing = 0;
  lpAsked = 0;
  crashes = 0;
  terminated = false;
  onmessage: ((e: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(msg: WorkerRequest) {
    if (msg.kind === 'job') (msg.type === 'run' ? this.received : this.other).push(msg);
    else if (msg.kind === 'crash') this.crashes++;
    else if (msg.kind === 'hang') this.hangs++;
    else if (msg.kind === 'stop') this.stops.push(msg.target);
    else if (msg.kind === 'abort') this.aborts.push(msg.target);
    else if (msg.kind === 'pace') return;
    else if (msg.kind === 'ping') {
      this.pings++;
      this.lastPing = msg.seq;
    } else if (msg.kind === 'load-lp') this.lpAsked++;
    else if (msg.kind === 'lease' || msg.kind === 'lease-lost') this.leases.push(msg);
    else this.other.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  reply(msg: WorkerResponse) {
    this.onmessage?.({ data: msg } as MessageEvent<WorkerResponse>);
  }
  /** Answers the last ping. */
  alive() {
    this.reply({ kind: 'alive', seq: this.lastPing });
  }
  crash(message: string) {
    this.onerror?.({ message } as ErrorEvent);
  }
}

/** A worker client on fake workers (the list of them emptied first), and the crashes it reported. */
export function fakeClient(): { c: WorkerClient; crashes: string[] } {
  FakeWorker.all = [];
  const crashes: string[] = [];
  const c = new WorkerClient(
    () => new FakeWorker(),
    (m) => crashes.push(m),
  );
  return { c, crashes };
}

/**
 * Runs `algorithm` on a fake client and sends three partials of its job: `part(1)` before its
 * result (nothing to attach it to yet), then the result (`{ algorithm: 'r' }`), then `part(2)`
 * under an older job's id and `part(3)` under its own. Only the third may reach the page.
 */
export async function partialsAroundResult(
  c: WorkerClient,
  algorithm: string,
  part: (n: 1 | 2 | 3) => JobPart,
): Promise<FakeWorker> {
  const reply = c.run(algorithm, {});
  const w = FakeWorker.all.at(-1)!;
  const id = w.received.at(-1)!.id;
  w.reply({ kind: 'partial', id, part: part(1) });
  w.reply({ kind: 'done', id, output: { algorithm: 'r' } as never, totalMs: 0 });
  await reply;
  w.reply({ kind: 'partial', id: id - 1, part: part(2) });
  w.reply({ kind: 'partial', id, part: part(3) });
  return w;
}
