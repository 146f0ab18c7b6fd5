import type { Collective, ListedBlocks, Schedule } from '../kernel/model/schedule';
import { ScheduleBuilder } from '../kernel/model/schedule-builder';
import type { Topology } from '../kernel/model/topology';
import { countedSteps, offsetAt, type Attempt } from './attempt';
import { offsetLinks } from './circuit-choices';
import type { ExerciseModel } from './exercise-model';

/** The algorithm id an attempt's schedule carries (and its JSON file's `algorithm`). */
export const BY_HAND = 'by-hand';

/** The phase of every step of an attempt. */
export const BY_HAND_PHASE = 'by hand';

/** What an attempt's schedule is made on. */
export interface ScheduleInput {
  collective: Collective;
  topology: Topology;
  blocks: ListedBlocks;
  model: ExerciseModel;
}

/** An attempt as the kernel's schedule columns, and where each of its transfers came from. */
export interface AttemptColumns {
  schedule: Schedule;
  /** Transfer t of the schedule is transfer `index[t]` of step `step[t]` (0-based). */
  step: Uint32Array;
  index: Uint32Array;
  /** Circuit switch: the offset in force in each counted step. */
  offsets?: number[];
}

/**
 * The attempt's counted steps (trailing empty ones are the step being started) as schedule columns:
 * link lists, receiver lists, the exercise's blocks and ports; on the circuit switch the links of
 * the offset in force in each step as its active links. Empty block lists are kept (the check says
 * so), so what the student built is what the verifier sees.
 */
export function attemptColumns(x: ScheduleInput, a: Attempt): AttemptColumns {
  const steps = countedSteps(a);
  let transfers = 0;
  let links = 0;
  let receivers = 0;
  let blockRefs = 0;
  for (let s = 0; s < steps; s++)
    for (const t of a.steps[s].transfers) {
      transfers++;
      links += t.route.length;
      receivers += t.to.length;
      blockRefs += t.blocks.length;
    }
  const b = new ScheduleBuilder({
    algorithm: BY_HAND,
    collective: x.collective,
    nodeCount: x.topology.nodeCount,
    blocks: x.blocks,
    pathKind: 'link-list',
    receiverKind: 'list',
    singleBlock: false,
    capacity: { transfers, pathLinks: links, receivers, blockRefs },
    ports: x.model.ports,
  });
  const step = new Uint32Array(transfers);
  const index = new Uint32Array(transfers);
  let t = 0;
  for (let s = 0; s < steps; s++) {
    b.beginStep(BY_HAND_PHASE);
    a.steps[s].transfers.forEach((tr, i) => {
      b.addTransfer(tr.from, tr.route, tr.to, tr.channel, tr.blocks);
      step[t] = s;
      index[t++] = i;
    });
  }
  const schedule = b.finish();
  if (!x.model.circuits) return { schedule, step, index };
  const n = x.topology.nodeCount;
  const offsets = Array.from({ length: steps }, (_, s) => offsetAt(a, s));
  const stepStart = new Uint32Array(steps + 1);
  offsets.forEach((_, s) => (stepStart[s + 1] = stepStart[s] + 2 * n));
  const active = new Uint32Array(stepStart[steps]);
  offsets.forEach((o, s) => active.set(offsetLinks(n, o), stepStart[s]));
  return { schedule: { ...schedule, activeLinks: { stepStart, links: active } }, step, index, offsets };
}
