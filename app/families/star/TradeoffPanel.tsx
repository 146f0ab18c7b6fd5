import { useMemo, useRef, type KeyboardEvent, type SVGProps } from 'react';
import { readStar, shapeOf } from '../../../src/families/star/star-params';
import { splitTradeoff } from '../../../src/families/star/star-formulas';
import type { RunResult } from '../../../src/result';
import { useApp } from '../../store/store';
import { COLORS } from '../../lib/colors';
import { usePalette } from '../../lib/theme';
import { useTypeScale } from '../../lib/typeScale';
import { useSize } from '../../lib/useSize';
import { typePx } from '../../views/canvasText';

const W = 340;
const H = 220;

// The total in the theme's text colour (read when drawn).
const SERIES = [
  { key: 'tuning', label: 'tuning', colour: () => '#db2777' },
  { key: 'communication', label: 'communication', colour: () => '#2563eb' },
  { key: 'total', label: 'total', colour: () => COLORS.text },
] as const;

/**
 * The h′ trade-off of the split broadcast: tuning, communication and their total against h′ (the
 * paper's closed forms, Sec. 3.2.2), the paper's h′_opt (Lambert W) and our re-derived one beside the
 * best whole h′ found by enumeration, and the current run's measured total. Clicking a point sets h′.
 */
