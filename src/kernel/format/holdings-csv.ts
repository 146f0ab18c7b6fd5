import { pairSource } from '../model/block-pairs';
import type { BlockTable } from '../model/schedule';
import { forEachVisit, heldCounts } from '../replay/holding-queries';
import type { Holdings } from '../replay/holdings';
import { csvLine } from './csv';

/**
 * The holdings matrix as a table: one line per (block, node) where the node comes to hold the block,
 * with the step after which it first does (0: from the start). A node holds the block after step s
 * exactly when its line's step is at most s, so the one table gives the matrix at every step; cells
 * that never fill are not written, which keeps an all-to-all's table to the nodes on each block's
 * route. Reductions (partials, not blocks) have no such table.
 */
export const HOLDINGS_CSV_HEADER = ['block', 'origin', 'node', 'step'] as const;

/** Most lines the page writes (about 20 bytes each: some 40 MB). */
export const HOLDINGS_CSV_MAX_ROWS = 2_000_000;

/** Lines of the table (every first arrival, the initial holdings included), or null for a reduction. */
export function holdingsRowCount(h: Holdings): number | null {
  if (h.kind === 'counts') return null;
  let rows = 0;
  for (const c of heldCounts(h, h.stepCount)) rows += c;
  return rows;
}

const CHUNK_CHARS = 1 << 16;

/**
 * The table in chunks of about 64 K characters (for the page's sliced gathering, as the schedule's
 * writers), blocks in order, each block's nodes by step, then by node.
 */
export function* holdingsCsvChunks(h: Holdings, blocks: BlockTable): Generator<string> {
  if (h.kind === 'counts') throw new Error('a reduction holds partials, not blocks: no holdings table');
  let buf = `${csvLine(HOLDINGS_CSV_HEADER)}\n`;
  const visits: number[] = [];
  const origin = (b: number) => (blocks.kind === 'pairs' ? pairSource(blocks.nodes, b) : blocks.origin[b]);
  for (let b = 0; b < h.blockCount; b++) {
    visits.length = 0;
    forEachVisit(h, b, (node, step) => visits.push(step * h.nodeCount + node));
    visits.sort((x, y) => x - y);
    for (const key of visits) {
      buf += `${b},${origin(b)},${key % h.nodeCount},${Math.floor(key / h.nodeCount)}\n`;
    }
    if (buf.length >= CHUNK_CHARS) {
      yield buf;
      buf = '';
    }
  }
  yield buf;
}
