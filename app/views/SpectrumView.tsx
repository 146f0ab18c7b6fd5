import { INTERCONNECTS, interconnectOf } from '../../src/interconnects';
import { useEffect, useMemo, useRef } from 'react';
import {
  binSize,
  fillSpectrumGrid,
  gridShape,
  spectrumGrid,
  type SpectrumGrid,
} from '../../src/kernel/replay/spectrum';
import type { RunResult } from '../../src/result';
import { COLORS, wavelengthRgb } from '../lib/colors';
import { usePalette } from '../lib/theme';
import { useSize } from '../lib/useSize';
import type { Drawing } from './slicedPainter';
import { canDraw, TooSmall } from './TooSmall';
import { usePainter } from './usePainter';
import { typePx, type TypeScale } from './canvasText';
import { useTypeScale } from '../lib/typeScale';

/**
 * The drawing's type and the room it takes, in the view's type scale (lecture mode: 18 px and up):
 * a band's title, the wavelength and link numbers and the caption, the band's title row, the gap
 * between bands, the margin left of the bands for "λ63", and the rows under the last band.
 */
export function spectrumType(type: TypeScale) {
  const title = typePx(type, 14);
  const small = typePx(type, 12);
  return {
    title,
    small,
    label: title + 8,
    gap: title + small + 8,
    left: Math.ceil(small * 2.4) + 8,
    bottom: 2 * small + 12,
  };
}
type SpectrumType = ReturnType<typeof spectrumType>;

/**
 * How full the fibres are in the current step: one band per fibre direction, a column per link
 * (link i leaves node i), a row per wavelength; a cell is coloured by its wavelength when a
 * lightpath holds it. The numbers come counted from the worker (`StepStats.spectrum`); the picture
 * is filled from the step's transfers at the resolution it is drawn at, in slices (a bin stands for
 * several slots when there are more than pixels: 8,193 links × 61,440 wavelengths on a big star).
 */
export function SpectrumView({ result, step }: { result: RunResult; step: number }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const topo = result.topology;
  const n = topo.nodeCount;
  const ring = interconnectOf(topo.kind).spectrum.fibres === 2 && topo.linkCount === 2 * n;
  const bands = ring ? 2 : 1;
  const counts = result.stepStats.spectrum;
  const at = step - 1;
  const inRange = step >= 1 && step <= result.schedule.stepCount;
  const used = inRange ? counts.used[at] : 0;
  const clashes = inRange ? counts.clashes[at] : 0;
  const cw = inRange ? counts.firstFibre[at] : 0;

  const scale = useTypeScale();
  const type = useMemo(() => spectrumType(scale), [scale]);
  const grid = shapeFor(result, bands, width, height, type);
  const bin = binSize(grid);
  const channelName = interconnectOf(topo.kind).channel.name;

  const painter = usePainter(canvas);
  const theme = usePalette();
  useEffect(() => {
    if (!canDraw(width, height)) return;
    painter.request(width, height, (ctx) =>
      drawSpectrum(ctx, result, step, bands, captionsFor(result, ring), width, height, type),
    );
  }, [painter, result, step, bands, ring, width, height, theme, type]);

  const perBand = grid.linksPerBand * grid.channels;
  return (
    <div
      className="flex h-full min-h-0 w-full flex-col"
      data-testid="spectrum-view"
      data-used={used}
      data-text-px={Math.min(type.title, type.small)}
    >
      <p className="px-2 pt-1 text-sm text-text">
        Step {step}: <b>{used.toLocaleString('en-US')}</b> of {(bands * perBand).toLocaleString('en-US')}{' '}
        {ring ? 'link-wavelength' : 'link-channel'} slots busy ({pct(used, bands * perBand)})
        {ring && (
          <>
            {' '}
            — clockwise {pct(cw, perBand)}, counter-clockwise {pct(used - cw, perBand)}
          </>
        )}
        .{clashes > 0 && <b className="text-danger"> {clashes} slots used twice!</b>}
        {(bin.links > 1 || bin.channels > 1) && (
          <span data-testid="spectrum-bins">
            {' '}
            Each dot stands for up to {bin.links.toLocaleString('en-US')} link{bin.links > 1 ? 's' : ''} ×{' '}
            {bin.channels.toLocaleString('en-US')} {channelName}
            {bin.channels > 1 ? 's' : ''} and is coloured when any of them is busy.
          </span>
        )}
      </p>
      <div ref={box} className="relative min-h-0 flex-1">
        <canvas
          ref={canvas}
          className={`absolute inset-0 ${canDraw(width, height) ? '' : 'invisible'}`}
          role="img"
          aria-label={`Occupancy of links and wavelengths at step ${step}`}
        />
        {!canDraw(width, height) && <TooSmall width={width} height={height} />}
      </div>
    </div>
  );
}

