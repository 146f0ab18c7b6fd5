import { scaleLinear, scaleLog, schemeTableau10 } from 'd3';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Axis, PaperMark, SweepValue } from '../../src/kernel/experiment';
import { useTypeScale } from '../lib/typeScale';
import { useSize } from '../lib/useSize';
import { typePx, type TypeScale } from '../views/canvasText';
import { axisTitle, fitTitle, formatAxisValue, formatTick } from './axisFormat';
import { COLORS } from '../lib/colors';
import { usePalette } from '../lib/theme';

/** The chart's type, in the type scale: tick numbers and axis titles (desk sizes 13 and 14 px). */
interface ChartType {
  tick: number;
  title: number;
}
const chartType = (t: TypeScale): ChartType => ({ tick: typePx(t, 13), title: typePx(t, 14) });

/** Room around the plot for the numbers and titles, grown with their type. */
const margins = (c: ChartType) => {
  const k = c.tick / 13;
  return { left: Math.round(78 * k), right: 36, top: 14, bottom: Math.round(52 * k) };
};
type Margins = ReturnType<typeof margins>;

interface Series {
  name: string;
  color: string;
  points: SweepValue[];
}

/** One dot of the chart: a point of a series, from the formula or the constructed schedule. */
interface Dot {
  series: number;
  side: 'formula' | 'constructed';
  v: SweepValue;
}

/**
 * A sweep as a line chart: per series, the paper's closed form (dashed) and the constructed schedule
 * (solid, with a dot per point); numbers the paper prints as hollow diamonds beside them. Hovering
 * shows a point's values; clicking opens its configuration. From the keyboard the dots are one stop
 * of Tab: ← → move along a line, ↑ ↓ to the next line at the same x, and Enter opens the point; the
 * dot in focus shows the same box of values as hovering.
 */
