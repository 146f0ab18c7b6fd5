/**
 * A NoC search on the pool as the page runs it, in Node: the visualizer's worker and a pool of three
 * workers, all inline (one thread), the search's chains on workers leased to it. The fat Octagon's
 * all-to-all scatter, hybrid, seed 5, to the end of its moves (argument: moves, default 2,000,000).
 * Prints the build and search times; time the whole process from outside to compare versions.
 *
 *   npx tsx bench/pool-search.ts [moves]
 */
import { findCard } from '../src/cards';
import { defaultsOf } from '../src/kernel/params/schema';
import { WorkerClient, type SearchReply } from '../app/worker/client';
import { inlineWorker } from '../app/worker/inline';
import { WorkerPool } from '../app/worker/pool';
import { leaseSearchWorkers } from '../app/worker/searchLease';

const params = {
  ...defaultsOf(findCard('noc-scatter')!.params),
  'time-limit': 600,
  pattern: 'aas',
  method: 'hybrid',
  seed: 5,
  moves: Number(process.argv[2] ?? 2_000_000),
};
const pool = new WorkerPool(inlineWorker, { size: 3 });
const client = new WorkerClient(inlineWorker);
client.onLease = leaseSearchWorkers(pool);
const end = new Promise<SearchReply>((resolve) => {
  client.onSearch = (m) => m.done && resolve(m);
});
let best = 0;
client.onImproved = (r) => (best = r.summary.steps);
const t0 = performance.now();
const built = await client.run('noc-scatter', params);
const t1 = performance.now();
const last = await end;
const t2 = performance.now();
console.log(
  `built ${built?.result.summary.steps} steps in ${(t1 - t0).toFixed(0)} ms; searched to ${best} steps (${last.stopped ? 'stopped' : 'its end'}) in ${(t2 - t1).toFixed(0)} ms`,
);
client.dispose();
pool.dispose();
process.exit(0);
