import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { LinkLoad } from '../../../src/kernel/replay/link-load';
import { movedCursor } from '../../lib/gridCursor';
import type { RunResult } from '../../../src/result';
import { usePalette } from '../../lib/theme';
import { useTypeScale } from '../../lib/typeScale';
import { setupCanvas, useSize } from '../../lib/useSize';
import { usePainter } from '../usePainter';
import { canDraw, TooSmall } from '../TooSmall';
import { binAt } from './linkLoadPicture';
import { drawGrid, drawMarks, plotBox } from './drawLinkLoad';
import { useLinkLoadOf } from './linkLoadStore';
import { linkName } from './linkNames';
import { markLinks, useMarkedCell } from '../markedLinks';
import { BusiestLists, LoadLegend } from './BusiestLists';
import { keyRegion } from '../../lib/keyRegion';

/**
 * Link load over time: a links × steps heatmap (links grouped by kind, in network order; colour =
 * transfers over channels), counted once per schedule in the worker. A click (or Enter on the
 * focused map) opens that step and marks that link on the network picture; the busiest links and
 * steps are listed beside it.
 */
export function LinkLoadView({ result, step }: { result: RunResult; step: number }) {
  const load = useLinkLoadOf(result);
  if (!load)
    return (
      <p className="p-3 text-sm text-text" data-testid="link-load-view" data-ready="0">
        Counting how full every link is in every step…
      </p>
    );
  return <LinkLoadBody result={result} load={load} step={step} />;
}

/** Opens `step` with `link` marked: the step on the timeline, the link and its ends on the network picture. */
export function openCell(result: RunResult, link: number, step: number): void {
  markLinks(result, [link], step);
}

function LinkLoadBody({ result, load, step }: { result: RunResult; load: LinkLoad; step: number }) {
  const outer = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const { width } = useSize(outer);
  const size = useSize(box);
  const painter = usePainter(base);
  const theme = usePalette();
  const type = useTypeScale();
  const marked = useMarkedCell(result);
  /** The keyboard's cell: a bin of the grid. */
  const [cursor, setCursor] = useState<{ row: number; col: number } | null>(null);
  const drawable = canDraw(size.width, size.height);

  useEffect(() => {
    if (!drawable) return;
    painter.request(size.width, size.height, (ctx) => drawGrid(ctx, result, load, size, type));
  }, [painter, result, load, size, drawable, type, theme]);

  useEffect(() => {
    const c = overlay.current;
    if (!c || !drawable) return;
    const ctx = setupCanvas(c, size.width, size.height);
    if (ctx) drawMarks(ctx, load, plotBox(result, load, size, type), step, marked?.link ?? -1, cursor);
  }, [result, load, size, drawable, type, theme, step, marked, cursor]);

  const open = (bin: number) => openCell(result, load.hotLink[bin], load.hotStep[bin]);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? { row: 0, col: 0 };
    const next = movedCursor(e.key, e.shiftKey, at, cursor !== null, {
      rows: load.rows,
      lastCol: load.cols - 1,
    });
    if (e.key === 'Enter' || e.key === ' ') open(at.row * load.cols + at.col);
    else if (next) setCursor(next);
    else return;
    e.preventDefault();
  };

  const cursorBin = cursor ? cursor.row * load.cols + cursor.col : -1;
  const plot = plotBox(result, load, size, type);
  const side = width >= 620;
  const topo = result.topology;
  return (
    <div
      ref={outer}
      // Wide: the lists beside the map, all in view. Narrow: under it, the pane scrolls.
      className={`flex h-full min-h-0 w-full flex-col ${side ? '' : 'overflow-y-auto'}`}
      data-testid="link-load-view"
      data-ready="1"
      data-over={load.over}
      data-marked-link={marked?.link ?? ''}
    >
      <p className="px-2 pt-1 text-sm text-text">
        {load.linkCount.toLocaleString('en-US')} links × {load.stepCount.toLocaleString('en-US')} steps ·{' '}
        {load.totalUses.toLocaleString('en-US')} link uses · fullest {pct(load.maxRatio)} of its channels.
        {load.over > 0 && (
          <b className="text-danger">
            {' '}
            {load.over.toLocaleString('en-US')} link-steps carry more than their channels allow!
          </b>
        )}
      </p>
      <div className={`flex gap-2 ${side ? 'min-h-0 flex-1 flex-row' : 'flex-col'}`}>
        <div className={`flex min-w-0 flex-col ${side ? 'min-h-0 flex-1' : ''}`}>
          <div
            ref={box}
            className={`relative rounded ${side ? 'min-h-0 flex-1' : 'h-64 shrink-0'} focus:outline focus:outline-2 focus:outline-focus`}
            {...keyRegion(
              'heatmap',
              'Link load of every link in every step. Arrow keys move the cell, Enter opens its step and marks its link.',
            )}
            data-testid="link-load-map"
            data-rows={load.rows}
            data-cols={load.cols}
            data-plot={[plot.x, plot.y, plot.width, plot.height].join(',')}
            onKeyDown={onKey}
            onFocus={() => setCursor((c) => c ?? { row: 0, col: 0 })}
            onClick={(e) => {
              const r = e.currentTarget.getBoundingClientRect();
              const bin = binAt(load, plot, e.clientX - r.left, e.clientY - r.top);
              if (bin === null) return;
              setCursor({ row: Math.floor(bin / load.cols), col: bin % load.cols });
              open(bin);
            }}
          >
            <canvas ref={base} className={`absolute inset-0 ${drawable ? '' : 'invisible'}`} />
            <canvas ref={overlay} className={`absolute inset-0 ${drawable ? '' : 'invisible'}`} />
            {!drawable && <TooSmall width={size.width} height={size.height} />}
          </div>
          <p className="px-2 text-sm text-text" aria-live="polite" data-testid="link-load-cell">
            {cursorBin >= 0
              ? `Cell: ${cellText(result, load, cursorBin)}`
              : marked
                ? `Marked: ${linkName(topo, marked.link)} in step ${marked.step}.`
                : 'Click a cell (or focus the map and press Enter) to open its step with its link marked.'}
          </p>
          <LoadLegend />
        </div>
        <BusiestLists result={result} load={load} side={side} onOpen={(l, s) => openCell(result, l, s)} />
      </div>
    </div>
  );
}

const pct = (r: number) => `${Math.round(100 * r)}%`;

/** A bin in words: its busiest link and step, and how full that link is then. */
function cellText(result: RunResult, load: LinkLoad, bin: number): string {
  const r = load.ratio[bin];
  const link = linkName(result.topology, load.hotLink[bin]);
  const [a, b] = [load.colStart[bin % load.cols] + 1, load.colStart[(bin % load.cols) + 1]];
  const steps = a === b ? `step ${a}` : `steps ${a}–${b}`;
  return r > 0
    ? `${link} in step ${load.hotStep[bin]}: ${pct(r)} of its channels (the fullest cell of ${steps} here).`
    : `${link}, ${steps}: idle.`;
}
