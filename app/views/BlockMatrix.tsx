import { useEffect, useId, useMemo, useState } from 'react';
import { findCard } from '../../src/cards';
import { pairBlock } from '../../src/kernel/model/block-pairs';
import type { BlockPictures } from '../../src/kernel/model/block-pictures';
import { location } from '../../src/kernel/replay/holding-queries';
import type { RunResult } from '../../src/result';
import { usePicturesOf } from '../store/pictures';
import { COLORS, cssRgb, palette } from '../lib/colors';
import {
  blendShares,
  blockMarks,
  colourShares,
  drawCellMarks,
  MARK_MIN_CELL,
  markColourOn,
  shareColourMatrix,
} from './matrixStates';
import { StateLegend, type LegendEntry } from './StateLegend';
import { matrixPicture, ringCell } from './matrixPicture';
import { useFramePicture } from '../scene/currentFrame';
import { canDraw, TooSmall } from './TooSmall';
import { plural } from '../lib/format';
import { bitmapsInTurn } from './bitmapsInTurn';
import { useMatrixPane } from './useMatrixPane';

/**
 * All-to-all blocks as a source × destination matrix: where is block B[r, d] now? Pale: still at its
 * source; orange, crossed by a diagonal: on its way (at a relay); blue: at its destination, with a dot
 * in the step it arrived (colour-blind-safe colours of the theme, and marks besides colour where the
 * cells are big enough; a cell of several blocks blends by share). Click a cell for the block's
 * digits and its route phase by phase; from the keyboard, Tab to the matrix and move between cells
 * with the arrow keys (Home, End: the row's ends), the route written below as for a click.
 */
