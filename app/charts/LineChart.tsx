import { scaleLinear, scaleLog, schemeTableau10 } from 'd3';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Axis, PaperMark, SweepValue } from '../../src/kernel/experiment';
import { useTypeScale } from '../lib/typeScale';
import { useSize } from '../lib/useSize';
import { useRovingFocus } from '../lib/useRovingFocus';
import { formatAxisValue } from './axisFormat';
import { COLORS } from '../lib/colors';
import { usePalette } from '../lib/theme';
import { Axes, chartLayout, chartType, type Margins } from './ChartAxes';
import { Legend, PointTooltip, type Series } from './ChartLegend';

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
  const layout = useMemo(
    () => chartLayout(x, y, text, width, height, legendWidth),
    [x, y, text, width, height, legendWidth],
  );
  const M = layout.M;
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
  const roving = useRovingFocus<SVGCircleElement>();
  const { current, setCurrent } = roving;
  const focusable = Math.min(current, Math.max(0, dots.length - 1));
  const indexOf = (p: SweepValue, side: Dot['side']) => dots.findIndex((d) => d.v === p && d.side === side);
  const onKey = (e: KeyboardEvent, i: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick(dots[i].v);
      return;
    }
    roving.moveTo(e, chartKeyTarget(dots, i, e.key));
  };
  /**
   * What the two dots of a point (formula, constructed) share: the place, the mouse (hover shows its
   * values, a click opens it), the keyboard and screen reader (roving focus, its values in words, Enter
   * opens it).
   */
  const dotProps = (p: SweepValue, side: Dot['side'], seriesName: string) => {
    const i = indexOf(p, side);
    const value = p[side];
    return {
      cx: sx(p.x),
      cy: sy(value ?? 0),
      className: 'cursor-pointer',
      'data-testid': 'chart-point',
      'data-series': seriesName,
      'data-x': p.x,
      'data-kind': side,
      onMouseEnter: () => setHover({ v: p, side }),
      onMouseLeave: () => setHover(null),
      onClick: () => onPick(p),
      ref: roving.ref(i),
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
            layout={layout}
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
                      {...dotProps(p, 'formula', s.name)}
                      r={4}
                      fill={COLORS.background}
                      stroke={s.color}
                      strokeWidth={2}
                    />
                  )}
                  {ok(p.constructed) && (
                    <circle {...dotProps(p, 'constructed', s.name)} r={5} fill={s.color} />
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
          className="pointer-events-none absolute z-10 w-64 rounded-md border border-border bg-surface p-2 text-sm shadow-lg"
          style={{ left: Math.min(sx(markHover.x) + 16, width - 270), top: M.top }}
          data-testid="paper-mark-tooltip"
        >
          <div className="font-semibold">{markHover.series}</div>
          <div>
            the paper prints {formatAxisValue(markHover.y, y.unit)} for {x.label}{' '}
            {formatAxisValue(markHover.x, '')} ({markHover.where})
          </div>
          <div className="mt-1 text-xs text-muted">
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
  const xs = [...values.map((v) => v.x), ...marks.map((m) => m.x)].filter((v) => !x.log || v > 0);
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
