import { num, type ParamValues } from '../../kernel/params/schema';
import type { Schedule } from '../../kernel/model/schedule';
import { OPTICAL_PHASES } from './allreduce-builder';

/**
 * Seconds of each step under the wormhole model (docs/models/otis.md): a message of m bytes over h
 * electronic hops takes t_s + h·t_r + m·t_1 (distance enters only through t_r: the worm's head sets
 * up the path, the body follows); over an optical transpose link t_s + t_o + m·t_1. A step lasts as
 * long as its slowest message.
 */
export function meshStepSeconds(s: Schedule, p: ParamValues): Float64Array {
  const ts = num(p, 'startup-us') * 1e-6;
  const tr = num(p, 'hop-us') * 1e-6;
  const t1 = num(p, 'byte-ns') * 1e-9;
  const to = num(p, 'optical-us') * 1e-6;
  const m = num(p, 'message-bytes');
  const out = new Float64Array(s.stepCount);
  if (s.path.kind !== 'link-list') return out;
  const offsets = s.path.offsets;
  for (let step = 1; step <= s.stepCount; step++) {
    const optical = OPTICAL_PHASES.includes(s.phases[s.stepPhase[step - 1]]);
    let worst = 0;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const h = offsets[t + 1] - offsets[t];
      const sec = ts + (optical ? to : h * tr) + m * t1;
      if (sec > worst) worst = sec;
    }
    out[step - 1] = worst;
  }
  return out;
}

/** Steps of a schedule that run on optical links (the two transpose steps of an OTIS-Mesh all-reduce). */
export function opticalSteps(s: Schedule): number {
  let k = 0;
  for (let i = 0; i < s.stepCount; i++) if (OPTICAL_PHASES.includes(s.phases[s.stepPhase[i]])) k++;
  return k;
}
