import { stepCounts } from '../../src/kernel/replay/step-counts';
import { useEffect, useMemo, useState } from 'react';
import type { RunResult } from '../../src/result';
import { firstArrival } from '../../src/kernel/replay/holding-queries';
import { MatrixImage } from './matrixImage';
import { matrixPicture } from './matrixPicture';
import { useFramePicture } from '../scene/currentFrame';
import { canDraw, TooSmall } from './TooSmall';
import { cssRgb } from '../lib/colors';
import { drawCellMarks, MARK_MIN_CELL, markColourOn } from './matrixStates';
import { StateLegend } from './StateLegend';
import { useMatrixPane } from './useMatrixPane';

/** Longest slice of a full matrix repaint, in ms (a main-thread task should stay under 50 ms). */
const SLICE_MS = 8;

/**
 * Who holds which block: one row per node, one column per block (by origin). Grey: held before this
 * step; orange with a dot (where cells are big enough): arrived in this step; pale: not yet held
 * (the theme's colours). One pixel per cell, scaled up without smoothing, so even thousands of nodes
 * cost one image per step.
 */
export function HoldingsMatrix({ result, step }: { result: RunResult; step: number }) {
  return result.holdings.kind === 'counts' ? (
    <CombinedCounts result={result} step={step} />
  ) : (
    <HoldingsPicture result={result} step={step} />
  );
}

/**
 * A reduction keeps no per-block holdings (a partial is a combination, not a set of copies): this tab
 * then says how far the combining has come, in numbers.
 */
function CombinedCounts({ result, step }: { result: RunResult; step: number }) {
  const { counts, min, max, full: complete } = stepCounts(result.holdings, step);
  const total = result.schedule.blocks.count;
  const f = (x: number) => x.toLocaleString('en-US');
  return (
    <div className="p-4 text-base text-text" data-testid="combined-counts">
      <p>
        This collective <b>combines</b> data: a processor holds one partial result, the combination of some
        contributions, not copies of blocks. The network picture shades each processor by how many it has
        combined.
      </p>
      <p className="mt-2">
        After {step === 0 ? 'the start' : `step ${step}`}: partials combine {f(min)} to {f(max)} of {f(total)}{' '}
        contributions; {f(complete)} of {f(counts.length)} processors hold the complete result.
      </p>
    </div>
  );
}

function HoldingsPicture({ result, step }: { result: RunResult; step: number }) {
  const [hover, setHover] = useState<{ node: number; block: number; x: number; y: number } | null>(null);
  const h = result.holdings;
  const rows = h.nodeCount;
  const cols = h.blockCount;
  const pane = useMatrixPane({ rows, cols, across: 'blocks →', down: '← nodes' });
  const { box, canvas, width, height, margins: MARGIN, side } = pane;
  // One image per result and theme, repainted incrementally as the step moves; drawn via an
  // offscreen canvas.
  const states = pane.colours.holdingStates;
  const picture = useMemo(() => {
    const image = new MatrixImage(result, states);
    return {
      image,
      pixels: new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height),
      canvas: new OffscreenCanvas(image.width, image.height),
    };
  }, [result, states]);
  // Arrived in this step, as a mark besides colour where cells are big enough (one pixel a cell).
  const arrivedCells = useMemo(() => {
    if (step === 0 || side / Math.max(rows, cols) < MARK_MIN_CELL) return null;
    const cells: number[] = [];
    for (let v = 0; v < rows; v++)
      for (let b = 0; b < cols; b++) if (firstArrival(h, v, b) === step) cells.push(v * cols + b);
    return cells;
  }, [h, rows, cols, side, step]);
  // Bumped whenever new pixels reach the offscreen canvas, to redraw.
  const [painted, setPainted] = useState(0);

  // Small changes are painted in one go; a full repaint runs in slices of SLICE_MS, one task each,
  // and the picture fills in row by row while it runs (a newer step restarts it).
  useEffect(() => {
    const image = picture.image;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      picture.canvas.getContext('2d')?.putImageData(picture.pixels, 0, 0);
      setPainted((x) => x + 1);
    };
    const slice = () => {
      if (!image.work(performance.now() + SLICE_MS)) timer = setTimeout(slice, 0);
      show();
    };
    // In a task of its own, not in the one that moved the step (which draws the other views too).
    timer = setTimeout(() => {
      if (image.begin(step)) {
        if (image.pending) slice();
        else show();
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [picture, step]);

  useEffect(() => {
    const ctx = pane.startDrawing();
    if (!ctx) return;
    ctx.drawImage(picture.canvas, MARGIN.left, MARGIN.top, side, side);
    if (arrivedCells) {
      const grid = { left: MARGIN.left, top: MARGIN.top, cw: side / cols, ch: side / rows };
      drawCellMarks(ctx, arrivedCells, cols, 'dot', grid, markColourOn(states.arrived));
    }
    // The frame, axis titles and a few tick labels: the same on every step.
    pane.drawFrame(ctx);
  }, [pane, picture, painted, side, rows, cols, MARGIN, arrivedCells, states]);

  useFramePicture(
    matrixPicture({
      name: 'holdings',
      title: `Holdings matrix (nodes × blocks), ${result.algorithm}, step ${step} of ${result.schedule.stepCount}`,
      image: picture.canvas,
      rows,
      cols,
      across: 'blocks →',
      down: '← nodes',
      legend: () => [
        { label: 'not held yet', mark: 'swatch', colours: [cssRgb(states.empty)] },
        { label: 'held', mark: 'swatch', colours: [cssRgb(states.held)] },
        picture.image.pool > 1
          ? {
              label: `blend: share held of ${picture.image.pool}² cells`,
              mark: 'strip',
              colours: [cssRgb(states.empty), cssRgb(states.held)],
            }
          : { label: 'arrived in this step', mark: 'swatch', colours: [cssRgb(states.arrived)] },
      ],
    }),
    'detail',
  );

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 w-full flex-1"
        data-testid="holdings-matrix"
        onMouseMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const x = e.clientX - rect.left;
          const y = e.clientY - rect.top;
          const cell = pane.cellAt(x, y);
          setHover(cell && { node: cell.row, block: cell.col, x, y });
        }}
        onMouseLeave={() => setHover(null)}
      >
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`Holdings matrix at step ${step}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
        {hover && (
          <div
            className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-border bg-surface px-2 py-1 text-sm shadow"
            style={{
              left: hover.x + 12,
              top: hover.y + 12,
              transform: hover.x > width - 260 ? 'translateX(calc(-100% - 24px))' : undefined,
            }}
          >
            {cellText(result, hover.node, hover.block, step)}
          </div>
        )}
      </div>
      <StateLegend
        testId="holdings-legend"
        entries={[
          { fill: states.empty, words: 'not held yet' },
          { fill: states.held, words: 'held' },
          // A pooled pixel shows the share held (arrivals are not told apart at that scale).
          picture.image.pool > 1
            ? {
                fill: [states.empty, states.held],
                words: `blend: share held of ${picture.image.pool}² cells`,
              }
            : { fill: states.arrived, mark: arrivedCells ? 'dot' : undefined, words: 'arrived in this step' },
        ]}
      />
    </div>
  );
}

function cellText(r: RunResult, node: number, block: number, step: number): string {
  const a = firstArrival(r.holdings, node, block);
  if (a > step)
    return `Node ${node} does not hold block ${block} yet${a === r.holdings.never ? '' : ` (arrives in step ${a})`}`;
  return a === 0
    ? `Node ${node} starts with block ${block}`
    : `Node ${node} holds block ${block} since step ${a}`;
}
