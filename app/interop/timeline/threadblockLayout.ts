import type { ThreadblockTimeline } from '../../../src/interop/msccl/timeline';
import { BUFFER_NAMES, STEP_TYPE_NAMES } from '../../../src/interop/msccl/timeline';
import { cellSteps, waitBefore, type TimelineGrid } from '../../../src/interop/msccl/timeline-grid';
import { typePx, type TypeScale } from '../../views/canvasText';

/**
 * The threadblock timeline's geometry and words (no DOM, testable without a browser): rows of
 * threadblocks under a header of step numbers, a band of row labels on the left, and what a cell
 * says — short on the canvas, in full for the line under it.
 */
export interface TimelineLayout {
  px: number;
  rowH: number;
  colW: number;
  labelW: number;
  headerH: number;
  /** The whole grid's size; the canvas shows a window of it. */
  width: number;
  height: number;
}

export function timelineLayout(g: TimelineGrid, type: TypeScale, viewWidth: number): TimelineLayout {
  const px = typePx(type, 12);
  const rowH = px + 12;
  const colW = Math.ceil(px * 5.4);
  const labelW = Math.min(Math.max(120, viewWidth * 0.45), Math.ceil(px * 11.5));
  const headerH = px + 10;
  return {
    px,
    rowH,
    colW,
    labelW,
    headerH,
    width: labelW + (g.columns + 1) * colW,
    height: headerH + g.rows * rowH,
  };
}

/** The cell under a point of the visible window (scrolled by left, top), or null off the grid. */
export function cellAt(
  L: TimelineLayout,
  g: TimelineGrid,
  x: number,
  y: number,
  left: number,
  top: number,
): { row: number; col: number } | null {
  if (x < L.labelW || y < L.headerH) return null;
  const col = Math.floor((x - L.labelW + left) / L.colW);
  const row = Math.floor((y - L.headerH + top) / L.rowH);
  return row >= 0 && row < g.rows && col >= 0 && col <= g.columns ? { row, col } : null;
}

/** The scroll that brings a cell into a window of the given size (the old scroll when it is in view). */
export function scrollToCell(
  L: TimelineLayout,
  cell: { row: number; col: number },
  view: { left: number; top: number; width: number; height: number },
): { left: number; top: number } {
  const x = cell.col * L.colW;
  const y = cell.row * L.rowH;
  const w = Math.max(L.colW, view.width - L.labelW);
  const h = Math.max(L.rowH, view.height - L.headerH);
  const left = x < view.left ? x : x + L.colW > view.left + w ? x + L.colW - w : view.left;
  const top = y < view.top ? y : y + L.rowH > view.top + h ? y + L.rowH - h : view.top;
  return { left: Math.max(0, left), top: Math.max(0, top) };
}

export const OP_WORDS: Record<(typeof STEP_TYPE_NAMES)[number], string> = {
  s: 'send',
  r: 'receive',
  rcs: 'receive-copy-send',
  rrs: 'receive-reduce-send',
  rrc: 'receive-reduce-copy',
  rrcs: 'receive-reduce-copy-send',
  cpy: 'copy',
  re: 'reduce',
  ra: 'residual add',
  nop: 'nop (waits only)',
};

const opName = (t: ThreadblockTimeline, i: number) => STEP_TYPE_NAMES[t.type[i]];

/** Chunks as the file counts them: `i3`, or `i3..5` for three. */
function chunks(buf: number, off: number, cnt: number): string {
  const b = BUFFER_NAMES[buf] ?? '?';
  return cnt > 1 ? `${b}${off}..${off + cnt - 1}` : `${b}${off}`;
}

/** The chunk a step is about: what it sends (a send), where it puts what it receives, or both (local). */
export function opChunk(t: ThreadblockTimeline, i: number): string {
  const name = opName(t, i);
  if (name === 'nop') return '';
  const src = chunks(t.srcbuf[i], t.srcoff[i], t.cnt[i]);
  const dst = chunks(t.dstbuf[i], t.dstoff[i], t.cnt[i]);
  if (name === 's') return src;
  if (name === 'cpy' || name === 're' || name === 'ra') return `${src}→${dst}`;
  return dst;
}

/** What a cell shows on the canvas: the op's short name and its chunk, and how many more steps are there. */
export function cellText(t: ThreadblockTimeline, first: number, end: number): string {
  if (first >= end) return '';
  const more = end - first > 1 ? ` +${end - first - 1}` : '';
  return `${opName(t, first)} ${opChunk(t, first)}`.trim() + more;
}

/** A row's label: its rank, threadblock id, peers and channel. */
export function rowLabel(t: ThreadblockTimeline, g: TimelineGrid, row: number): string {
  const i = g.rowStart[row];
  const peers = [
    t.sendPeer[i] >= 0 ? `→${t.sendPeer[i]}` : '',
    t.recvPeer[i] >= 0 ? `←${t.recvPeer[i]}` : '',
  ].filter(Boolean);
  return `r${t.rank[i]} tb${t.tb[i]} ${peers.join(' ')} ch${t.chan[i]}`.replace(/ {2,}/g, ' ');
}

/** A row in words, for the line under the grid. */
export function rowWords(t: ThreadblockTimeline, g: TimelineGrid, row: number): string {
  const i = g.rowStart[row];
  const to = t.sendPeer[i] >= 0 ? `sends to rank ${t.sendPeer[i]}` : 'sends to no one';
  const from = t.recvPeer[i] >= 0 ? `receives from rank ${t.recvPeer[i]}` : 'receives from no one';
  return `rank ${t.rank[i]}, threadblock ${t.tb[i]} (${to}, ${from}, channel ${t.chan[i]})`;
}

/** A cell in words: where it is, and each step of the file it holds. */
export function cellWords(t: ThreadblockTimeline, g: TimelineGrid, row: number, col: number): string {
  const [a, b] = cellSteps(g, row, col);
  const at = `${rowWords(t, g, row)}, ${col === 0 ? 'before step 1' : `step ${col}`}`;
  if (a === b) {
    const w = a < g.rowStart[row + 1] ? waitBefore(g, row, a) : null;
    return w && col >= w[0] && col <= w[1]
      ? `${at}: waits: ${waitWords(t, a)}.`
      : `${at}: nothing finishes here.`;
  }
  const ops: string[] = [];
  for (let i = a; i < b; i++) {
    const chunk = opChunk(t, i);
    ops.push(
      `its step ${t.pos[i]}, ${OP_WORDS[opName(t, i)]}${chunk ? ` ${chunk}` : ''}${t.critical[i] ? ' (on the critical path)' : ''}`,
    );
  }
  return `${at}: ${ops.join('; ')}.`;
}

/** Why the threadblock waits before step i, from the file's own timing (begin: reached; ready: free to go). */
function waitWords(t: ThreadblockTimeline, i: number): string {
  const next = `its step ${t.pos[i]} (${OP_WORDS[opName(t, i)]})`;
  if (t.ready[i] <= t.begin[i]) return `${next} runs where the schedule shown moved its message`;
  return t.receives[i] >= 0
    ? `${next} needs the message from rank ${t.recvPeer[i]}`
    : `${next} needs a step it depends on to finish first`;
}

/** The first step of a cell that sends or receives (what a click marks), else its first, or −1. */
export function cellMessage(g: TimelineGrid, row: number, col: number): number {
  const [a, b] = cellSteps(g, row, col);
  for (let i = a; i < b; i++) if (g.transfer[i] >= 0) return i;
  return a < b ? a : -1;
}
