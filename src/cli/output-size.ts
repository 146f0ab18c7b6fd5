import type { Exportable } from '../kernel/format/schedule-export';
import { pathLength } from '../kernel/model/paths';
import { blockCountOf, destinationRange } from '../kernel/model/schedule';
import { MAX_SCHEDULE_FILE_BYTES } from './read-limited';

/**
 * How big a schedule's export will be, counted from its columns before anything is written: each id
 * with the mean number of digits of the ids it is drawn from (node, link, block), so the count is
 * near the real size (output-size.test.ts holds it within 10 %). `schedule` refuses to write more
 * than OUTPUT_LIMIT_BYTES without --force: more than `check` can read back, and hours of writing at
 * the largest sizes.
 */
export const OUTPUT_LIMIT_BYTES = MAX_SCHEDULE_FILE_BYTES;

const digits = (max: number) => String(Math.max(0, Math.floor(max))).length;

/** The mean number of digits of 0 … n − 1. */
function meanDigits(n: number): number {
  let sum = 0;
  for (let d = 1, from = 0, to = 10; from < n; d++, from = to, to *= 10) sum += d * (Math.min(n, to) - from);
  return sum / Math.max(1, n);
}

/** Characters of one transfer's line apart from its lists and numbers (JSON and CSV). */
const TRANSFER_FRAME = { json: 54, csv: 0 } as const;
/** Characters of one block's and one link's JSON line apart from their numbers and lists. */
const BLOCK_FRAME = 42;
const LINK_FRAME = 80;

/** About how many bytes `schedule` writes for `r` in `format`. */
export function outputBytes(r: Exportable, format: 'json' | 'csv'): number {
  const s = r.schedule;
  const topo = r.topology;
  const node = meanDigits(topo.nodeCount + topo.auxCount) + 1;
  const link = meanDigits(topo.linkCount) + 1;
  const block = meanDigits(s.blocks.count) + 1;
  let channels = 1;
  for (let l = 0; l < topo.linkCount; l++) channels = Math.max(channels, topo.linkChannels[l]);
  const channel = digits(channels - 1) + 1;
  const rx = s.receivers;
  let bytes = 0;
  for (let step = 1; step <= s.stepCount; step++) {
    const [a, b] = [s.stepStart[step - 1], s.stepStart[step]];
    // CSV repeats the step, the phase and the transfer's index on every line.
    const perLine = format === 'csv' ? digits(step) + s.phases[s.stepPhase[step - 1]].length + 2 : 0;
    for (let t = a; t < b; t++) {
      const receivers = rx.kind === 'list' ? rx.offsets[t + 1] - rx.offsets[t] : 1;
      bytes +=
        TRANSFER_FRAME[format] +
        perLine +
        (format === 'csv' ? digits(t) + 1 : 0) +
        node * (1 + receivers) +
        link * pathLength(s, t) +
        channel +
        block * blockCountOf(s, t);
    }
  }
  if (format === 'csv') return bytes;
  bytes += topo.linkCount * (LINK_FRAME + 2 * node + link + channel);
  const bt = s.blocks;
  const byteDigits = digits(bt.bytes);
  for (let b = 0; b < bt.count; b++) {
    const to =
      bt.kind === 'pairs'
        ? node
        : bt.destinations.kind === 'all'
          ? 3
          : (() => {
              const [from, end] = destinationRange(bt.destinations, b);
              return node * (end - from);
            })();
    bytes += BLOCK_FRAME + block + node + byteDigits + to;
  }
  return bytes;
}
