import { findAlgorithm } from '../../src/registry';
import { defaultsOf, type ParamValues } from '../../src/kernel/params/schema';
import { BROWSER_LIMITS } from '../../src/limits';
import { run } from '../../src/run';

/**
 * Small runs a worker makes once, in idle time after its first answer, so that V8 has compiled the
 * simulation core's hot paths (OpTree's stages and wavelength assignment, the ring builder, the
 * verifier's ring-arc checks and the replay) before someone asks for a big ring. A fresh worker
 * otherwise runs its first big build partly in V8's slower tiers: OpTree on 1024 nodes takes about
 * a third longer the first time (docs/benchmarks.md).
 */
export const WARM_UP_RUNS: readonly { algorithm: string; params: Readonly<Record<string, number>> }[] = [
  { algorithm: 'optree', params: { nodes: 64, wavelengths: 4, depth: 2 } },
  { algorithm: 'optree', params: { nodes: 64, wavelengths: 4, depth: 3 } },
  { algorithm: 'one-stage', params: { nodes: 64, wavelengths: 4 } },
];

/** The list is run this many times (V8 optimises a function once it has run often enough). */
const ROUNDS = 2;
/** Wait after the first answer before starting, so the page can draw it first. */
const IDLE_MS = 300;

/** The full parameters of a warm-up run: the algorithm's defaults, then the run's own values. */
export function warmUpParams(algorithm: string, params: Readonly<Record<string, number>>): ParamValues {
  const spec = findAlgorithm(algorithm);
  if (!spec) throw new Error(`warm-up names unknown algorithm "${algorithm}"`);
  return { ...defaultsOf(spec.params), ...params };
}

/**
 * Starts the warm-up (serve.ts calls it once per worker it serves). One small run per task (a few ms
 * each), so a request that arrives meanwhile waits for one of them at most. A warm-up run that fails
 * is only logged: it must never look like a crash of the worker.
 */
export function startWarmUp(): void {
  const queue = Array.from({ length: ROUNDS }, () => WARM_UP_RUNS).flat();
  const next = () => {
    const job = queue.shift();
    if (!job) return;
    try {
      run(job.algorithm, warmUpParams(job.algorithm, job.params), BROWSER_LIMITS, { quickFormulas: true });
    } catch (err) {
      console.warn('worker warm-up run failed', job, err);
    }
    setTimeout(next, 0);
  };
  setTimeout(next, IDLE_MS);
}