export function LineChart({
  values,
  x,
  y,
  onPick,
  marks = [],
  formulaLabel = 'paper’s formula',
}: {
  values: readonly SweepValue[];
  x: Axis;
  y: Axis;
  onPick: (v: SweepValue) => void;
  marks?: readonly PaperMark[];
  formulaLabel?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useSize(box);
  const type = useTypeScale();
  const text = useMemo(() => chartType(type), [type]);
  // The legend stands right of the plot, which ends left of it: it covers no point.
  const legendBox = useRef<HTMLDivElement>(null);
  const legendWidth = useSize(legendBox).width;
  const M = useMemo(() => {
    const m = margins(text);
    return { ...m, right: legendWidth > 0 ? legendWidth + 24 : m.right };
  }, [text, legendWidth]);
  usePalette(); // drawn in the theme's colours: redrawn when it changes
  const [hover, setHover] = useState<{ v: SweepValue; side: 'formula' | 'constructed' } | null>(null);
  const [markHover, setMarkHover] = useState<PaperMark | null>(null);

  const series = useMemo(() => groupSeries(values), [values]);
  const { sx, sy } = useMemo(
    () => scales(values, marks, x, y, width, height, M),
    [values, marks, x, y, width, height, M],
  );
  const colourOf = (name: string) => series.find((s) => s.name === name)?.color ?? COLORS.node;
  const ok = (v: number | null): v is number => v !== null && Number.isFinite(v) && (!y.log || v > 0);
  // Every dot drawn, line by line (series × formula/constructed), each line by x.
  const dots = useMemo(() => {
    const drawn = (v: number | null) => v !== null && Number.isFinite(v) && (!y.log || v > 0);
    const out: Dot[] = [];
    series.forEach((s, i) => {
      for (const side of ['formula', 'constructed'] as const)
        for (const p of s.points) if (drawn(p[side])) out.push({ series: i, side, v: p });
    });
    return out;
  }, [series, y.log]);
  const [current, setCurrent] = useState(0);
  const dotEls = useRef<(SVGCircleElement | null)[]>([]);
  const focusable = Math.min(current, Math.max(0, dots.length - 1));
  const indexOf = (p: SweepValue, side: Dot['side']) => dots.findIndex((d) => d.v === p && d.side === side);
  const onKey = (e: KeyboardEvent, i: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(dots[i].v);
      return;
    }
    const to = chartKeyTarget(dots, i, e.key);
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    setCurrent(to);
    dotEls.current[to]?.focus();
  };
  /** Keyboard and screen-reader part of a dot: roving focus, its values in words, Enter opens it. */
  const dotProps = (p: SweepValue, side: Dot['side'], seriesName: string) => {
    const i = indexOf(p, side);
    const value = p[side];
    return {
      ref: (el: SVGCircleElement | null) => {
        dotEls.current[i] = el;
      },
      tabIndex: i === focusable ? 0 : -1,
      role: 'button',
      'aria-label':
        `${seriesName}, ${x.label} ${formatAxisValue(p.x, x.unit)}: ` +
        `${side === 'formula' ? 'formula' : 'constructed'} ${value === null ? '—' : formatAxisValue(value, y.unit)}` +
        `${side === 'constructed' ? (p.verified ? ', verified' : ', not verified') : ''}. Enter opens this configuration.`,
      onFocus: () => {
        setCurrent(i);
        setHover({ v: p, side });
      },
      onBlur: () => setHover(null),
      onKeyDown: (e: KeyboardEvent) => onKey(e, i),
    };
  };
  const path = (pts: SweepValue[], pick: (v: SweepValue) => number | null) =>
    pts
      .filter((p) => ok(pick(p)))
      .map((p, i) => `${i ? 'L' : 'M'}${sx(p.x).toFixed(1)},${sy(pick(p)!).toFixed(1)}`)
      .join('');

  return (
    <div ref={box} className="relative h-full min-h-0 w-full" data-testid="line-chart">
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="group"
          aria-label={`${y.label} against ${x.label}: arrow keys move between the points, Enter opens one`}
        >
          <Axes
            sx={sx}
            sy={sy}
            x={x}
            y={y}
            width={width}
            height={height}
            M={M}
            text={text}
            integerX={values.length > 0 && values.every((v) => Number.isInteger(v.x))}
          />
          {series.map((s) => (
            <g key={s.name}>
              <path
                d={path(s.points, (p) => p.formula)}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeDasharray="6 4"
              />
              <path d={path(s.points, (p) => p.constructed)} fill="none" stroke={s.color} strokeWidth={2.5} />
              {s.points.map((p) => (
                <g key={p.x}>
                  {ok(p.formula) && (
                    <circle
                      cx={sx(p.x)}
                      cy={sy(p.formula)}
                      r={4}
                      fill={COLORS.background}
                      stroke={s.color}
                      strokeWidth={2}
                      className="cursor-pointer"
                      data-testid="chart-point"
                      data-series={s.name}
                      data-x={p.x}
                      data-kind="formula"
                      {...dotProps(p, 'formula', s.name)}
                      onMouseEnter={() => setHover({ v: p, side: 'formula' })}
                      onMouseLeave={() => setHover(null)}
                      onClick={() => onPick(p)}
                    />
                  )}
                  {ok(p.constructed) && (
                    <circle
                      cx={sx(p.x)}
                      cy={sy(p.constructed)}
                      r={5}
                      fill={s.color}
                      className="cursor-pointer"
                      data-testid="chart-point"
                      data-series={s.name}
                      data-x={p.x}
                      data-kind="constructed"
                      {...dotProps(p, 'constructed', s.name)}
                      onMouseEnter={() => setHover({ v: p, side: 'constructed' })}
                      onMouseLeave={() => setHover(null)}
                      onClick={() => onPick(p)}
                    />
                  )}
                </g>
              ))}
            </g>
          ))}
          {marks
            .filter((m) => ok(m.y))
            .map((m) => {
              const [cx, cy, r] = [sx(m.x) + 9, sy(m.y), 6];
              return (
                <path
                  key={`${m.series}/${m.x}`}
                  d={`M${cx},${cy - r}L${cx + r},${cy}L${cx},${cy + r}L${cx - r},${cy}Z`}
                  fill={COLORS.background}
                  stroke={colourOf(m.series)}
                  strokeWidth={2.5}
                  data-testid="paper-mark"
                  role="img"
                  aria-label={`${m.series}: the paper prints ${formatAxisValue(m.y, y.unit)} for ${x.label} ${formatAxisValue(m.x, '')} (${m.where})`}
                  data-series={m.series}
                  data-x={m.x}
                  onMouseEnter={() => setMarkHover(m)}
                  onMouseLeave={() => setMarkHover(null)}
                />
              );
            })}
        </svg>
      )}
      <div ref={legendBox} className="absolute right-2 top-2">
        <Legend series={series} formulaLabel={formulaLabel} marks={marks.length > 0} type={type} />
      </div>
      {hover && <PointTooltip hover={hover} x={x} y={y} left={sx(hover.v.x)} width={width} top={M.top} />}
      {markHover && (
        <div
          className="pointer-events-none absolute z-10 w-64 rounded-md border border-slate-300 bg-white p-2 text-sm shadow-lg"
          style={{ left: Math.min(sx(markHover.x) + 16, width - 270), top: M.top }}
          data-testid="paper-mark-tooltip"
        >
          <div className="font-semibold">{markHover.series}</div>
          <div>
            the paper prints {formatAxisValue(markHover.y, y.unit)} for {x.label}{' '}
            {formatAxisValue(markHover.x, '')} ({markHover.where})
          </div>
          <div className="mt-1 text-xs text-slate-600">
            A number to compare with, not one we compute: see Paper check for the difference.
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Where a key moves the focus from dot `i`: ← → the previous or next dot of its line, ↑ ↓ the dot of
 * the previous or next line nearest in x, Home and End the ends of its line; null: nowhere.
 */
export function chartKeyTarget(dots: readonly Dot[], i: number, key: string): number | null {
  const d = dots[i];
  if (!d) return null;
  const lineOf = (x: Dot) => x.series * 2 + (x.side === 'formula' ? 0 : 1);
  const here = lineOf(d);
  const line = dots.map((x, j) => [x, j] as const).filter(([x]) => lineOf(x) === here);
  const at = line.findIndex(([, j]) => j === i);
  if (key === 'ArrowLeft') return line[at - 1]?.[1] ?? null;
  if (key === 'ArrowRight') return line[at + 1]?.[1] ?? null;
  if (key === 'Home') return line[0][1];
  if (key === 'End') return line[line.length - 1][1];
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  const lines = [...new Set(dots.map(lineOf))].sort((a, b) => a - b);
  const next = lines[lines.indexOf(here) + (key === 'ArrowDown' ? 1 : -1)];
  if (next === undefined) return null;
  let best: number | null = null;
  dots.forEach((x, j) => {
    if (lineOf(x) !== next) return;
    if (best === null || Math.abs(x.v.x - d.v.x) < Math.abs(dots[best].v.x - d.v.x)) best = j;
  });
  return best;
}

export function groupSeries(values: readonly SweepValue[]): Series[] {
  const names = [...new Set(values.map((v) => v.series))];
  return names.map((name, i) => ({
    name,
    color: schemeTableau10[i % 10],
    points: values.filter((v) => v.series === name).sort((a, b) => a.x - b.x),
  }));
}

function scales(
  values: readonly SweepValue[],
  marks: readonly PaperMark[],
  x: Axis,
  y: Axis,
  width: number,
  height: number,
  M: Margins,
) {
  const xs = values.map((v) => v.x).filter((v) => !x.log || v > 0);
  const ys = [...values.flatMap((v) => [v.formula, v.constructed]), ...marks.map((m) => m.y)].filter(
    (v): v is number => v !== null && Number.isFinite(v) && (!y.log || v > 0),
  );
  const [x0, x1] = extent(xs, x.log);
  const [y0, y1] = extent(ys, y.log);
  const sx = (x.log ? scaleLog() : scaleLinear())
    .domain([x0, x1])
    .range([M.left, Math.max(M.left + 1, width - M.right)]);
  const sy = (y.log ? scaleLog() : scaleLinear())
    .domain([y.log ? y0 : Math.min(0, y0), y1])
    .range([Math.max(M.top + 1, height - M.bottom), M.top]);
  if (!x.log) sx.nice();
  sy.nice();
  return { sx, sy };
}

function extent(v: number[], log: boolean): [number, number] {
  if (!v.length) return log ? [1, 10] : [0, 1];
  let lo = Math.min(...v);
  let hi = Math.max(...v);
  if (lo === hi) {
    lo = log ? lo / 2 : lo - 1;
    hi = log ? hi * 2 : hi + 1;
  }
  return [lo, hi];
}

type Scale = ReturnType<typeof scaleLinear<number>> | ReturnType<typeof scaleLog<number>>;

function Axes({
  sx,
  sy,
  x,
  y,
  width,
  height,
  M,
  text,
  integerX,
}: {
  sx: Scale;
  sy: Scale;
  x: Axis;
  y: Axis;
  width: number;
  height: number;
  M: Margins;
  text: ChartType;
  /** Every x is a whole number (depths, counts): no fractional ticks. */
  integerX: boolean;
}) {
  const bottom = height - M.bottom;
  // Fewer ticks as their numbers grow, so that they keep their distance.
  const k = text.tick / 13;
  const xt = ticksOf(sx, x.log, Math.max(2, Math.floor(width / (90 * k))), x.unit).filter(
    (t) => !integerX || Number.isInteger(t),
  );
  const yt = ticksOf(sy, y.log, Math.max(2, Math.floor(height / (50 * k))), y.unit);
  return (
    <g className="text-slate-600" fontSize={text.tick}>
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
      <text
        x={(M.left + width - M.right) / 2}
        y={height - 10}
        textAnchor="middle"
        fontSize={text.title}
        fill={COLORS.text}
      >
        <title>{axisTitle(x.label, x.unit, x.log)}</title>
        {fitTitle(axisTitle(x.label, x.unit, x.log), text.title, width - M.right - M.left)}
      </text>
      <text
        transform={`translate(${Math.round(16 * k)},${(M.top + bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={text.title}
        fill={COLORS.text}
      >
        <title>{axisTitle(y.label, y.unit, y.log)}</title>
        {fitTitle(axisTitle(y.label, y.unit, y.log), text.title, bottom - M.top)}
      </text>
    </g>
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

function Legend({
  series,
  formulaLabel,
  marks,
  type,
}: {
  series: Series[];
  formulaLabel: string;
  marks: boolean;
  type: TypeScale;
}) {
  return (
    <div
      className="rounded border border-slate-200 bg-white/90 px-3 py-2 shadow-sm"
      style={{ fontSize: typePx(type, 14) }}
      data-testid="chart-legend"
    >
      {series.map((s) => (
        <div key={s.name} className="flex items-center gap-2">
          <span className="inline-block h-1 w-6 rounded" style={{ background: s.color }} />
          {s.name}
        </div>
      ))}
      <div
        className="mt-1 border-t border-slate-200 pt-1 text-slate-600"
        style={{ fontSize: typePx(type, 12) }}
      >
        <div className="flex items-center gap-2">
          <svg width="24" height="8">
            <line x1="0" x2="24" y1="4" y2="4" stroke={COLORS.node} strokeWidth="2" strokeDasharray="5 3" />
          </svg>
          {formulaLabel}
        </div>
        <div className="flex items-center gap-2">
          <svg width="24" height="8">
            <line x1="0" x2="24" y1="4" y2="4" stroke={COLORS.node} strokeWidth="2.5" />
          </svg>
          constructed schedule
        </div>
        {marks && (
          <div className="flex items-center gap-2">
            <svg width="24" height="12">
              <path d="M12,1L17,6L12,11L7,6Z" fill={COLORS.background} stroke={COLORS.node} strokeWidth="2" />
            </svg>
            printed in the paper
          </div>
        )}
      </div>
    </div>
  );
}

function PointTooltip({
  hover,
  x,
  y,
  left,
  width,
  top,
}: {
  hover: { v: SweepValue; side: 'formula' | 'constructed' };
  x: Axis;
  y: Axis;
  left: number;
  width: number;
  top: number;
}) {
  const v = hover.v;
  const flip = left > width - 280;
  return (
    <div
      className="pointer-events-none absolute z-10 w-64 rounded-md border border-slate-300 bg-white p-2 text-sm shadow-lg"
      style={flip ? { right: width - left + 12, top } : { left: left + 12, top }}
      data-testid="chart-tooltip"
    >
      <div className="font-semibold">{v.series}</div>
      <div>
        {x.label}: {formatAxisValue(v.x, x.unit)}
      </div>
      <div className={hover.side === 'formula' ? 'font-semibold' : ''}>
        formula: {v.formula === null ? '—' : formatAxisValue(v.formula, y.unit)}
      </div>
      <div className={hover.side === 'constructed' ? 'font-semibold' : ''}>
        constructed: {v.constructed === null ? '—' : formatAxisValue(v.constructed, y.unit)}
        {v.constructed !== null && (v.verified ? ' (verified)' : ' (NOT verified)')}
      </div>
      {v.note && <div className="mt-1 text-xs text-slate-600">{v.note}</div>}
      <div className="mt-1 text-xs text-slate-600">Click, or press Enter, to open this configuration</div>
    </div>
  );
}
