import { CLI_LIMITS } from '../limits';
import { runFile } from '../file-formats';

/** Schedules the export tests need that no algorithm of the registry builds. */

/**
 * All-reduce by recursive doubling on n = 2^k processors, as a schedule file: in step j every
 * processor swaps its partial with the one 2^(j−1) away, so each sends and receives in every step.
 */
export function recursiveDoubling(n: number) {
  const links: { id: number; from: number; to: number; channels: number }[] = [];
  const link = new Map<string, number>();
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++)
      if (a !== b) {
        link.set(`${a} ${b}`, links.length);
        links.push({ id: links.length, from: a, to: b, channels: 1 });
      }
  const steps = [];
  for (let d = 1; d < n; d *= 2)
    steps.push({
      phase: 'exchange',
      transfers: Array.from({ length: n }, (_, a) => {
        const b = a ^ d;
        const group = a & ~(2 * d - 1);
        return {
          from: a,
          to: [b],
          path: [link.get(`${a} ${b}`)],
          channel: 0,
          blocks: Array.from({ length: d }, (_, j) => (a & ~(d - 1)) + j).filter((x) => x >= group),
        };
      }),
    });
  const doc = {
    format: 'optical-collectives/schedule-v1',
    collective: 'allreduce',
    nodes: n,
    links,
    blocks: Array.from({ length: n }, (_, i) => ({ id: i, origin: i, to: 'all' })),
    steps,
  };
  return runFile(JSON.stringify(doc), { name: `recursive-doubling-${n}.json`, hash: 'test' }, CLI_LIMITS);
}
