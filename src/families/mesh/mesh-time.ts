import type { WormholeTime } from './mesh-params';
import type { Schedule } from '../../kernel/model/schedule';
import { slowestMessagePerStep } from '../../kernel/model/wormhole-time';
import { OPTICAL_PHASES } from './allreduce-builder';

/**
 * Seconds of each step under the wormhole model (docs/models/otis.md): a message of m bytes over h
 * electronic hops takes t_s + h·t_r + m·t_1 (distance enters only through t_r: the worm's head sets
 * up the path, the body follows); over an optical transpose link t_s + t_o + m·t_1. A step lasts as
 * long as its slowest message.
 */
export function meshStepSeconds(s: Schedule, t: WormholeTime): Float64Array {
  const { startup: ts, hop: tr, perByte: t1, optical: to, messageBytes: m } = t;
  const optical = Array.from({ length: s.stepCount }, (_, i) =>
    OPTICAL_PHASES.includes(s.phases[s.stepPhase[i]]),
  );
  return slowestMessagePerStep(s, (links, step) => ts + (optical[step - 1] ? to : links * tr) + m * t1);
}

/** Steps of a schedule that run on optical links (the two transpose steps of an OTIS-Mesh all-reduce). */
export function opticalSteps(s: Schedule): number {
  let k = 0;
  for (let i = 0; i < s.stepCount; i++) if (OPTICAL_PHASES.includes(s.phases[s.stepPhase[i]])) k++;
  return k;
}
