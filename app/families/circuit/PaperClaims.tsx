import { useEffect, useState } from 'react';
import type { ReproRow } from '../../../src/kernel/experiment';
import { reproCsv } from '../../../src/experiments/tables';
import { CSV_TYPE } from '../../lib/download';
import { DownloadButton } from '../../lib/DownloadButton';
import { openNotes } from '../../notes/ModelNotes';
import { submitJob } from '../../store/sync';
import { PanelHeading } from './PanelHeading';

/**
 * The ReTri paper's headline claims beside our model (the rows of `reproduce retri-claims`), computed
 * in a worker when opened: the printed number, the paper's closed forms, and measured schedules.
 */
export function PaperClaims() {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<ReproRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || rows || error) return;
    // The paper check `retri-claims`, as a job on the page's pool of workers.
    const handle = submitJob((w) => w.reproduce('retri-claims'));
    let current = true;
    handle.result.then(
      (r) => {
        if (current && r) setRows(r.rows);
      },
      (e: Error) => {
        if (current) setError(e.message);
      },
    );
    return () => {
      current = false;
      handle.abort();
    };
  }, [open, rows, error]);
  const num = (x: number | null | undefined) =>
    x === null || x === undefined ? '—' : x.toLocaleString('en-US', { maximumSignificantDigits: 3 });
  return (
    <section className="rounded-lg border border-divider bg-surface p-3" data-testid="paper-claims">
      <PanelHeading
        title="Paper’s claims vs. our model"
        open={open}
        setOpen={setOpen}
        toggleTestId="claims-toggle"
      />
      {open && error && <p className="text-sm text-danger">{error}</p>}
      {open && !rows && !error && <p className="py-2 text-center text-muted">Building and verifying…</p>}
      {open && rows && (
        <>
          <table className="mt-1 w-full text-sm">
            <thead>
              <tr className="text-left text-muted">
                <th className="font-medium">claim</th>
                <th className="pl-2 text-right font-medium">paper</th>
                <th className="pl-2 text-right font-medium">formulas</th>
                <th className="pl-2 text-right font-medium">built</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label} className="border-t border-divider align-top" title={r.note}>
                  <td className="py-1 pr-1">{r.label}</td>
                  <td className="pl-2 text-right tabular-nums">
                    {num(r.paper)} {r.unit}
                  </td>
                  <td className="pl-2 text-right tabular-nums">{num(r.computed)}</td>
                  <td className="pl-2 text-right font-semibold tabular-nums">{num(r.constructed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-muted">
            The paper simulates packets (ns-3); we use its analytic cost model with measured hops and
            congestion. Why the speed-ups differ:{' '}
            <button
              type="button"
              className="font-medium text-info underline"
              onClick={() => openNotes('retri')}
              data-testid="claims-notes"
            >
              the ReTri model notes
            </button>
            .
          </p>
          <p className="mt-1 flex items-center gap-2 text-xs text-muted">
            These rows with their verdicts:
            <DownloadButton
              label="Download CSV"
              title="Every claim: the paper's number, the formula's, ours, the verdict and the note"
              file="check-retri-claims.csv"
              type={CSV_TYPE}
              make={() => reproCsv(rows)}
              testId="download-claims-csv"
            />
          </p>
        </>
      )}
    </section>
  );
}
