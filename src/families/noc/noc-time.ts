import { num, type ParamValues } from '../../kernel/params/schema';
import type { Schedule } from '../../kernel/model/schedule';
import { slowestMessagePerStep } from '../../kernel/model/wormhole-time';

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
  return slowestMessagePerStep(s, (links) => ts + Math.max(0, links - 2) * tr + m * t1);
}
