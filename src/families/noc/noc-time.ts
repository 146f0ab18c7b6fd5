import type { WormholeTime } from '../mesh/mesh-params';
import type { Schedule } from '../../kernel/model/schedule';
import { slowestMessagePerStep } from '../../kernel/model/wormhole-time';

/**
 * Seconds of each step (NoC paper, eq. (1)): a message of m bytes over h router hops takes
 * t_s + h·t_r + m·t_1; a step lasts as long as its slowest message. A route's injection and ejection
 * channels are not hops between routers.
 */
export function nocStepSeconds(s: Schedule, t: WormholeTime): Float64Array {
  const { startup: ts, hop: tr, perByte: t1, messageBytes: m } = t;
  return slowestMessagePerStep(s, (links) => ts + Math.max(0, links - 2) * tr + m * t1);
}
