import { blockCountOf, blockIdsOf, type Schedule } from '../../src/kernel/model/schedule';

/** Transfer t's block ids for a table or tooltip: all of them up to `max`, else the first and a count. */
export function blockListText(s: Schedule, t: number, max = 24): string {
  const count = blockCountOf(s, t);
  if (count <= max) return Array.from(blockIdsOf(s, t)).join(', ');
  return `${Array.from(blockIdsOf(s, t).subarray(0, max)).join(', ')}, … (${count.toLocaleString('en-US')} blocks)`;
}
