import { num, type ParamValues } from '../../kernel/params/schema';
import type { Schedule } from '../../kernel/model/schedule';

/**
 * Seconds of each step (NoC paper, eq. (1)): a message of m bytes over h router hops takes
 * t_s + h·t_r + m·t_1; a step lasts as long as its slowest message. A route's injection and ejection
 * channels are not hops between routers.
 */
export function nocStepSeconds(s: Schedule, p: ParamValues): Float64Array {
  const ts = num(p, 'startup-us') * 1e-6;
  const tr = num(p, 'hop-us') * 1e-6;
  const t1 = num(p, 'byte-ns') * 1e-9;
  const m = num(p, 'message-bytes');
  const out = new Float64Array(s.stepCount);
  if (s.path.kind !== 'link-list') return out;
  const offsets = s.path.offsets;
  for (let step = 1; step <= s.stepCount; step++) {
    let worst = 0;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const hops = Math.max(0, offsets[t + 1] - offsets[t] - 2);
      worst = Math.max(worst, ts + hops * tr + m * t1);
    }
    out[step - 1] = worst;
  }
  return out;
}
