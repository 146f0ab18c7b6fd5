import type { ChainOutcome } from '../../src/kernel/spec';
import type { ChainRound, WorkerClient } from './client';
import type { JobHandle, WorkerPool } from './pool';

/**
 * Runs the rounds of the visualizer's search on the page's pool. The search's master stays in the
 * visualizer's worker; each round it posts its chains' tasks (a `round` part), which are cut here into
 * as many jobs as the pool has workers (consecutive chains together), and the outcomes go back to the
 * master in chain order (`chainOutcomes`). The master waits for the whole round, so neither the
 * number of workers nor the order in which they finish changes what it does next. A new round, a new
 * run and the end of the search (`drop`) abort the jobs still running. A failed job ends the search
 * with the error (its best schedule stays). Other jobs of the pool (a sweep, a paper check) take turns
 * with the rounds; a round that has to wait for them is told (`onWaiting`).
 */
export function relayChains(
  client: WorkerClient,
  pool: Pick<WorkerPool, 'size' | 'submit' | 'waiting'>,
  /** Told when a round has to wait for workers busy with other jobs, and when it no longer waits. */
  onWaiting: (waiting: boolean) => void = () => undefined,
) {
  let jobs: JobHandle<{ outcomes: ChainOutcome[] }>[] = [];
  let waiting = false;
  const wait = (w: boolean) => {
    if (w !== waiting) onWaiting((waiting = w));
  };
  const drop = () => {
    for (const j of jobs.splice(0)) j.abort();
    wait(false);
  };
  const round = (msg: ChainRound) => {
    drop();
    const mine = chainGroups(msg.tasks, pool.size).map((group) =>
      pool.submit((w) => w.chains(msg.algorithm, msg.params, group)),
    );
    jobs = mine;
    // Jobs wait in order of arrival: if any job waits, the newest (this round's last) does.
    wait(pool.waiting > 0);
    Promise.all(mine.map((j) => j.result)).then(
      (replies) => {
        if (jobs !== mine) return; // dropped meanwhile
        jobs = [];
        wait(false);
        if (replies.some((r) => !r)) return;
        client.chainOutcomes(
          msg.id,
          msg.round,
          replies.flatMap((r) => r!.outcomes),
        );
      },
      (err: unknown) => {
        if (jobs !== mine) return;
        drop();
        wait(false);
        client.chainOutcomes(msg.id, msg.round, [], err instanceof Error ? err.message : String(err));
      },
    );
  };
  return { round, drop };
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
