import { findAlgorithm } from '../../../src/registry';
import type { ChainOutcome, ChainTask, ChainWorker } from '../../../src/kernel/spec';
import { InputError } from '../../../src/limits';
import { chainBuffers } from '../../worker/chainBuffers';
import { defineJob } from '../../worker/jobs/envelope';
import type { FromChains, ToChains } from '../../worker/leasedChains';

/** The chains of one round given to this worker, one after the other; cut short at the lease's end. */
function* roundOf(work: ChainWorker, tasks: ChainTask[], ended: () => boolean) {
  const outcomes: ChainOutcome[] = [];
  for (const task of tasks) {
    const chain = work(task);
    for (let step = chain.next(); ; step = chain.next()) {
      if (step.done) {
        outcomes.push(step.value);
        break;
      }
      if (ended()) return outcomes;
      yield;
    }
  }
  return outcomes;
}

/**
 * A worker of the pool leased to a search whose master is in another worker (the visualizer's): it
 * hears the master on `port` (app/worker/leasedChains.ts) — the problem once, which it builds once,
 * then each round's tasks, whose outcomes it sends back on the port — until the master ends the
 * lease; then the job is done (its output: the rounds it ran). Nothing of the rounds crosses the page.
 */
const chainsJob = defineJob<{ port: MessagePort }, { rounds: number }>({
  start({ port }, ctx) {
    let work: { problem: number; run: ChainWorker } | null = null;
    let [rounds, busy, ended] = [0, false, false];
    const close = () => {
      ended = true;
      port.onmessage = null;
      port.close();
    };
    const fail = (err: unknown) => {
      close();
      ctx.fail(err);
    };
    port.onmessage = (e: MessageEvent<ToChains>) => {
      const msg = e.data;
      // Aborted (the page ended the lease first): nothing more is posted.
      if (ctx.stale()) return close();
      if (msg.kind === 'end') {
        close();
        if (!busy) ctx.done({ rounds });
        return;
      }
      if (msg.kind === 'problem') {
        const chainWorker = findAlgorithm(msg.algorithm)?.chainWorker;
        if (!chainWorker) return fail(new InputError(`"${msg.algorithm}" has no search that runs in chains`));
        try {
          work = { problem: msg.id, run: chainWorker(msg.params) };
        } catch (err) {
          fail(err);
        }
        return;
      }
      if (work?.problem !== msg.problem)
        return fail(new Error(`round for problem ${msg.problem}, never sent`));
      busy = true;
      ctx.drive(
        roundOf(work.run, msg.tasks, () => ended),
        (outcomes) => {
          busy = false;
          if (ended) return ctx.done({ rounds });
          rounds++;
          const reply: FromChains = { kind: 'outcomes', problem: msg.problem, round: msg.round, outcomes };
          port.postMessage(reply, chainBuffers(outcomes));
        },
      );
    };
  },
});

/**
 * The jobs the NoC family adds to the simulation worker (app/workerJobs.ts): hosting its searches'
 * chains on a worker of the pool leased to the search.
 */
export const NOC_JOBS = { chains: chainsJob };
