import type { scaleLinear, scaleLog } from 'd3';
import type { Axis } from '../../src/kernel/experiment';
import { COLORS } from '../lib/colors';
import { typePx, type TypeScale } from '../views/canvasText';
import { axisTitle, formatTick, wrapTitle } from './axisFormat';

/** The chart's type, in the type scale: tick numbers and axis titles (desk sizes 13 and 14 px). */
export interface ChartType {
  tick: number;
  title: number;
}
export const chartType = (t: TypeScale): ChartType => ({ tick: typePx(t, 13), title: typePx(t, 14) });

/** Room around the plot for the numbers and one line of each title, grown with their type. */
const margins = (c: ChartType) => {
  const k = c.tick / 13;
  return { left: Math.round(78 * k), right: 36, top: 14, bottom: Math.round(52 * k) };
};
export type Margins = ReturnType<typeof margins>;

/** The distance between two lines of an axis title. */
const lineHeight = (c: ChartType) => Math.round(c.title * 1.25);

/**
 * The plot's margins and the axis titles in lines: a title longer than its side is broken between
 * words (never cut), and the margin grows by a line for each line more. The legend, `legendWidth`
 * px wide, stands right of the plot.
 */
export function chartLayout(
  x: Axis,
  y: Axis,
  text: ChartType,
  width: number,
  height: number,
  legendWidth: number,
) {
  const base = margins(text);
  const lh = lineHeight(text);
  const right = legendWidth > 0 ? legendWidth + 24 : base.right;
  const xTitle = axisTitle(x.label, x.unit, x.log);
  const yTitle = axisTitle(y.label, y.unit, y.log);
  const yLinesFor = (bottom: number) =>
    wrapTitle(yTitle, text.title, Math.max(40, height - base.top - bottom));
  // The y title's lines take room from the x title's side and back: measured once, then again.
  let yLines = yLinesFor(base.bottom);
  let xLines: string[] = [];
  for (let round = 0; round < 2; round++) {
    const left = base.left + (yLines.length - 1) * lh;
    xLines = wrapTitle(xTitle, text.title, Math.max(40, width - left - right));
    yLines = yLinesFor(base.bottom + (xLines.length - 1) * lh);
  }
  const M: Margins = {
    left: base.left + (yLines.length - 1) * lh,
    right,
    top: base.top,
    bottom: base.bottom + (xLines.length - 1) * lh,
  };
  return { M, xLines, yLines, xTitle, yTitle, lineHeight: lh };
}
export type ChartLayout = ReturnType<typeof chartLayout>;

export type Scale = ReturnType<typeof scaleLinear<number>> | ReturnType<typeof scaleLog<number>>;

export function Axes({
  sx,
  sy,
  x,
  y,
  width,
  height,
  layout,
  text,
  integerX,
}: {
  sx: Scale;
  sy: Scale;
  x: Axis;
  y: Axis;
  width: number;
  height: number;
  layout: ChartLayout;
  text: ChartType;
  /** Every x is a whole number (depths, counts): no fractional ticks. */
  integerX: boolean;
}) {
  const { M, xLines, yLines, lineHeight: lh } = layout;
  const bottom = height - M.bottom;
  // Fewer ticks as their numbers grow, so that they keep their distance.
  const k = text.tick / 13;
  const xt = ticksOf(sx, x.log, Math.max(2, Math.floor(width / (90 * k))), x.unit).filter(
    (t) => !integerX || Number.isInteger(t),
  );
  const yt = ticksOf(sy, y.log, Math.max(2, Math.floor(height / (50 * k))), y.unit);
  return (
    <g className="text-muted" fontSize={text.tick}>
      {yt.map((t) => (
        <g key={`y${t}`}>
          <line x1={M.left} x2={width - M.right} y1={sy(t)} y2={sy(t)} stroke={COLORS.nodeEmpty} />
          <text x={M.left - 6} y={sy(t)} dy="0.32em" textAnchor="end" fill="currentColor">
            {formatTick(t, y.unit)}
          </text>
        </g>
      ))}
      {xt.map((t) => (
        <g key={`x${t}`}>
          <line x1={sx(t)} x2={sx(t)} y1={bottom} y2={bottom + 5} stroke={COLORS.muted} />
          <text x={sx(t)} y={bottom + 5 + text.tick} textAnchor="middle" fill="currentColor">
            {formatTick(t, x.unit)}
          </text>
        </g>
      ))}
      <line x1={M.left} x2={width - M.right} y1={bottom} y2={bottom} stroke={COLORS.muted} />
      <line x1={M.left} x2={M.left} y1={M.top} y2={bottom} stroke={COLORS.muted} />
      <AxisTitle
        axis="x"
        title={layout.xTitle}
        lines={xLines}
        lineHeight={lh}
        fontSize={text.title}
        lineX={(M.left + width - M.right) / 2}
        x={(M.left + width - M.right) / 2}
        y={height - 10 - (xLines.length - 1) * lh}
      />
      <AxisTitle
        axis="y"
        title={layout.yTitle}
        lines={yLines}
        lineHeight={lh}
        fontSize={text.title}
        lineX={0}
        transform={`translate(${Math.round(16 * k)},${(M.top + bottom) / 2}) rotate(-90)`}
      />
    </g>
  );
}

/** An axis's title, centred, one line under the other (`lineX`: where each line starts across). */
function AxisTitle({
  axis,
  title,
  lines,
  lineHeight,
  lineX,
  ...at
}: {
  axis: 'x' | 'y';
  title: string;
  lines: string[];
  lineHeight: number;
  lineX: number;
  fontSize: number;
  x?: number;
  y?: number;
  transform?: string;
}) {
  return (
    <text
      {...at}
      textAnchor="middle"
      fill={COLORS.text}
      data-testid={`chart-${axis}-title`}
      data-title={title}
    >
      {lines.map((line, i) => (
        <tspan key={i} x={lineX} dy={i ? lineHeight : 0}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * Tick values; a log axis keeps only powers of ten (or of two when the range is narrow), and a log
 * axis of bytes powers of two (1 KiB, 16 KiB, 256 KiB, …), which read as round binary sizes.
 */
function ticksOf(s: Scale, log: boolean, count: number, unit: string): number[] {
  if (log && unit === 'B') return powersOfTwo(s, count);
  const t = s.ticks(count);
  if (!log) return t;
  const decades = t.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  if (decades.length >= 2) return decades;
  return powersOfTwo(s, count);
}

/** Powers of two in the domain, every few so that at most about `count` remain. */
function powersOfTwo(s: Scale, count: number): number[] {
  const [a, b] = s.domain();
  const twos: number[] = [];
  for (let p = 2 ** Math.ceil(Math.log2(a)); p <= b; p *= 2) twos.push(p);
  if (twos.length <= count + 2) return twos;
  const every = 2 ** Math.ceil(Math.log2(twos.length / count));
  return twos.filter((v) => Math.round(Math.log2(v)) % every === 0);
}
