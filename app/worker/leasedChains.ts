import type { ChainOutcome, ChainTask } from '../../src/kernel/spec';
import type { ParamValues } from '../../src/kernel/params/schema';
import { chainBuffers } from './chainBuffers';

/**
 * What a search's master says to a worker of the pool leased to it, over that worker's
 * `MessagePort` (never through the page): the problem once, under an id (the master's request id),
 * then each round's tasks for that worker, then the end of the lease.
 */
export type ToChains =
  | { kind: 'problem'; id: number; algorithm: string; params: ParamValues }
  | { kind: 'round'; problem: number; round: number; tasks: ChainTask[] }
  | { kind: 'end' };

/** A leased worker's answer to a round: its chains' outcomes, in the order of its tasks. */
export type FromChains = { kind: 'outcomes'; problem: number; round: number; outcomes: ChainOutcome[] };

/** A round handed out, waiting for its groups' outcomes. */
interface Round {
  round: number;
  /** Outcomes by port (the group sent to port g), null until they arrive. */
  outcomes: (ChainOutcome[] | null)[];
  left: number;
  done: (outcomes: ChainOutcome[]) => void;
}

/**
 * The master's side of the workers leased to a split search (serveSearch.ts). Each port, as it
 * arrives, is sent the problem once; each round is cut into one group of consecutive chains per
 * port, and its outcomes are handed back in chain order once every group is in. A round asked for
 * before any port arrived waits for the first. The rounds do not depend on how many ports there are
 * or which answers first, so the schedules found are the same on any number of workers.
 */
export class LeasedChains {
  private readonly ports: MessagePort[] = [];
  private current: Round | null = null;
  private waiting: { tasks: ChainTask[]; done: (outcomes: ChainOutcome[]) => void } | null = null;
  private ended = false;

  constructor(private readonly problem: { id: number; algorithm: string; params: ParamValues }) {}

  /** Workers leased to the search: each is sent the problem, and takes part from the next round on. */
  add(ports: readonly MessagePort[]): void {
    for (const port of ports) {
      if (this.ended) {
        endPort(port);
        continue;
      }
      const g = this.ports.length;
      this.ports.push(port);
      port.onmessage = (e: MessageEvent<FromChains>) => this.hear(g, e.data);
      port.postMessage({ kind: 'problem', ...this.problem } satisfies ToChains);
    }
    const w = this.waiting;
    if (w && this.ports.length) {
      this.waiting = null;
      this.run(w.tasks, w.done);
    }
  }

  /** Runs a round's tasks on the leased workers; `done` gets the outcomes in chain order. */
  run(tasks: ChainTask[], done: (outcomes: ChainOutcome[]) => void): void {
    if (this.ended) return;
    if (!this.ports.length) {
      this.waiting = { tasks, done };
      return;
    }
    const groups = chainGroups(tasks, this.ports.length);
    const round = tasks[0].round;
    this.current = { round, outcomes: groups.map(() => null), left: groups.length, done };
    groups.forEach((group, g) =>
      this.ports[g].postMessage(
        { kind: 'round', problem: this.problem.id, round, tasks: group } satisfies ToChains,
        chainBuffers(group),
      ),
    );
  }

  /** How many workers are leased now. */
  get workers(): number {
    return this.ports.length;
  }

  /** Ends the lease: every worker is told (it ends its job, and returns to the pool); late answers are dropped. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.current = this.waiting = null;
    for (const port of this.ports.splice(0)) endPort(port);
  }

  private hear(g: number, msg: FromChains): void {
    const r = this.current;
    if (this.ended || !r || msg.problem !== this.problem.id || msg.round !== r.round || r.outcomes[g]) return;
    r.outcomes[g] = msg.outcomes;
    if (--r.left > 0) return;
    this.current = null;
    r.done(r.outcomes.flatMap((o) => o!));
  }
}

/** Tells a leased worker its lease is over, and closes our end. */
export function endPort(port: MessagePort): void {
  port.onmessage = null;
  port.postMessage({ kind: 'end' } satisfies ToChains);
  port.close();
}

/** `items` cut into at most `parts` runs of consecutive items, their lengths differing by at most one. */
export function chainGroups<T>(items: readonly T[], parts: number): T[][] {
  const k = Math.max(1, Math.min(parts, items.length));
  const groups: T[][] = [];
  let at = 0;
  for (let g = 0; g < k; g++) {
    const size = Math.floor(items.length / k) + (g < items.length % k ? 1 : 0);
    groups.push(items.slice(at, at + size));
    at += size;
  }
  return groups;
}