const pct = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(b > 1000 ? 1 : 0) : 0}%`;

/** The plot's width and each band's height in a canvas of `width` × `height` (CSS px). */
function plotSize(width: number, height: number, bands: number, type: SpectrumType) {
  // Below the last band: a row of link numbers, then the caption.
  const bandH = Math.max(10, (height - type.label - (bands - 1) * type.gap - type.bottom) / bands);
  const plotW = Math.max(10, width - type.left - 10);
  return { plotW, bandH };
}

/** Pooled slots are drawn as dots this big at least (px), so that one busy slot among thousands shows. */
const DOT = 3;

/**
 * The picture's bins: a slot each where every slot has a pixel, else dots of DOT px (along each
 * axis on its own).
 */
function shapeFor(result: RunResult, bands: 1 | 2, width: number, height: number, type: SpectrumType) {
  const { plotW, bandH } = plotSize(width, height, bands, type);
  const links = Math.ceil(result.topology.linkCount / bands);
  const channels = result.stepStats.spectrum.channels;
  return gridShape(
    result.topology.linkCount,
    channels,
    bands,
    links <= plotW ? links : plotW / DOT,
    channels <= bandH ? channels : bandH / DOT,
  );
}

/** What the columns and rows are, longest first (the model's captions): the drawing uses the longest that fits. */
function captionsFor(result: RunResult, ring: boolean): string[] {
  const model = interconnectOf(result.topology.kind);
  // A two-fibre model whose links do not come as two fibres is read as plain links.
  const spectrum = ring || model.spectrum.fibres === 1 ? model.spectrum : INTERCONNECTS.generic.spectrum;
  return spectrum.captions(result.topology.nodeCount);
}

/** The step's busy bins, filled in slices, then each band as one image and its labels. */
function* drawSpectrum(
  ctx: CanvasRenderingContext2D,
  result: RunResult,
  step: number,
  bands: 1 | 2,
  captions: string[],
  width: number,
  height: number,
  type: SpectrumType,
): Drawing {
  const ring = bands === 2;
  const { label: LABEL, gap: GAP, left: LEFT } = type;
  const { plotW, bandH } = plotSize(width, height, bands, type);
  const g = spectrumGrid(shapeFor(result, bands, width, height, type));
  yield* fillSpectrumGrid(result.schedule, result.topology, step, g);
  const cols = g.linksPerBand;
  for (let band = 0; band < bands; band++) {
    const y0 = LABEL + band * (bandH + GAP);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(bandImage(g, band), LEFT, y0, plotW, bandH);
    ctx.strokeStyle = COLORS.fibre;
    ctx.strokeRect(LEFT - 0.5, y0 - 0.5, plotW + 1, bandH + 1);
    // Grid lines between cells when they are big enough to tell apart (one slot per bin).
    if (g.cols === cols && g.rows === g.channels && plotW / cols >= 6 && bandH / g.channels >= 6) {
      ctx.strokeStyle = COLORS.background;
      ctx.beginPath();
      for (let c = 1; c < cols; c++) {
        const x = LEFT + (c * plotW) / cols;
        ctx.moveTo(x, y0);
        ctx.lineTo(x, y0 + bandH);
      }
      for (let ch = 1; ch < g.channels; ch++) {
        const y = y0 + (ch * bandH) / g.channels;
        ctx.moveTo(LEFT, y);
        ctx.lineTo(LEFT + plotW, y);
      }
      ctx.stroke();
    }
    drawBandLabels(ctx, band, ring, g.channels, cols, y0, plotW, bandH, width, type);
    yield;
  }
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillStyle = COLORS.muted;
  ctx.font = `${type.small}px system-ui, sans-serif`;
  // The longest caption that fits the panel's width.
  const caption =
    captions.find((c) => ctx.measureText(c).width <= width - 20) ?? captions[captions.length - 1];
  ctx.fillText(caption, width - 10, height - 2);
}

/** One band's bins as an image, a pixel per bin: busy bins in their wavelength's colour (row 0 at the bottom). */
function bandImage(g: SpectrumGrid, band: number): OffscreenCanvas {
  const { cols, rows, channels, busy } = g;
  const img = new ImageData(cols, rows);
  const [fr, fg, fb] = rgbOf(COLORS.surface);
  for (let row = 0; row < rows; row++) {
    // A bin's colour: the wavelength in the middle of its rows.
    const [r, gr, b] = wavelengthRgb(Math.floor(((row + 0.5) * channels) / rows), channels);
    const from = (band * rows + row) * cols;
    let k = (rows - 1 - row) * cols * 4;
    for (let col = 0; col < cols; col++, k += 4) {
      const on = busy[from + col] !== 0;
      img.data[k] = on ? r : fr;
      img.data[k + 1] = on ? gr : fg;
      img.data[k + 2] = on ? b : fb;
      img.data[k + 3] = 255;
    }
  }
  const off = new OffscreenCanvas(cols, rows);
  off.getContext('2d')!.putImageData(img, 0, 0);
  return off;
}

function drawBandLabels(
  ctx: CanvasRenderingContext2D,
  band: number,
  ring: boolean,
  channels: number,
  cols: number,
  y0: number,
  plotW: number,
  bandH: number,
  width: number,
  type: SpectrumType,
): void {
  const LEFT = type.left;
  ctx.fillStyle = COLORS.text;
  ctx.font = `600 ${type.title}px system-ui, sans-serif`;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'left';
  ctx.fillText(ring ? (band === 0 ? 'Clockwise fibre' : 'Counter-clockwise fibre') : 'Links', LEFT, y0 - 4);
  ctx.font = `${type.small}px system-ui, sans-serif`;
  ctx.fillStyle = COLORS.muted;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.fillText(`λ${channels - 1}`, LEFT - 4, y0 + bandH / channels / 2);
  ctx.fillText('λ0', LEFT - 4, y0 + bandH - bandH / channels / 2);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const every = Math.max(1, Math.ceil(cols / Math.max(1, plotW / (type.small * 3.3))));
  for (let c = 0; c < cols; c += every) {
    // Kept inside the canvas: the last label may sit closer to the edge than half its width.
    const half = ctx.measureText(String(c)).width / 2;
    const x = Math.min(LEFT + ((c + 0.5) * plotW) / cols, width - half - 1);
    ctx.fillText(String(c), x, y0 + bandH + 3);
  }
}

function rgbOf(css: string): [number, number, number] {
  if (css.startsWith('#')) {
    const v = parseInt(css.slice(1), 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }
  const m = css.match(/\d+/g) ?? ['0', '0', '0'];
  return [Number(m[0]), Number(m[1]), Number(m[2])];
}