export function BlockMatrix({ result, step }: { result: RunResult; step: number }) {
  const [selected, setSelected] = useState<{ r: number; d: number } | null>(null);
  const n = result.realNodes;
  const pane = useMatrixPane({ rows: n, cols: n, across: 'destination d →', down: '← source r' });
  const { box, canvas, width, height, margins: MARGIN, side } = pane;
  // The pictures hold shares; the theme's colours are applied as they are drawn (an SVG colour matrix).
  const states = pane.colours.blockStates;
  const filterId = `block-states-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // Pictures of every step, made in the worker right after the result (null until they arrive).
  const pictures = usePicturesOf(result);
  const bitmaps = useStepBitmaps(pictures);
  const shown = pictures ? Math.min(step, pictures.steps.length - 1) : 0;
  // Until the step's bitmap is decoded, its pixels are copied on this thread (a few ms).
  const bitmap = useMemo(() => {
    if (!pictures) return null;
    const ready = bitmaps?.[shown];
    if (ready) return ready;
    const c = new OffscreenCanvas(pictures.size, pictures.size);
    c.getContext('2d')?.putImageData(
      new ImageData(pictures.steps[shown], pictures.size, pictures.size),
      0,
      0,
    );
    return c;
  }, [pictures, bitmaps, shown]);
  // Marks besides colour, where a cell is wide enough to carry one.
  const cellPx = pictures ? side / pictures.size : 0;
  const marks = useMemo(
    () =>
      pictures && cellPx >= MARK_MIN_CELL
        ? blockMarks(pictures.steps[shown], shown > 0 ? pictures.steps[shown - 1] : null)
        : null,
    [pictures, shown, cellPx],
  );

  useEffect(() => {
    const ctx = pane.startDrawing();
    if (!ctx) return;
    if (bitmap) {
      ctx.filter = `url(#${filterId})`;
      ctx.drawImage(bitmap, MARGIN.left, MARGIN.top, side, side);
      ctx.filter = 'none';
      if (marks && pictures) {
        const grid = { left: MARGIN.left, top: MARGIN.top, cw: cellPx, ch: cellPx };
        drawCellMarks(ctx, marks.transit, pictures.size, 'diagonal', grid, markColourOn(states.transit));
        drawCellMarks(ctx, marks.arrived, pictures.size, 'dot', grid, markColourOn(states.home));
      }
    } else {
      ctx.fillStyle = COLORS.muted;
      ctx.font = '16px system-ui, sans-serif';
      ctx.fillText('preparing the picture…', MARGIN.left + 8, MARGIN.top + 24);
    }
    // The frame, axis titles and row and column numbers: the same on every step.
    pane.drawFrame(ctx);
    if (selected) ringCell(ctx, MARGIN, side, n, n, { row: selected.r, col: selected.d });
  }, [pane, bitmap, side, selected, n, MARGIN, filterId, marks, pictures, cellPx, states]);

  useFramePicture(
    matrixPicture({
      name: 'blocks',
      title: `Blocks by source and destination, ${result.algorithm}, step ${step} of ${result.schedule.stepCount}`,
      image: () => (pictures ? colouredPicture(pictures, shown, states) : null),
      rows: n,
      cols: n,
      across: 'destination d →',
      down: '← source r',
      legend: () =>
        blockLegend(states, false).map((e) => ({
          label: e.words,
          mark: Array.isArray(e.fill[0]) ? 'strip' : 'swatch',
          colours: Array.isArray(e.fill[0])
            ? (e.fill as readonly (readonly number[])[]).map(cssRgb)
            : [cssRgb(e.fill as readonly number[])],
        })),
      selected: selected && { row: selected.r, col: selected.d },
    }),
    'detail',
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1 cursor-crosshair"
        data-testid="block-matrix"
        data-ready={bitmap ? 1 : 0}
        data-left={MARGIN.left}
        data-top={MARGIN.top}
        data-side={side}
        data-selected={selected ? `${selected.r},${selected.d}` : ''}
        tabIndex={0}
        role="group"
        aria-roledescription="block matrix"
        aria-label={`Blocks by source and destination, step ${step}: arrow keys choose a block`}
        aria-describedby={selected ? 'block-route' : undefined}
        onFocus={(e) => {
          // Reached from the keyboard, the first block to follow: B[0, 1] (B[0, 0] stays put in every
          // collective). Not on a click: its block is the one clicked, and choosing B[0, 1] first
          // would show its route, shrink the matrix under the pointer and send the click elsewhere.
          if (!selected && n > 1 && e.currentTarget.matches(':focus-visible')) setSelected({ r: 0, d: 1 });
        }}
        onKeyDown={(e) => {
          const at = selected ?? { r: 0, d: 0 };
          const to = matrixKeyTarget(at, e.key, n);
          if (!to) return;
          e.preventDefault();
          e.stopPropagation();
          setSelected(to);
        }}
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const cell = pane.cellAt(e.clientX - rect.left, e.clientY - rect.top);
          if (cell) setSelected({ r: cell.row, d: cell.col });
        }}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          aria-hidden="true"
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
      </div>
      {/* The colour matrix that turns the pictures' shares into the theme's colours. */}
      <svg width="0" height="0" className="absolute" aria-hidden="true">
        <filter id={filterId} colorInterpolationFilters="sRGB">
          <feColorMatrix type="matrix" values={shareColourMatrix(states)} />
        </filter>
      </svg>
      <StateLegend entries={blockLegend(states, marks !== null)} testId="block-legend" />
      {!selected && (
        <p className="px-2 text-center text-sm text-muted">
          click a cell (or Tab here and use the arrow keys) to follow its block
        </p>
      )}
      {selected && <BlockRoute result={result} step={step} r={selected.r} d={selected.d} />}
    </div>
  );
}

/** A step's share picture in the states' colours, on a canvas of its own (for a picture out). */
function colouredPicture(
  pictures: BlockPictures,
  step: number,
  states: ReturnType<typeof palette>['blockStates'],
): OffscreenCanvas {
  const c = new OffscreenCanvas(pictures.size, pictures.size);
  const pixels = colourShares(pictures.steps[step], states);
  c.getContext('2d')?.putImageData(new ImageData(pixels, pictures.size, pictures.size), 0, 0);
  return c;
}

/**
 * The block matrix's legend: the three states, the marks when they are drawn, and the blend a cell
 * of several blocks (or a pixel of several cells) takes.
 */
export function blockLegend(
  states: ReturnType<typeof palette>['blockStates'],
  withMarks: boolean,
): LegendEntry[] {
  return [
    { fill: states.source, words: 'at its source' },
    { fill: states.transit, mark: withMarks ? 'diagonal' : undefined, words: 'on its way' },
    { fill: states.home, words: 'delivered' },
    ...(withMarks ? [{ fill: states.home, mark: 'dot' as const, words: 'delivered in this step' }] : []),
    {
      fill: [states.source, blendShares(states, 0.5, 0.5), states.home],
      words: 'blend: several blocks in a cell, by share',
    },
  ];
}

