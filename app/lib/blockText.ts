import { blockCountOf, firstBlockIds, type Schedule } from '../../src/kernel/model/schedule';

/** Transfer t's block ids for a table or tooltip: all of them up to `max`, else the first and a count. */
export function blockListText(s: Schedule, t: number, max = 24): string {
  const count = blockCountOf(s, t);
  const ids = Array.from(firstBlockIds(s, t, max)).join(', ');
  return count <= max ? ids : `${ids}, … (${count.toLocaleString('en-US')} blocks)`;
}
