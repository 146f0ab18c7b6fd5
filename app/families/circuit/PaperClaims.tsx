import { useEffect, useState } from 'react';
import type { ReproRow } from '../../../src/kernel/experiment';
import { reproCsv } from '../../../src/experiments/tables';
import { CSV_TYPE } from '../../lib/download';
import { DownloadButton } from '../../lib/DownloadButton';
import { openNotes } from '../../notes/ModelNotes';
import { jobOutput } from '../../store/jobsSlice';
import { usePane, usePaneStore } from '../../store/paneContext';
import { useServices } from '../../store/servicesContext';
import { PanelHeading } from './PanelHeading';

/** The pane's job that computes the claims. */
const CLAIMS_JOB = 'circuit-claims';

/**
 * The ReTri paper's headline claims beside our model (the rows of `reproduce retri-claims`), computed
 * in a worker when opened: the printed number, the paper's closed forms, and measured schedules.
 */

export function PaperClaims() {
  const [open, setOpen] = useState(false);
  const { submitJob } = useServices();
  const store = usePaneStore();
  // The paper check `retri-claims`, as a job of the pane on the page's pool of workers: it goes on
  // when the panel closes, and its rows stay for when it opens again.
  const job = usePane((s) => s.jobs[CLAIMS_JOB]);
  useEffect(() => {
    if (open && !job)
      store
        .getState()
        .startJob(CLAIMS_JOB, 'reproduce', 'retri-claims', () =>
          submitJob((w) => w.reproduce('retri-claims')),
        );
  }, [open, job, store, submitJob]);
  const rows = jobOutput<{ rows: ReproRow[] }>(job)?.rows ?? null;
  const error = job?.error ?? null;
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