export function TradeoffPanel({ result }: { result: RunResult }) {
  const config = useMemo(() => readStar(result.params), [result.params]);
  usePalette(); // drawn in the theme's colours: redrawn when it changes
  const t = useMemo(() => splitTradeoff(shapeOf(config), config.messages, config.tuningDelay), [config]);
  const current = config.splitSteps;
  const setH = (hs: number) => {
    const app = useApp.getState();
    if (String(app.config.params.variant) !== 'split') app.setParam('variant', 'split');
    app.setParam('split-steps', hs);
  };
  // The chart is scaled to its box: lecture type is set in screen pixels through that scale, and the
  // margins grow with it; h′ numbers that would run into each other are thinned to every k-th.
  const svg = useRef<SVGSVGElement>(null);
  const { width: shownWidth } = useSize(svg);
  const type = useTypeScale();
  const unitPx = shownWidth > 0 ? shownWidth / W : 1;
  const font = (base: number) => (type.min > 0 ? typePx(type, base) / unitPx : base);
  const [tick, label] = [font(10), font(11)];
  const M = {
    left: Math.max(44, tick * 4),
    right: 12,
    top: Math.max(12, tick * 0.7),
    bottom: Math.max(34, label * 2.8),
  };
  const xEvery = Math.max(
    1,
    Math.ceil((label * 0.62 * String(t.h).length + 4) / ((W - M.left - M.right) / Math.max(1, t.h))),
  );
  const ymax = Math.max(...t.points.map((p) => Math.max(p.total, p.tuning, p.communication))) * 1.08 || 1;
  const x = (hs: number) => M.left + ((W - M.left - M.right) * hs) / Math.max(1, t.h);
  const y = (v: number) => H - M.bottom - ((H - M.top - M.bottom) * v) / ymax;
  const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  const measured = result.summary.costs?.total;
  const inRange = (v: number) => Number.isFinite(v) && v >= 0 && v <= t.h;
  /** A vertical marker across the plot at h′ = hs. */
  const vLine = (hs: number, look: SVGProps<SVGLineElement>) => (
    <line x1={x(hs)} x2={x(hs)} y1={M.top} y2={H - M.bottom} {...look} />
  );
  return (
    <div data-testid="tradeoff" data-best={t.best} data-current={current}>
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${H}`}
        className="block w-full"
        role="group"
        aria-label="Tuning, communication and total cost against h′: each total is a button that sets h′"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={M.left} x2={W - M.right} y1={y(ymax * f)} y2={y(ymax * f)} stroke={COLORS.nodeEmpty} />
            <text
              x={M.left - 4}
              y={y(ymax * f)}
              dy="0.35em"
              textAnchor="end"
              fontSize={tick}
              fill={COLORS.muted}
            >
              {fmt(ymax * f)}
            </text>
          </g>
        ))}
        {t.points
          .filter((p) => p.hs % xEvery === 0)
          .map((p) => (
            <text
              key={p.hs}
              x={x(p.hs)}
              y={H - M.bottom + label * 1.3}
              textAnchor="middle"
              fontSize={label}
              fill={COLORS.node}
            >
              {p.hs}
            </text>
          ))}
        <text x={(W + M.left) / 2} y={H - 4} textAnchor="middle" fontSize={label} fill={COLORS.node}>
          split steps h′
        </text>
        {/* The current h′, and the paper's and our optimum. */}
        {vLine(current, { stroke: COLORS.line, strokeWidth: 6, opacity: 0.3 })}
        {inRange(t.paperOpt) &&
          vLine(t.paperOpt, { stroke: '#f59e0b', strokeDasharray: '4 3', strokeWidth: 2 })}
        {inRange(t.derivedOpt) &&
          vLine(t.derivedOpt, { stroke: '#16a34a', strokeDasharray: '2 3', strokeWidth: 2 })}
        {SERIES.map((s) => (
          <g key={s.key}>
            <polyline
              points={t.points.map((p) => `${x(p.hs)},${y(p[s.key])}`).join(' ')}
              fill="none"
              stroke={s.colour()}
              strokeWidth={s.key === 'total' ? 2.5 : 1.5}
            />
            {t.points.map((p) => (
              <circle
                key={p.hs}
                cx={x(p.hs)}
                cy={y(p[s.key])}
                // The totals are the keyboard's way in (one stop per h′; Enter or Space sets it).
                {...(s.key === 'total'
                  ? {
                      tabIndex: 0,
                      role: 'button',
                      'aria-label': `h′ = ${p.hs}: tuning ${fmt(p.tuning)}, communication ${fmt(p.communication)}, total ${fmt(p.total)}${p.hs === t.best ? ' (the best)' : ''}${p.hs === current ? ' (in use)' : ''}. Press Enter to use h′ = ${p.hs}.`,
                      onKeyDown: (e: KeyboardEvent) => {
                        if (e.key !== 'Enter' && e.key !== ' ') return;
                        e.preventDefault();
                        setH(p.hs);
                      },
                    }
                  : {})}
                r={s.key === 'total' && p.hs === t.best ? 7 : 4.5}
                fill={s.key === 'total' && p.hs === t.best ? '#fde047' : s.colour()}
                stroke={s.colour()}
                strokeWidth={2}
                className="cursor-pointer"
                data-testid={`tradeoff-${s.key}-${p.hs}`}
                onClick={() => setH(p.hs)}
              >
                <title>
                  h′ = {p.hs}: {s.label} {fmt(p[s.key])} — click to use h′ = {p.hs}
                </title>
              </circle>
            ))}
          </g>
        ))}
        {measured !== undefined && (
          <rect
            x={x(current) - 5}
            y={y(measured) - 5}
            width={10}
            height={10}
            transform={`rotate(45 ${x(current)} ${y(measured)})`}
            fill="none"
            stroke={COLORS.text}
            strokeWidth={2}
          >
            <title>measured total of this schedule: {fmt(measured)}</title>
          </rect>
        )}
      </svg>
      <div className="flex flex-wrap gap-x-3 text-xs text-text">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <span className="inline-block h-1 w-4" style={{ background: s.colour() }} />
            {s.label}
          </span>
        ))}
        <span>◇ measured</span>
      </div>
      <ul className="mt-1 space-y-0.5 text-sm text-text">
        <li>
          <span className="font-semibold text-warn">h′_opt (paper, Lambert W)</span> ={' '}
          <span data-testid="hopt-paper">{fmt(t.paperOpt)}</span>
        </li>
        <li>
          <span className="font-semibold text-ok">h′_opt (re-derived)</span> ={' '}
          <span data-testid="hopt-derived">{fmt(t.derivedOpt)}</span>
        </li>
        <li>
          <span className="font-semibold">best whole h′ (enumeration)</span> ={' '}
          <b data-testid="hopt-integer">{t.best}</b> (total {fmt(t.points[t.best].total)})
        </li>
      </ul>
      <p className="mt-1 text-xs text-muted">
        The paper’s closed form agrees with the re-derived one only for k = 2 (docs/models/star.md). Click a
        point (or Tab to a total and press Enter) to set h′.
      </p>
    </div>
  );
}
