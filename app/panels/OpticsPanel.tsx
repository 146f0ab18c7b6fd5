import type { OpticsRow } from '../../src/kernel/model/interconnect';
import { selectResult, useApp } from '../store/store';
import { Tex } from './Tex';

/** A value of an optics row in its unit: node counts, dB and dBm with two decimals, BER in powers of ten. */
export function formatOptics(x: number | null, unit: OpticsRow['unit']): string {
  if (x === null) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (unit === 'BER') return x === 0 ? '< 1e-300' : x.toExponential(1).replace('e-', 'e−');
  const digits = unit === 'nodes' ? 1 : 2;
  const text = x.toLocaleString('en-US', { maximumFractionDigits: digits });
  return `${text.replace('-', '−')}${unit === 'nodes' ? '' : ` ${unit}`}`;
}

const failures = (rows: readonly OpticsRow[]) => rows.filter((r) => !r.ok).length;

const CONSTRAINT_NAME: Record<OpticsRow['constraint'], string> = {
  length: 'path length',
  power: 'laser power',
  crosstalk: 'crosstalk',
};

/** The violated constraints (power, crosstalk; the path length only when neither explains it). */
function violated(rows: readonly OpticsRow[]): OpticsRow['constraint'][] {
  const bad = new Set(rows.filter((r) => !r.ok).map((r) => r.constraint));
  if (bad.has('power') || bad.has('crosstalk')) bad.delete('length');
  return [...bad];
}

/**
 * One explanation per violated constraint: rows of one constraint state the same inequality in two
 * units (loss and laser power, SNR and BER), so the laser and SNR rows speak for theirs, and the path
 * length only when neither explains it.
 */
const EXPLAINING: Record<OpticsRow['constraint'], OpticsRow['id']> = {
  length: 'path',
  power: 'laser',
  crosstalk: 'snr',
};

/**
 * The optical constraints of the OpTree paper (eqs. 4–9) for the longest lightpath of the schedule
 * shown: the value eq. 4's L_max gives, the value of the constructed schedule, the limit, and a
 * green or red verdict. Only WDM-ring results carry them.
 */
