import { describe, expect, it } from 'vitest';
import { ringAllgatherXml } from '../../../src/interop/fixtures/ring-allgather-xml';
import { importMsccl } from '../../../src/interop/msccl/import-msccl';
import { runResultOf, type InteropExtras } from '../../../src/interop/run-result';
import { DESK_TYPE, LECTURE_TYPE } from '../../views/canvasText';
import {
  cellAt,
  cellMessage,
  cellText,
  cellWords,
  rowLabel,
  scrollToCell,
  timelineLayout,
} from './threadblockLayout';

const x = runResultOf(importMsccl(ringAllgatherXml(4)), { name: 'ag.xml', hash: 'h' }).extras!
  .interop as InteropExtras;
const t = x.timeline!;
const g = x.grid!;

describe('the threadblock timeline on the page', () => {
  it('lecture mode draws its text at 18 px at least, and its cells grow with it', () => {
    const desk = timelineLayout(g, DESK_TYPE, 600);
    const lecture = timelineLayout(g, LECTURE_TYPE, 600);
    expect(desk.px).toBe(12);
    expect(lecture.px).toBeGreaterThanOrEqual(18);
    expect(lecture.rowH).toBeGreaterThan(desk.rowH);
    expect(lecture.width).toBe(lecture.labelW + 4 * lecture.colW);
  });

  it('a point finds its cell through the scroll; the labels and the header are no cell', () => {
    const L = timelineLayout(g, DESK_TYPE, 600);
    const at = (row: number, col: number, left = 0, top = 0) =>
      cellAt(L, g, L.labelW + col * L.colW - left + 3, L.headerH + row * L.rowH - top + 3, left, top);
    expect(at(1, 2)).toEqual({ row: 1, col: 2 });
    expect(at(3, 3, L.colW, L.rowH)).toEqual({ row: 3, col: 3 });
    expect(cellAt(L, g, 5, L.headerH + 5, 0, 0)).toBeNull();
    expect(cellAt(L, g, L.labelW + 5, 5, 0, 0)).toBeNull();
    expect(cellAt(L, g, L.labelW + 5, L.headerH + 4 * L.rowH + 5, 0, 0)).toBeNull();
  });

  it('scrolls a cell into view only when it is out of view', () => {
    const L = timelineLayout(g, DESK_TYPE, 600);
    const view = { left: 0, top: 0, width: L.labelW + 2 * L.colW, height: L.headerH + 2 * L.rowH };
    expect(scrollToCell(L, { row: 0, col: 1 }, view)).toEqual({ left: 0, top: 0 });
    expect(scrollToCell(L, { row: 3, col: 3 }, view)).toEqual({ left: 2 * L.colW, top: 2 * L.rowH });
    expect(scrollToCell(L, { row: 0, col: 0 }, { ...view, left: 50, top: 30 })).toEqual({ left: 0, top: 0 });
  });

  it('says each cell short on the canvas and in full under it', () => {
    expect(rowLabel(t, g, 1)).toBe('r1 tb0 →2 ←0 ch0');
    expect(cellText(t, 0, 1)).toBe('cpy i0→o0');
    expect(cellText(t, 3, 5)).toBe('rcs o2 +1');
    expect(cellWords(t, g, 1, 2)).toMatch(
      /^rank 1, threadblock 0 \(sends to rank 2, receives from rank 0, channel 0\), step 2: its step 2, receive-copy-send o0/,
    );
    expect(cellWords(t, g, 0, 0)).toContain('before step 1: its step 0, copy i0→o0');
    // An empty cell inside a wait says what the threadblock waits for; one after its last step, nothing.
    const waiting = { ...g, column: Int32Array.from(g.column) };
    const [first, end] = [waiting.rowStart[1], waiting.rowStart[2]];
    for (let i = first + 1; i < end; i++) if (waiting.column[i] >= 0) waiting.column[i] += 2;
    const moved = first + 1;
    const gapCol = waiting.column[moved] - 1;
    expect(cellWords(t, waiting, 1, gapCol)).toMatch(/: waits: its step \d+ \(.+\) (needs|runs where)/);
    expect(cellWords(t, g, 1, g.columns)).not.toContain('waits');
    // A click on a cell marks its message: the fused step's send.
    expect(g.transfer[cellMessage(g, 1, 2)]).toBe(t.sends[7]);
    expect(cellMessage(g, 0, 0)).toBe(0);
  });
});
