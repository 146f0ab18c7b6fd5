import { useEffect, useMemo, useRef, useState } from 'react';
import { balancedTernary, centred } from '../../src/cost/reconfig-formulas';
import { location } from '../../src/replay/holdings';
import type { RunResult } from '../../src/run';
import { realNodes } from '../circuit/circuitFacts';
import { COLORS } from '../lib/colors';
import { setupCanvas, useSize } from '../lib/useSize';

const MARGIN = { left: 44, top: 28 };
const STATE_COLORS = {
  source: [226, 232, 240],
  transit: [245, 158, 11],
  home: [22, 163, 74],
} as const;

/**
 * All-to-all blocks as a source × destination matrix: where is block B[r, d] now? Pale: still at its
 * source; amber: on its way (at a relay); green: at its destination. Click a cell for the block's
 * digits and its route phase by phase.
 */
export function BlockMatrix({ result, step }: { result: RunResult; step: number }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const [selected, setSelected] = useState<{ r: number; d: number } | null>(null);
  const n = realNodes(result);
  const side = Math.max(40, Math.min(width - MARGIN.left - 8, height - MARGIN.top - 8));
  const image = useMemo(() => blockImage(result, step, n), [result, step, n]);
  const bitmap = useMemo(() => {
    const c = new OffscreenCanvas(image.width, image.height);
    c.getContext('2d')?.putImageData(image, 0, 0);
    return c;
  }, [image]);

  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const ctx = setupCanvas(c, width, height);
    if (!ctx) return;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(bitmap, MARGIN.left, MARGIN.top, side, side);
    ctx.strokeStyle = '#94a3b8';
    ctx.strokeRect(MARGIN.left - 0.5, MARGIN.top - 0.5, side + 1, side + 1);
    if (selected) {
      const cell = side / n;
      ctx.strokeStyle = COLORS.highlight;
      ctx.lineWidth = 2;
      ctx.strokeRect(
        MARGIN.left + selected.d * cell - 1,
        MARGIN.top + selected.r * cell - 1,
        Math.max(3, cell) + 2,
        Math.max(3, cell) + 2,
      );
    }
    ctx.fillStyle = COLORS.text;
    ctx.font = '600 14px system-ui, sans-serif';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText('destination d →', MARGIN.left, MARGIN.top - 10);
    ctx.save();
    ctx.translate(14, MARGIN.top + side);
    ctx.rotate(-Math.PI / 2);
    ctx.fillText('← source r', 0, 0);
    ctx.restore();
  }, [bitmap, width, height, side, selected, n]);

  return (
    <div className="flex h-full min-h-0 w-full flex-col">
      <div
        ref={box}
        className="relative min-h-0 flex-1 cursor-crosshair"
        data-testid="block-matrix"
        onClick={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          const d = Math.floor(((e.clientX - rect.left - MARGIN.left) / side) * n);
          const r = Math.floor(((e.clientY - rect.top - MARGIN.top) / side) * n);
          if (r >= 0 && r < n && d >= 0 && d < n) setSelected({ r, d });
        }}
      >
        <canvas
          ref={canvas}
          className="absolute inset-0"
          role="img"
          aria-label={`Blocks by source and destination, step ${step}`}
        />
      </div>
      <div className="flex flex-wrap justify-center gap-x-4 px-2 text-sm text-slate-700">
        <span>■ at its source</span>
        <span style={{ color: 'rgb(245,158,11)' }}>■ on its way</span>
        <span style={{ color: 'rgb(22,163,74)' }}>■ delivered</span>
        {!selected && <span className="text-slate-500">click a cell to follow its block</span>}
      </div>
      {selected && <BlockRoute result={result} step={step} r={selected.r} d={selected.d} />}
    </div>
  );
}

/** Blocks of the pair (r, d): one, or two halves in mirrored Bruck. */
function blocksOf(result: RunResult, r: number, d: number): number[] {
  const n = realNodes(result);
  const per = result.schedule.blocks.count / (n * n);
  return Array.from({ length: per }, (_, i) => (r * n + d) * per + i);
}

/** The matrix picture at one step: one pixel per (r, d), or pooled when n is large. */
function blockImage(result: RunResult, step: number, n: number): ImageData {
  const pool = Math.max(1, Math.ceil(n / 600));
  const size = Math.ceil(n / pool);
  const home = new Float32Array(size * size);
  const moving = new Float32Array(size * size);
  const total = new Float32Array(size * size);
  const s = result.schedule;
  const d = s.blocks.destinations;
  const h = result.holdings;
  for (let b = 0; b < s.blocks.count; b++) {
    const r = s.blocks.origin[b];
    const dest = d.kind === 'list' ? d.nodes[d.offsets[b]] : r;
    const at = location(h, b, step);
    const cell = Math.floor(r / pool) * size + Math.floor(dest / pool);
    total[cell]++;
    if (at === dest) home[cell]++;
    else if (at !== r) moving[cell]++;
  }
  const img = new ImageData(size, size);
  for (let i = 0; i < size * size; i++) {
    const t = Math.max(1, total[i]);
    const fh = home[i] / t;
    const fm = moving[i] / t;
    const fs = 1 - fh - fm;
    for (let c = 0; c < 3; c++)
      img.data[i * 4 + c] = Math.round(
        STATE_COLORS.source[c] * fs + STATE_COLORS.transit[c] * fm + STATE_COLORS.home[c] * fh,
      );
    img.data[i * 4 + 3] = 255;
  }
  return img;
}

/** The selected block's digits and where it is after every phase. */
function BlockRoute({ result, step, r, d }: { result: RunResult; step: number; r: number; d: number }) {
  const S = result.schedule.stepCount;
  const ring = result.topology.nodeCount;
  const blocks = blocksOf(result, r, d);
  const digits =
    result.algorithm === 'retri'
      ? `balanced-ternary digits of Δ = ${centred(d - r, ring)}: (${balancedTernary(centred(d - r, ring), S)
          .map((t) => (t > 0 ? '+1' : t < 0 ? '−1' : '0'))
          .join(', ')}) for phases 0…${S - 1}`
      : result.algorithm === 'bruck'
        ? `binary digits (phase 0 first): clockwise half ${bitsOf((((d - r) % ring) + ring) % ring, S)}, mirrored half ${bitsOf((((r - d) % ring) + ring) % ring, S)}`
        : `goes straight, ${Math.abs(centred(d - r, ring))} circuits`;
  return (
    <div className="border-t border-slate-200 px-3 py-2 text-base" data-testid="block-route">
      <div className="font-semibold">
        Block B[{r}, {d}]{blocks.length > 1 ? ` (${blocks.length} halves)` : ''}: {digits}
      </div>
      {blocks.map((b, i) => (
        <div key={b} className="flex flex-wrap items-center gap-1 text-sm">
          {blocks.length > 1 && <span className="text-slate-500">half {i}:</span>}
          {Array.from({ length: S + 1 }, (_, k) => {
            const at = location(result.holdings, b, k);
            const moved = k > 0 && at !== location(result.holdings, b, k - 1);
            return (
              <span
                key={k}
                className={`rounded px-1.5 ${k === step ? 'bg-slate-800 text-white' : 'bg-slate-100'}`}
              >
                {k === 0 ? 'start' : `P${k - 1}`}: {at}
                {moved ? '' : k > 0 ? ' (stays)' : ''}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function bitsOf(x: number, s: number): string {
  return Array.from({ length: s }, (_, k) => (x >> k) & 1).join('');
}