export function OpticsPanel() {
  const result = useApp(selectResult);
  const rows = result?.optics;
  if (!rows) return null;
  const failed = failures(rows);
  const names = violated(rows);
  const hasFormula = rows.some((r) => r.formula !== null);
  return (
    <section
      id="optics-panel"
      className={`rounded-lg border bg-surface p-3 ${failed ? 'border-danger' : 'border-divider'}`}
      data-testid="optics-panel"
      data-ok={failed ? 'false' : 'true'}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-text">Optical constraints</h2>
        <OpticsVerdict failed={failed} total={rows.length} names={names} />
      </div>
      <table className="mt-1 w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th className="py-1 font-medium">check</th>
            {hasFormula && <th className="text-right font-medium">eq. 4</th>}
            <th className="text-right font-medium">built</th>
            <th className="text-right font-medium">limit</th>
          </tr>
        </thead>
        {rows.map((r) => (
          <tbody key={r.id} className={`border-t border-divider ${r.ok ? '' : 'bg-danger-soft'}`}>
            <tr className="align-baseline" data-testid={`optics-${r.id}`} data-ok={r.ok ? 'true' : 'false'}>
              <td className="pt-1.5 pr-2 font-medium text-text">
                <span className={r.ok ? 'text-ok' : 'text-danger'} aria-hidden>
                  {r.ok ? '✓' : '✗'}
                </span>{' '}
                {r.label}
              </td>
              {hasFormula && (
                <td
                  className={`whitespace-nowrap pt-1.5 text-right tabular-nums ${r.formulaOk === false ? 'text-danger' : 'text-text'}`}
                >
                  {formatOptics(r.formula, r.unit)}
                </td>
              )}
              <td
                className={`whitespace-nowrap pt-1.5 pl-2 text-right font-semibold tabular-nums ${r.ok ? 'text-ok' : 'text-danger'}`}
              >
                {formatOptics(r.constructed, r.unit)}
              </td>
              <td className="whitespace-nowrap pt-1.5 pl-2 text-right tabular-nums text-muted">
                {r.bound === 'max' ? '≤ ' : '≥ '}
                {r.limit === null ? '∞' : formatOptics(r.limit, r.unit)}
              </td>
            </tr>
            <tr>
              <td colSpan={hasFormula ? 4 : 3} className="pb-1.5 pl-4">
                <span className="text-base">
                  <Tex tex={r.tex} />
                </span>
                <span className="ml-2 text-xs text-muted">{r.source}</span>
              </td>
            </tr>
          </tbody>
        ))}
      </table>
      {failed > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-danger" data-testid="optics-messages">
          {rows
            .filter((r) => r.message && names.some((c) => EXPLAINING[c] === r.id))
            .map((r) => (
              <li key={r.id}>{r.message}</li>
            ))}
        </ul>
      )}
      {rows.some((r) => r.note) && (
        <ul className="mt-2 list-disc pl-5 text-sm text-warn">
          {rows
            .filter((r) => r.note)
            .map((r) => (
              <li key={r.id}>{r.note}</li>
            ))}
        </ul>
      )}
      <p className="mt-2 text-xs leading-snug text-muted">
        {hasFormula
          ? 'Eq. 4 gives the longest lightpath of the tree; “built” is the longest lightpath of this schedule. '
          : 'This algorithm has no tree depth for eq. 4; the constructed schedule’s longest lightpath is checked. '}
        L counts the nodes a lightpath touches (hops + 1). Our reading: losses add in dB, noise powers in mW;
        crosstalk is relative to the received signal; eq. 9 takes the SNR as a ratio; eq. 6 is counted down to
        the receiver’s sensitivity. The paper assumes the power suffices (Sec. V.A); the values here are
        typical micro-ring figures, editable under “optics”. See docs/models/optical-constraints.md.
      </p>
    </section>
  );
}

function OpticsVerdict({
  failed,
  total,
  names,
}: {
  failed: number;
  total: number;
  names: OpticsRow['constraint'][];
}) {
  return failed ? (
    <span
      className="rounded bg-danger px-2 py-0.5 text-sm font-semibold text-surface"
      data-testid="optics-verdict"
    >
      ✗ {failed} of {total} checks fail: {names.map((c) => CONSTRAINT_NAME[c]).join(', ')}
    </span>
  ) : (
    <span
      className="rounded bg-ok-soft px-2 py-0.5 text-sm font-semibold text-ok"
      data-testid="optics-verdict"
    >
      ✓ all satisfied
    </span>
  );
}

/** A flag for the header: shown only when the result shown violates an optical constraint. */
export function OpticsFlag() {
  const rows = useApp((s) => s.result?.optics);
  if (!rows) return null;
  const names = violated(rows);
  if (!names.length) return null;
  // Zero basis: the flag takes the room left on the header's line and truncates its list rather
  // than push the buttons on the right onto a line of their own (down to its "⚠ Optics").
  return (
    <div className="flex min-w-[5.75rem] flex-[1_1_0%]">
      <button
        className="flex min-w-0 max-w-[18rem] whitespace-nowrap rounded-md bg-danger px-3 py-1 text-sm font-semibold text-surface hover:bg-danger/85"
        data-testid="optics-flag"
        title={rows.find((r) => r.message)?.message}
        onClick={() => document.getElementById('optics-panel')?.scrollIntoView({ behavior: 'smooth' })}
      >
        <span className="shrink-0">⚠ Optics</span>
        <span className="truncate whitespace-pre">
          {' '}
          violated: {names.map((c) => CONSTRAINT_NAME[c]).join(', ')}
        </span>
      </button>
    </div>
  );
}
