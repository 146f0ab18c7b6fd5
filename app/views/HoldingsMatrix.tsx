import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunResult } from '../../src/run';
import { setupCanvas, useSize } from '../lib/useSize';
import { MatrixImage } from './matrixImage';

/**
 * Who holds which block: one row per node, one column per block (by origin). Grey: held before this
 * step; amber: arrived in this step; pale: not yet held. One pixel per cell, scaled up without
 * smoothing, so even thousands of nodes cost one image per step.
 */
export function HoldingsMatrix({ result, step }: { result: RunResult; step: number }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const [hover, setHover] = useState<{ node: number; block: number; x: number; y: number } | null>(null);
  const h = result.holdings;
  const rows = h.nodeCount;
  const cols = h.blockCount;
  const margin = { left: 44, top: 28 };
  const side = Math.max(40, Math.min(width - margin.left - 8, height - margin.top - 8));
  // One image per result, repainted incrementally as the step moves; drawn via an offscreen canvas.
  const picture = useMemo(() => {
    const image = new MatrixImage(result);
    return { image, canvas: new OffscreenCanvas(image.width, image.height) };
  }, [result]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const ctx = setupCanvas(c, width, height);
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    if (picture.image.moveTo(step)) picture.canvas.getContext('2d')?.putImageData(picture.image.image, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(picture.canvas, margin.left, margin.top, side, side);
    ctx.strokeStyle = '#94a3b8';
    ctx.strokeRect(margin.left - 0.5, margin.top - 0.5, side + 1, side + 1);
    // Axis titles and a few tick labels.
    ctx.fillStyle = '#0f172a';
    ctx.font = '600 14px system-ui, sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText('blocks →', margin.left, margin.top - 10);
    ctx.save();
    ctx.translate(14, margin.top + side);
    ctx.rotate(-Math.PI / 2);
    ctx.fillText('← nodes', 0, 0);
    ctx.restore();
    ctx.font = '12px system-ui, sans-serif';
    ctx.fillStyle = '#475569';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const every = Math.max(1, Math.ceil(rows / 16));
    for (let r = 0; r < rows; r += every)
      ctx.fillText(String(r), margin.left - 4, margin.top + ((r + 0.5) * side) / rows);
  }, [picture, step, width, height, side, rows, margin.left, margin.top]);

  return (
    <div
      ref={box}
      className="relative h-full w-full min-h-0"
      data-testid="holdings-matrix"
      onMouseMove={(e) => {
        const rect = e.currentTarget.getBoundingClientRect();
        const x = e.clientX - rect.left;
        const y = e.clientY - rect.top;
        const block = Math.floor(((x - margin.left) / side) * cols);
        const node = Math.floor(((y - margin.top) / side) * rows);
        setHover(block >= 0 && block < cols && node >= 0 && node < rows ? { node, block, x, y } : null);
      }}
      onMouseLeave={() => setHover(null)}
    >
      <canvas
        ref={canvas}
        className="absolute inset-0"
        role="img"
        aria-label={`Holdings matrix at step ${step}`}
      />
      {hover && (
        <div
          className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-slate-300 bg-white px-2 py-1 text-sm shadow"
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
  );
}

function cellText(r: RunResult, node: number, block: number, step: number): string {
  const a = r.holdings.arrival[node * r.holdings.blockCount + block];
  if (a > step)
    return `Node ${node} does not hold block ${block} yet${a === r.holdings.never ? '' : ` (arrives in step ${a})`}`;
  return a === 0
    ? `Node ${node} starts with block ${block}`
    : `Node ${node} holds block ${block} since step ${a}`;
}
