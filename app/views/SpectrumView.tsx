import { INTERCONNECTS, interconnectOf } from '../../src/interconnects';
import { useEffect, useMemo, useRef } from 'react';
import { spectrumOf, type Spectrum } from '../../src/kernel/replay/spectrum';
import type { RunResult } from '../../src/result';
import { COLORS, wavelengthColor } from '../lib/colors';
import { usePalette } from '../lib/theme';
import { setupCanvas, useSize } from '../lib/useSize';
import { canDraw, TooSmall } from './TooSmall';
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
 * lightpath holds it. Drawn as an image, so 2 × 4096 links × 64 wavelengths cost one blit.
 */
export function SpectrumView({ result, step }: { result: RunResult; step: number }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const sp = useMemo(() => spectrumOf(result.schedule, result.topology, step), [result, step]);
  const n = result.topology.nodeCount;
  const ring = interconnectOf(result.topology.kind).spectrum.fibres === 2 && sp.links === 2 * n;

  const theme = usePalette();
  const scale = useTypeScale();
  const type = useMemo(() => spectrumType(scale), [scale]);
  useEffect(() => {
    const c = canvas.current;
    if (!c || !canDraw(width, height)) return;
    const ctx = setupCanvas(c, width, height);
    if (ctx) drawSpectrum(ctx, sp, ring ? n : sp.links, ring, captionsFor(result, ring), width, height, type);
  }, [sp, n, ring, result, width, height, theme, type]);

  const perBand = ring ? n * sp.channels : sp.links * sp.channels;
  const busy = (from: number, to: number) => {
    let k = 0;
    for (let i = from * sp.channels; i < to * sp.channels; i++) if (sp.cell[i]) k++;
    return k;
  };
  const cw = ring ? busy(0, n) : sp.used;
  const ccw = ring ? busy(n, 2 * n) : 0;
  return (
    <div
      className="flex h-full min-h-0 w-full flex-col"
      data-testid="spectrum-view"
      data-used={sp.used}
      data-text-px={Math.min(type.title, type.small)}
    >
      <p className="px-2 pt-1 text-sm text-slate-700">
        Step {step}: <b>{sp.used.toLocaleString('en-US')}</b> of{' '}
        {(ring ? 2 * perBand : perBand).toLocaleString('en-US')} {ring ? 'link-wavelength' : 'link-channel'}{' '}
        slots busy ({pct(sp.used, ring ? 2 * perBand : perBand)})
        {ring && (
          <>
            {' '}
            — clockwise {pct(cw, perBand)}, counter-clockwise {pct(ccw, perBand)}
          </>
        )}
        .{sp.clashes > 0 && <b className="text-red-700"> {sp.clashes} slots used twice!</b>}
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

/** What the columns and rows are, longest first (the model's captions): the drawing uses the longest that fits. */
function captionsFor(result: RunResult, ring: boolean): string[] {
  const model = interconnectOf(result.topology.kind);
  // A two-fibre model whose links do not come as two fibres is read as plain links.
  const spectrum = ring || model.spectrum.fibres === 1 ? model.spectrum : INTERCONNECTS.generic.spectrum;
  return spectrum.captions(result.topology.nodeCount);
}

function drawSpectrum(
  ctx: CanvasRenderingContext2D,
  sp: Spectrum,
  cols: number,
  ring: boolean,
  captions: string[],
  width: number,
  height: number,
  type: SpectrumType,
): void {
  const { label: LABEL, gap: GAP, left: LEFT } = type;
  const bands = ring ? 2 : 1;
  // Below the last band: a row of link numbers, then the caption.
  const bandH = Math.max(10, (height - LABEL - (bands - 1) * GAP - type.bottom) / bands);
  const plotW = Math.max(10, width - LEFT - 10);
  const colors = Array.from({ length: sp.channels }, (_, ch) => rgb(wavelengthColor(ch, sp.channels)));
  // A free slot: the theme's quiet surface.
  const free = rgb(COLORS.surface);
  for (let band = 0; band < bands; band++) {
    const y0 = LABEL + band * (bandH + GAP);
    // One pixel per (link, wavelength), scaled up without smoothing.
    const img = new ImageData(cols, sp.channels);
    for (let col = 0; col < cols; col++)
      for (let ch = 0; ch < sp.channels; ch++) {
        const link = band * cols + col;
        const on = sp.cell[link * sp.channels + ch] !== 0;
        const [r, g, b] = on ? colors[ch] : free;
        const k = ((sp.channels - 1 - ch) * cols + col) * 4;
        img.data[k] = r;
        img.data[k + 1] = g;
        img.data[k + 2] = b;
        img.data[k + 3] = 255;
      }
    const off = new OffscreenCanvas(cols, sp.channels);
    off.getContext('2d')!.putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(off, LEFT, y0, plotW, bandH);
    ctx.strokeStyle = COLORS.fibre;
    ctx.strokeRect(LEFT - 0.5, y0 - 0.5, plotW + 1, bandH + 1);
    // Grid lines between cells when they are big enough to tell apart.
    if (plotW / cols >= 6 && bandH / sp.channels >= 6) {
      ctx.strokeStyle = COLORS.background;
      ctx.beginPath();
      for (let c = 1; c < cols; c++) {
        const x = LEFT + (c * plotW) / cols;
        ctx.moveTo(x, y0);
        ctx.lineTo(x, y0 + bandH);
      }
      for (let ch = 1; ch < sp.channels; ch++) {
        const y = y0 + (ch * bandH) / sp.channels;
        ctx.moveTo(LEFT, y);
        ctx.lineTo(LEFT + plotW, y);
      }
      ctx.stroke();
    }
    ctx.fillStyle = COLORS.text;
    ctx.font = `600 ${type.title}px system-ui, sans-serif`;
    ctx.textBaseline = 'bottom';
    ctx.textAlign = 'left';
    ctx.fillText(ring ? (band === 0 ? 'Clockwise fibre' : 'Counter-clockwise fibre') : 'Links', LEFT, y0 - 4);
    ctx.font = `${type.small}px system-ui, sans-serif`;
    ctx.fillStyle = COLORS.muted;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(`λ${sp.channels - 1}`, LEFT - 4, y0 + bandH / sp.channels / 2);
    ctx.fillText('λ0', LEFT - 4, y0 + bandH - bandH / sp.channels / 2);
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
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillStyle = COLORS.muted;
  // The longest caption that fits the panel's width.
  const caption =
    captions.find((c) => ctx.measureText(c).width <= width - 20) ?? captions[captions.length - 1];
  ctx.fillText(caption, width - 10, height - 2);
}

function rgb(css: string): [number, number, number] {
  if (css.startsWith('#')) {
    const v = parseInt(css.slice(1), 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  }
  const m = css.match(/\d+/g) ?? ['0', '0', '0'];
  return [Number(m[0]), Number(m[1]), Number(m[2])];
}
