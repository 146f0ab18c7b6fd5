import type { Axis, SweepValue } from '../../src/kernel/experiment';
import { COLORS } from '../lib/colors';
import { typePx, type TypeScale } from '../views/canvasText';
import { formatAxisValue } from './axisFormat';

export interface Series {
  name: string;
  color: string;
  points: SweepValue[];
}

export function Legend({
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
      className="rounded border border-divider bg-surface/90 px-3 py-2 shadow-sm"
      style={{ fontSize: typePx(type, 14), maxWidth: '16em' }}
      data-testid="chart-legend"
    >
      {series.map((s) => (
        <div key={s.name} className="flex items-center gap-2">
          <span className="inline-block h-1 w-6 rounded" style={{ background: s.color }} />
          {s.name}
        </div>
      ))}
      <div className="mt-1 border-t border-divider pt-1 text-muted" style={{ fontSize: typePx(type, 12) }}>
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

export function PointTooltip({
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
      className="pointer-events-none absolute z-10 w-64 rounded-md border border-border bg-surface p-2 text-sm shadow-lg"
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
      {v.note && <div className="mt-1 text-xs text-muted">{v.note}</div>}
      <div className="mt-1 text-xs text-muted">Click, or press Enter, to open this configuration</div>
    </div>
  );
}
