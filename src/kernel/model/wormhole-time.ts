import type { Schedule } from './schedule';

/**
 * Seconds of each step (index s − 1 for step s) when each message's time follows from the number of
 * links on its route — wormhole switching, where the head sets the path up hop by hop and the body
 * follows — and a step lasts as long as its slowest message. Schedules whose transfers carry no link
 * lists take no time here.
 */
export function slowestMessagePerStep(
  s: Schedule,
  messageSeconds: (links: number, step: number) => number,
): Float64Array {
  const out = new Float64Array(s.stepCount);
  if (s.path.kind !== 'link-list') return out;
  const offsets = s.path.offsets;
  for (let step = 1; step <= s.stepCount; step++) {
    let worst = 0;
    for (let t = s.stepStart[step - 1]; t < s.stepStart[step]; t++) {
      const sec = messageSeconds(offsets[t + 1] - offsets[t], step);
      if (sec > worst) worst = sec;
    }
    out[step - 1] = worst;
  }
  return out;
}
