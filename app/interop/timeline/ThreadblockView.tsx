import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ThreadblockTimeline } from '../../../src/interop/msccl/timeline';
import { movedCursor } from '../../lib/gridCursor';
import type { TimelineGrid } from '../../../src/interop/msccl/timeline-grid';
import type { RunResult } from '../../../src/result';
import { usePalette } from '../../lib/theme';
import { useTypeScale } from '../../lib/typeScale';
import { setupCanvas, useSize } from '../../lib/useSize';
import { useApp } from '../../store/store';
import { interopOf } from '../fileView';
import { ChunkPicker } from './ChunkPicker';
import { drawThreadblocks } from './drawThreadblocks';
import { cellAt, cellMessage, cellWords, scrollToCell, timelineLayout } from './threadblockLayout';
import { holdsAt, useChunkTrack, useHoldersOnPicture } from './useChunkTrack';
import { localStepsCarrying } from '../../../src/interop/msccl/chunk-track';
import { transferNodes } from '../../views/markedLinks';
import { keyRegion } from '../../lib/keyRegion';

/**
 * An MSCCL file's rank × threadblock timeline: a row per threadblock (grouped by rank), a column per
 * step of the schedule shown, each cell the file's step that finished then (op and chunk; the
 * critical path outlined, the tracked chunk's messages filled). The worker lays it out; the canvas
 * draws only the window in view. A click (or Enter on the focused grid) opens that step and marks
 * the cell's message on the network picture, as the verdicts do.
 */
export function ThreadblockView({ result, step }: { result: RunResult; step: number }) {
  const interop = interopOf(result);
  if (!interop?.timeline || !interop.grid)
    return (
      <p className="p-3 text-sm text-text" data-testid="threadblock-view">
        Only an MSCCL file has threadblocks.
      </p>
    );
  return <TimelineBody result={result} t={interop.timeline} g={interop.grid} step={step} />;
}

type Cell = { row: number; col: number };

