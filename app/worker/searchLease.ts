import type { LeaseAsk } from './client';
import type { WorkerPool } from './pool';

/**
 * Lends workers of the page's pool to the search that follows the visualizer's result (the client's
 * `onLease`, wired in store/sync.ts). Each leased worker hosts the search's chains (`hostChains`) on
 * one end of a new `MessageChannel`; the other end goes to the search's master in the visualizer's
 * worker, which sends it the problem once and then its rounds: they never cross the page, which
 * only lends and takes back. The lease lasts until the client ends it (the search's end, Stop, a
 * newer request, a lost visualizer's worker). A leased worker that crashes or goes silent is told to
 * the master (`lost`: the search ends with the reason, keeping its best) and replaced by the pool.
 * While no worker has been lent yet (the pool is busy with other jobs), the search waits, and the
 * page is told (`onWaiting`); other jobs of the pool wait for the lease to end.
 */
export function leaseSearchWorkers(
  pool: Pick<WorkerPool, 'lease'>,
  /** Told when the search has to wait for workers busy with other jobs, and when it no longer waits. */
  onWaiting: (waiting: boolean) => void = () => undefined,
): (ask: LeaseAsk) => () => void {
  return (ask) => {
    let [lent, over, waiting] = [0, false, false];
    const wait = (w: boolean) => {
      if (w !== waiting) onWaiting((waiting = w));
    };
    const lease = pool.lease(ask.workers, (worker) => {
      lent++;
      wait(false);
      const { port1, port2 } = new MessageChannel();
      const hosting = worker.hostChains(port1);
      ask.give([port2]);
      return hosting;
    });
    for (const h of lease.handles)
      h.result.catch((err: unknown) => {
        if (over) return;
        over = true;
        ask.lost(err instanceof Error ? err.message : String(err));
      });
    wait(lent === 0);
    return () => {
      over = true;
      wait(false);
      lease.end();
    };
  };
}
