import { describe, expect, it } from 'vitest';
import { nocExtrasOf } from '../../../src/families/noc/noc-picture';
import { defaultsOf } from '../../../src/kernel/params/schema';
import { runToEnd } from '../../../src/kernel/jobs';
import type { SearchAttempt } from '../../../src/kernel/spec';
import { CLI_LIMITS } from '../../../src/limits';
import { findAlgorithm } from '../../../src/registry';
import { run } from '../../../src/run';
import { clashMarks, clashSteps, describeClash, describeFault, faultsIn } from './nocAttempt';
import { nocLayout } from './nocLayout';

/** The first attempt of the hybrid search for 8 to the same 8 on the fat Octagon (its rounds run here). */
function firstAttempt() {
  const spec = findAlgorithm('noc-scatter')!;
  const params = { ...defaultsOf(spec.params), senders: '0-7', receivers: '0-7', method: 'hybrid' };
  const result = run('noc-scatter', { ...params, method: 'constructive' }, CLI_LIMITS);
  let attempt: SearchAttempt | null = null;
  const split = spec.splitSearch!(params, { attempt: (a) => (attempt = a) });
  const work = spec.chainWorker!(params);
  while (!attempt) split!.absorb(split!.next()!.map((t) => runToEnd(work(t))));
  return { result, attempt: attempt as SearchAttempt };
}

describe('the search’s attempt in the NoC view', () => {
  const { result, attempt } = firstAttempt();
  const topo = result.topology;
  const P = result.schedule.nodeCount;

  it('names, for each clash, messages whose routes take the shared channel, from sender to receiver', () => {
    expect(attempt.clashes.length).toBeGreaterThan(0);
    attempt.clashes.forEach((k, i) => {
      const d = describeClash(attempt, topo, P, i);
      expect(d.step).toBe(k.step);
      expect(d.messages).toHaveLength(k.transfers.length);
      const [u, v] = [topo.linkFrom[k.link], topo.linkTo[k.link]];
      for (const m of d.messages) {
        expect(m.from).toBe(attempt.schedule.src[m.transfer]);
        expect(m.from).toBeLessThan(P);
        expect(m.to).toBeLessThan(P);
        const route = [m.from, ...m.routers.map((r) => r + P), m.to];
        const hops = route.slice(1).map((w, j) => `${route[j]}>${w}`);
        expect(hops).toContain(`${u}>${v}`);
      }
      expect(d.channel).toMatch(
        /^(router \d+ → router \d+|processor \d+ → router \d+ \(its sending port\)|router \d+ → processor \d+ \(its receiving port\))$/,
      );
    });
    // The steps listed count every conflict once.
    expect(clashSteps(attempt).reduce((n, s) => n + s.count, 0)).toBe(attempt.conflicts);
  });

  it('marks each clash of a step on its channel, a little to the side of its direction', () => {
    const layout = nocLayout(nocExtrasOf(result.extras)!, 800, 600, 56);
    for (const { step } of clashSteps(attempt)) {
      const marks = clashMarks(attempt, topo, layout, step);
      expect(marks.map((m) => m.clash)).toEqual(
        attempt.clashes.flatMap((k, i) => (k.step === step ? [i] : [])),
      );
      for (const m of marks) {
        const k = attempt.clashes[m.clash];
        const [u, v] = [topo.linkFrom[k.link], topo.linkTo[k.link]];
        const mid = [
          (layout.xy[2 * u] + layout.xy[2 * v]) / 2,
          (layout.xy[2 * u + 1] + layout.xy[2 * v + 1]) / 2,
        ];
        const shift = Math.hypot(m.x - mid[0], m.y - mid[1]);
        expect(shift).toBeGreaterThan(1);
        expect(shift).toBeLessThan(layout.routerRadius);
      }
    }
    expect(clashMarks(attempt, topo, layout, attempt.schedule.stepCount + 1)).toEqual([]);
  });
});

describe('a broadcast attempt’s causality faults', () => {
  const fault = { step: 3, transfer: 17, sender: 9, receiver: 12, block: 2, origin: 2, holds: 5 };
  const attempt = {
    target: 8,
    conflicts: 2,
    clashes: [],
    faults: [fault, { ...fault, step: 5, holds: null }],
  };

  it('are counted in their steps and told in words', () => {
    const a = attempt as unknown as Parameters<typeof clashSteps>[0];
    expect(clashSteps(a)).toEqual([
      { step: 3, count: 1 },
      { step: 5, count: 1 },
    ]);
    expect(faultsIn(a, 3)).toEqual([fault]);
    expect(describeFault(fault)).toBe(
      'Step 3: processor 9 relays processor 2’s message to processor 12, but gets it only in step 5: it does not hold the message yet.',
    );
    expect(describeFault({ ...fault, holds: null })).toMatch(/never gets it/);
  });
});