function TimelineBody({
  result,
  t,
  g,
  step,
}: {
  result: RunResult;
  t: ThreadblockTimeline;
  g: TimelineGrid;
  step: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useSize(scroller);
  const theme = usePalette();
  const type = useTypeScale();
  const L = useMemo(() => timelineLayout(g, type, size.width), [g, type, size.width]);
  const [scroll, setScroll] = useState({ left: 0, top: 0 });
  const [cursor, setCursor] = useState<Cell | null>(null);
  const [marked, setMarked] = useState<Cell | null>(null);
  const tracked = useChunkTrack(result);
  const ranks = result.topology.nodeCount;
  const holds = useMemo(
    () => (tracked.track ? holdsAt(tracked.track, ranks, step) : null),
    [tracked.track, ranks, step],
  );
  useHoldersOnPicture(tracked.track, ranks, marked?.col ?? null);
  const local = useMemo(
    () => (tracked.track ? localStepsCarrying(tracked.track, t) : null),
    [tracked.track, t],
  );
  const view = {
    left: scroll.left,
    top: scroll.top,
    width: Math.min(size.width, L.width),
    height: Math.min(size.height, L.height),
  };

  useEffect(() => {
    const c = canvas.current;
    if (!c || view.width <= 0 || view.height <= 0) return;
    const ctx = setupCanvas(c, view.width, view.height);
    if (ctx)
      drawThreadblocks(ctx, t, g, L, view, {
        step,
        cursor,
        marked,
        carried: tracked.track?.carried ?? null,
        local,
        holds,
      });
    // `view` is made from these each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, g, L, scroll, size, step, cursor, marked, tracked, local, holds, theme]);

  // The step shown stays in view while playing or stepping.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !el.clientWidth) return;
    const at = scrollToCell(L, { row: Math.floor(el.scrollTop / L.rowH), col: step }, viewOf(el));
    if (at.left !== el.scrollLeft) el.scrollLeft = at.left;
  }, [step, L]);

  const goTo = (cell: Cell) => {
    const el = scroller.current;
    if (!el) return;
    const at = scrollToCell(L, cell, viewOf(el));
    el.scrollLeft = at.left;
    el.scrollTop = at.top;
  };
  const open = (cell: Cell) => {
    const app = useApp.getState();
    app.setPlaying(false);
    setMarked(cell);
    app.setStep(Math.min(cell.col, result.schedule.stepCount));
    const i = cellMessage(g, cell.row, cell.col);
    const transfer = i >= 0 ? g.transfer[i] : -1;
    app.setHighlight(transfer >= 0 ? transferNodes(result, transfer) : [t.rank[g.rowStart[cell.row]]]);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? { row: 0, col: step };
    const page = Math.max(1, Math.floor((size.height - L.headerH) / L.rowH) - 1);
    const next = movedCursor(e.key, e.shiftKey, at, cursor !== null, {
      rows: g.rows,
      lastCol: g.columns,
      page,
    });
    if (e.key === 'Enter' || e.key === ' ') open(at);
    else if (next) {
      setCursor(next);
      goTo(next);
    } else return;
    e.preventDefault();
  };
  const shown = cursor ?? marked;
  return (
    <div className="flex h-full min-h-0 w-full min-w-0 flex-col" data-testid="threadblock-view">
      <details className="px-2 pt-1 text-sm text-text">
        <summary className="cursor-pointer" data-testid="threadblock-summary">
          {g.rows.toLocaleString('en-US')} threadblock{g.rows === 1 ? '' : 's'} × {g.columns} step
          {g.columns === 1 ? '' : 's'}
        </summary>
        A row per threadblock (r rank, tb id, →/← the ranks it sends to and receives from, ch its channel); a
        cell holds the file&apos;s step that finished in that step: s send, r receive, rcs receive-copy-send,
        rrc receive-reduce-copy, rrs receive-reduce-send, cpy copy, re reduce, with its chunk (i input, o
        output, s scratch; +n more steps in the cell). Dashed: a local step; thick: the critical path; filled
        orange: it carries the tracked chunk; a dotted line: the threadblock waits (for its message, a
        dependency, or where a stretched schedule moved its message).
      </details>
      <ChunkPicker result={result} tracked={tracked} holds={holds} step={step} key={tracked.text} />
      <div
        ref={scroller}
        className="relative min-h-28 flex-1 overflow-auto rounded focus:outline focus:outline-2 focus:outline-focus"
        {...keyRegion(
          'timeline',
          'Threadblocks of every rank, step by step. Arrow keys move the cell, Enter opens its step and marks its message.',
        )}
        data-testid="threadblock-grid"
        data-rows={g.rows}
        data-columns={g.columns}
        data-layout={[L.labelW, L.headerH, L.colW, L.rowH].join(',')}
        data-marked={marked ? `${marked.row},${marked.col}` : ''}
        onScroll={(e) => setScroll({ left: e.currentTarget.scrollLeft, top: e.currentTarget.scrollTop })}
        onKeyDown={onKey}
        onFocus={() => setCursor((c) => c ?? { row: 0, col: step })}
        onClick={(e) => {
          const el = e.currentTarget;
          const r = el.getBoundingClientRect();
          const cell = cellAt(L, g, e.clientX - r.left, e.clientY - r.top, el.scrollLeft, el.scrollTop);
          if (!cell) return;
          setCursor(cell);
          open(cell);
        }}
      >
        <div style={{ width: L.width, height: L.height }}>
          <canvas ref={canvas} className="sticky left-0 top-0 block" />
        </div>
      </div>
      <p
        className="max-h-16 shrink-0 overflow-y-auto px-2 text-sm text-text"
        aria-live="polite"
        data-testid="threadblock-cell"
      >
        {shown
          ? `${shown === cursor ? 'Cell' : 'Opened'}: ${cellWords(t, g, shown.row, shown.col)}`
          : 'Click a cell (or focus the grid and press Enter) to open its step with its message marked.'}
      </p>
    </div>
  );
}

const viewOf = (el: HTMLElement) => ({
  left: el.scrollLeft,
  top: el.scrollTop,
  width: el.clientWidth,
  height: el.clientHeight,
});