/** The cell an arrow key (Home, End: the row's ends) moves to from `at` in an n × n matrix, or null. */
export function matrixKeyTarget(
  at: { r: number; d: number },
  key: string,
  n: number,
): { r: number; d: number } | null {
  const clamp = (v: number) => Math.max(0, Math.min(n - 1, v));
  switch (key) {
    case 'ArrowUp':
      return { r: clamp(at.r - 1), d: at.d };
    case 'ArrowDown':
      return { r: clamp(at.r + 1), d: at.d };
    case 'ArrowLeft':
      return { r: at.r, d: clamp(at.d - 1) };
    case 'ArrowRight':
      return { r: at.r, d: clamp(at.d + 1) };
    case 'Home':
      return { r: at.r, d: 0 };
    case 'End':
      return { r: at.r, d: n - 1 };
    default:
      return null;
  }
}

/** Blocks of the pair (r, d): one, or two halves in mirrored Bruck (none for r = d in multi-scatter). */
function blocksOf(result: RunResult, r: number, d: number): number[] {
  const n = result.realNodes;
  const table = result.schedule.blocks;
  if (table.kind === 'pairs') return r === d ? [] : [pairBlock(table.nodes, r, d)];
  const per = result.schedule.blocks.count / (n * n);
  return Array.from({ length: per }, (_, i) => (r * n + d) * per + i);
}

/** The selected block's digits and where it is after every phase. */
function BlockRoute({ result, step, r, d }: { result: RunResult; step: number; r: number; d: number }) {
  const S = result.schedule.stepCount;
  const ring = result.topology.nodeCount;
  const blocks = blocksOf(result, r, d);
  const route = findCard(result.algorithm)?.blockRoute;
  const digits = route
    ? route(result.params, r, d, ring, S)
    : `goes from ${r} to ${d} in ${plural(S, 'phase')}`;
  return (
    <div
      className="border-t border-divider px-3 py-2 text-base"
      id="block-route"
      aria-live="polite"
      data-testid="block-route"
    >
      <div className="font-semibold">
        Block B[{r}, {d}]{blocks.length > 1 ? ` (${blocks.length} halves)` : ''}: {digits}
      </div>
      {blocks.map((b, i) => (
        <div key={b} className="flex flex-wrap items-center gap-1 text-sm">
          {blocks.length > 1 && <span className="text-muted">half {i}:</span>}
          {Array.from({ length: S + 1 }, (_, k) => {
            const at = location(result.holdings, b, k);
            const moved = k > 0 && at !== location(result.holdings, b, k - 1);
            return (
              <span
                key={k}
                className={`rounded px-1.5 ${k === step ? 'bg-inverse text-surface' : 'bg-panel'}`}
              >
                {k === 0
                  ? 'start'
                  : result.schedule.collective === 'multiscatter'
                    ? `step ${k}`
                    : `P${k - 1}`}
                : {at}
                {moved ? '' : k > 0 ? ' (stays)' : ''}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * The pictures of every step as ImageBitmaps, decoded off the page's thread once they arrive, so a
 * step while playing only draws a ready bitmap (copying a large picture's pixels each step made
 * frames of 60–80 ms at ReTri 2187). Null until decoded; closed when the pictures change.
 */
function useStepBitmaps(pictures: BlockPictures | null): ImageBitmap[] | null {
  const [bitmaps, setBitmaps] = useState<{ of: BlockPictures; list: ImageBitmap[] } | null>(null);
  useEffect(() => {
    if (!pictures) return;
    let alive = true;
    let made: ImageBitmap[] = [];
    // One step's bitmap per task (bitmapsInTurn): all at once put every copy of pixels in one task.
    bitmapsInTurn(
      pictures.steps,
      (px) => createImageBitmap(new ImageData(px, pictures.size, pictures.size)),
      () => alive,
    ).then(
      (list) => {
        if (!list) return;
        made = list;
        setBitmaps({ of: pictures, list });
      },
      () => undefined, // not decodable: the pixels are copied per step instead
    );
    return () => {
      alive = false;
      for (const b of made) b.close();
    };
  }, [pictures]);
  return bitmaps && bitmaps.of === pictures ? bitmaps.list : null;
}
