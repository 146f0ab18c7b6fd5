import type { ThreadblockTimeline } from '../../../src/interop/msccl/timeline';
import { firstAtOrAfter, waitBefore, type TimelineGrid } from '../../../src/interop/msccl/timeline-grid';
import { COLORS } from '../../lib/colors';
import { cellText, rowLabel, type TimelineLayout } from './threadblockLayout';

/** What the window shows besides the grid: the step, the keyboard's cell, the marked cell, the tracked chunk. */
export interface TimelineMarks {
  step: number;
  cursor: { row: number; col: number } | null;
  marked: { row: number; col: number } | null;
  /** Per transfer of the schedule shown: 1 when it carries the tracked chunk. */
  carried: Uint8Array | null;
  /** Per timeline step: 1 when it is a local step that writes a part of the tracked chunk (a copy, a sum). */
  local: Uint8Array | null;
  /** Per rank: 2 holds all of the tracked chunk now, 1 a part, 0 none (null: nothing tracked). */
  holds: Uint8Array | null;
}

/**
 * Draws the visible window of the timeline (scrolled by left, top; width × height px): only the rows
 * and columns in view, so a file of any size costs the same per frame.
 */
export function drawThreadblocks(
  ctx: CanvasRenderingContext2D,
  t: ThreadblockTimeline,
  g: TimelineGrid,
  L: TimelineLayout,
  view: { left: number; top: number; width: number; height: number },
  marks: TimelineMarks,
): void {
  const { rowH, colW, labelW, headerH, px } = L;
  ctx.clearRect(0, 0, view.width, view.height);
  const r0 = Math.max(0, Math.floor(view.top / rowH));
  const r1 = Math.min(g.rows - 1, Math.floor((view.top + view.height - headerH) / rowH));
  const c0 = Math.max(0, Math.floor(view.left / colW));
  const c1 = Math.min(g.columns, Math.floor((view.left + view.width - labelW) / colW));
  const xOf = (c: number) => labelW + c * colW - view.left;
  const yOf = (r: number) => headerH + r * rowH - view.top;

  // The step shown: a band down the whole grid.
  if (marks.step >= c0 && marks.step <= c1) {
    ctx.fillStyle = COLORS.highlight;
    ctx.globalAlpha = 0.16;
    ctx.fillRect(xOf(marks.step), headerH, colW, view.height - headerH);
    ctx.globalAlpha = 1;
  }

  ctx.font = `500 ${px}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (let r = r0; r <= r1; r++) {
    const y = yOf(r);
    const end = g.rowStart[r + 1];
    let i = firstAtOrAfter(g, r, c0);
    // A wait: a dashed line through the columns where the threadblock does nothing.
    const drawWait = (k: number) => {
      const w = waitBefore(g, r, k);
      if (!w) return;
      ctx.strokeStyle = COLORS.muted;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([2, 4]);
      ctx.beginPath();
      ctx.moveTo(xOf(w[0]) - 2, y + rowH / 2);
      ctx.lineTo(xOf(w[1] + 1) + 2, y + rowH / 2);
      ctx.stroke();
      ctx.setLineDash([]);
    };
    if (i < end && g.column[i] > c1) drawWait(i);
    while (i < end && g.column[i] >= 0 && g.column[i] <= c1) {
      const c = g.column[i];
      drawWait(i);
      let j = i + 1;
      let critical = t.critical[i] === 1;
      let carried = false;
      let message = false;
      while (j < end && g.column[j] === c) j++;
      for (let k = i; k < j; k++) {
        critical ||= t.critical[k] === 1;
        message ||= g.transfer[k] >= 0;
        if (marks.carried && g.transfer[k] >= 0) carried ||= marks.carried[g.transfer[k]] === 1;
        carried ||= marks.local?.[k] === 1;
      }
      const x = xOf(c) + 2;
      ctx.fillStyle = carried ? COLORS.arrived : message ? COLORS.nodeEmpty : COLORS.background;
      ctx.fillRect(x, y + 2, colW - 4, rowH - 4);
      ctx.strokeStyle = critical ? COLORS.text : COLORS.muted;
      ctx.lineWidth = critical ? 2.5 : 1;
      ctx.setLineDash(message || critical ? [] : [3, 3]);
      ctx.strokeRect(x + 0.5, y + 2.5, colW - 5, rowH - 5);
      ctx.setLineDash([]);
      ctx.fillStyle = COLORS.text;
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, colW - 4, rowH);
      ctx.clip();
      ctx.fillText(cellText(t, i, j), x + 4, y + rowH / 2);
      ctx.restore();
      i = j;
    }
  }

  for (const [cell, dash] of [
    [marks.marked, [5, 3]],
    [marks.cursor, []],
  ] as const)
    if (cell && cell.col >= c0 && cell.col <= c1 && cell.row >= r0 && cell.row <= r1) {
      ctx.strokeStyle = COLORS.highlight;
      ctx.lineWidth = 3;
      ctx.setLineDash(dash);
      ctx.strokeRect(xOf(cell.col) + 1, yOf(cell.row) + 1, colW - 2, rowH - 2);
      ctx.setLineDash([]);
    }

  // The labels' band, over the cells scrolled under it; a line where a rank's threadblocks end.
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, headerH, labelW, view.height - headerH);
  for (let r = r0; r <= r1; r++) {
    const y = yOf(r);
    const rank = t.rank[g.rowStart[r]];
    const hold = marks.holds?.[rank] ?? 0;
    if (hold) {
      ctx.fillStyle = COLORS.arrived;
      ctx.beginPath();
      if (hold === 2) ctx.arc(8, y + rowH / 2, 5, 0, 2 * Math.PI);
      else ctx.arc(8, y + rowH / 2, 5, -Math.PI / 2, Math.PI / 2);
      ctx.fill();
    }
    ctx.fillStyle = COLORS.text;
    ctx.fillText(rowLabel(t, g, r), 16, y + rowH / 2, labelW - 20);
    if (r + 1 < g.rows && t.rank[g.rowStart[r + 1]] !== rank) {
      ctx.fillStyle = COLORS.muted;
      ctx.fillRect(0, y + rowH - 1, view.width, 2);
    }
  }

  // The header: step numbers, the one shown in bold.
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, view.width, headerH);
  ctx.textAlign = 'center';
  for (let c = c0; c <= c1; c++) {
    ctx.font = `${c === marks.step ? 700 : 400} ${px}px system-ui, sans-serif`;
    ctx.fillStyle = c === marks.step ? COLORS.text : COLORS.muted;
    ctx.fillText(c === 0 ? 'start' : String(c), xOf(c) + colW / 2, headerH / 2);
  }
  ctx.textAlign = 'left';
  ctx.font = `600 ${px}px system-ui, sans-serif`;
  ctx.fillStyle = COLORS.text;
  ctx.fillText('threadblock', 4, headerH / 2, labelW - 8);
  ctx.fillStyle = COLORS.line;
  ctx.fillRect(0, headerH - 1, view.width, 1);
  ctx.fillRect(labelW - 1, 0, 1, view.height);
}
