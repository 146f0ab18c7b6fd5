import { findAlgorithm } from '../../src/algorithms/registry';
import { formatCount, formatData, formatTime, formatValue } from '../lib/format';
import { selectResult, useApp } from '../store/store';
import { Tex } from './Tex';

/**
 * The paper's closed forms next to what the constructed, verified schedule measures; where they
 * differ, the row says why. A value the paper prints for this configuration is shown beside both.
 */
export function FormulaPanel() {
  const result = useApp(selectResult);
  if (!result) return null;
  const { summary, report } = result;
  const units = findAlgorithm(result.algorithm)?.units;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3" data-testid="formula-panel">
      <h2 className="text-lg font-bold text-slate-900">Paper vs. constructed</h2>
      <table className="mt-1 w-full text-sm">
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1 font-medium">quantity</th>
            <th className="font-medium">formula</th>
            <th className="text-right font-medium">formula</th>
            <th className="text-right font-medium">built</th>
          </tr>
        </thead>
        <tbody>
          {result.formulas.map((f) => {
            const same = Math.abs(f.formula - f.constructed) <= 1e-9 * Math.max(1, Math.abs(f.formula));
            return (
              <tr key={f.id} className="border-t border-slate-100 align-top" data-testid={`formula-${f.id}`}>
                <td className="py-1.5 pr-2">
                  <div className="font-medium text-slate-800">{f.label}</div>
                  <div className="text-xs text-slate-500">{f.source}</div>
                </td>
                <td className="pr-2 text-base">
                  {/* A long closed form scrolls in its cell instead of pushing the values off the panel. */}
                  <div className="max-w-[7rem] overflow-x-auto">
                    <Tex tex={f.tex} />
                  </div>
                </td>
                <td className="text-right tabular-nums">{formatValue(f.formula, f.unit)}</td>
                <td
                  className={`pl-1 text-right font-semibold tabular-nums ${same ? 'text-emerald-700' : 'text-amber-700'}`}
                >
                  {formatValue(f.constructed, f.unit)} {same ? '✓' : '≠'}
                  {f.paper && (
                    <div className="text-xs font-normal text-slate-500">
                      paper: {formatValue(f.paper.value, f.unit)} ({f.paper.where})
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {result.formulas.some((f) => f.note) && (
        <ul className="mt-2 list-disc pl-5 text-sm text-amber-900">
          {result.formulas
            .filter((f) => f.note)
            .map((f) => (
              <li key={f.id}>{f.note}</li>
            ))}
        </ul>
      )}
      {result.formulas
        .filter((f) => f.suggest)
        .map((f) => (
          <button
            key={`suggest-${f.id}`}
            className="mt-2 rounded-md border border-sky-600 px-3 py-1 text-sm font-semibold text-sky-800 hover:bg-sky-50"
            onClick={() => {
              const app = useApp.getState();
              for (const [k, v] of Object.entries(f.suggest!.params)) app.setParam(k, v);
            }}
            data-testid={`suggest-${f.id}`}
          >
            {f.suggest!.label}
          </button>
        ))}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">transfers (lightpaths)</dt>
        <dd className="tabular-nums">{formatCount(summary.transfers)}</dd>
        <dt className="text-slate-500">most lightpaths on one link</dt>
        <dd className="tabular-nums">{summary.maxLinkLoad}</dd>
        <dt className="text-slate-500">data delivered</dt>
        <dd className="tabular-nums">{formatData(summary.bytesMoved, units)}</dd>
        <dt className="text-slate-500">time (time model)</dt>
        <dd className="tabular-nums">{formatTime(summary.seconds, units)}</dd>
      </dl>
      <VerifyBadge
        ok={report.ok}
        total={report.total}
        transfers={report.checked.transfers}
        first={report.violations.slice(0, 5).map((v) => v.message)}
        goal={findAlgorithm(result.algorithm)?.goal}
      />
    </section>
  );
}

function VerifyBadge({
  ok,
  total,
  transfers,
  first,
  goal,
}: {
  ok: boolean;
  total: number;
  transfers: number;
  first: string[];
  goal?: string;
}) {
  if (ok)
    return (
      <p className="mt-3 rounded bg-emerald-50 px-2 py-1.5 text-sm text-emerald-900" data-testid="verified">
        ✓ Verified: {formatCount(transfers)} transfers checked — no wavelength clashes, every block sent was
        held, {goal ?? 'every node ends with every block'}.
      </p>
    );
  return (
    <div className="mt-3 rounded bg-red-50 px-2 py-1.5 text-sm text-red-900" data-testid="verified">
      ✗ {formatCount(total)} violations found by the verifier:
      <ul className="list-disc pl-5">
        {first.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
