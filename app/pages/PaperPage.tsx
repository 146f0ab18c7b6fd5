import { REPRODUCTION_CARDS } from '../../src/experiments/catalogue';
import type { ReproRow } from '../../src/kernel/experiment';
import { differ, reproCsv, reproVerdict } from '../../src/experiments/tables';
import { fileName } from '../lib/download';
import { PaperAndCsv } from './PaperAndCsv';
import { useApp } from '../store/store';
import { jobOutput } from '../store/jobsSlice';
import { checkJob, type CheckOutput } from '../store/labSync';
import { JobProgress } from '../lib/JobProgress';

const LINK = 'underline decoration-dotted hover:text-text';

const fmt = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v.toLocaleString('en-US', { maximumSignificantDigits: 6 });

/** The paper checks: each number a paper prints beside what its formulas and our schedules give. */
export function PaperPage() {
  const selected = useApp((s) => s.config.check) || REPRODUCTION_CARDS[0]?.id;
  const job = useApp((s) => (selected ? s.jobs[checkJob(selected)] : undefined));
  const state = job && {
    rows: jobOutput<CheckOutput>(job)?.rows ?? null,
    error: job.error,
    stopped: job.status === 'stopped',
  };
  const rep = REPRODUCTION_CARDS.find((r) => r.id === selected);
  if (!rep) return <p className="p-6 text-lg text-muted">No paper checks are available yet.</p>;
  const hasConstructed = state?.rows?.some((r) => r.constructed !== undefined) ?? false;
  return (
    <div className="flex min-h-0 flex-1" data-testid="paper-page">
      <nav
        className="w-56 shrink-0 space-y-1 overflow-y-auto border-r border-divider bg-surface p-3 xl:w-72"
        aria-label="Paper checks"
      >
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">Paper checks</h2>
        {REPRODUCTION_CARDS.map((r) => (
          <button
            key={r.id}
            className={`block w-full rounded-md px-3 py-2 text-left ${r.id === rep.id ? 'bg-inverse text-surface' : 'hover:bg-panel'}`}
            onClick={() => useApp.setState((s) => ({ config: { ...s.config, check: r.id } }))}
            aria-current={r.id === rep.id ? 'page' : undefined}
            data-testid={`check-${r.id}`}
          >
            <div className="font-medium">{r.title}</div>
            <div className={`text-xs ${r.id === rep.id ? 'text-surface/75' : 'text-muted'}`}>
              {r.where} · {r.id}
            </div>
          </button>
        ))}
      </nav>
      {/* Focusable so that the keyboard can scroll a wide table. */}
      <section
        className="min-w-0 flex-1 overflow-auto p-4"
        tabIndex={0}
        aria-label={`Paper check: ${rep.title}`}
      >
        <h2 className="text-xl font-semibold">{rep.title}</h2>
        <p className="text-sm text-muted">
          {rep.where} of <i>{rep.paper.title}</i>. <b>Paper</b>: the number as printed. <b>Formula</b>: what
          the paper&apos;s own formulas give. <b>Constructed</b>: what our verified schedule measures.
          Differences over 1% are marked; the verdict says which, the note why. Same rows as{' '}
          <code className="rounded bg-panel px-1">npm run cli -- reproduce {rep.id}</code>.
        </p>
        <PaperAndCsv
          paper={rep.paper}
          testId="check-paper"
          className="mt-2"
          data="This table"
          csv={{
            title: "Every row: the paper's number, the formula's, ours, the verdict and the note",
            file: `${fileName('check', rep.id)}.csv`,
            make: () => reproCsv(state?.rows ?? []),
            disabled: !state?.rows,
            testId: 'download-check-csv',
          }}
        />
        {state?.error && <p className="mt-3 text-danger">{state.error}</p>}
        {state?.stopped && (
          <p className="mt-3 text-muted" data-testid="check-stopped">
            stopped before its rows were ready.{' '}
            <button
              className={LINK}
              onClick={() => useApp.getState().dropJob(checkJob(rep.id))}
              data-testid="check-restart"
            >
              compute it
            </button>
          </p>
        )}
        {!state?.rows && !state?.error && !state?.stopped && (
          <p className="mt-3 text-muted" data-testid="check-progress">
            <JobProgress
              done={0}
              total={0}
              unit=""
              onStop={() => useApp.getState().stopJob(checkJob(rep.id))}
              stopTestId="check-stop"
            />
          </p>
        )}
        {state?.rows && <RowsTable rows={state.rows} constructed={hasConstructed} />}
      </section>
    </div>
  );
}

function RowsTable({ rows, constructed }: { rows: ReproRow[]; constructed: boolean }) {
  const mark = (differs: boolean) => (differs ? 'bg-warn-soft font-semibold' : '');
  return (
    <table className="mt-3 w-full border-collapse text-base" data-testid="paper-table">
      <thead>
        <tr className="border-b-2 border-border text-left text-sm uppercase tracking-wide text-muted">
          <th className="py-1 pr-3">Row</th>
          <th className="py-1 pr-3 text-right">Paper</th>
          <th className="py-1 pr-3 text-right">Formula</th>
          {constructed && <th className="py-1 pr-3 text-right">Constructed</th>}
          <th className="py-1 pr-3">Verdict</th>
          <th className="py-1">Note</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} className="border-b border-divider align-top" data-testid="paper-row">
            <td className="py-1 pr-3">
              {r.label}
              {r.unit ? <span className="text-muted"> ({r.unit})</span> : null}
              {r.open && <OpenRow open={r.open} label={r.label} />}
            </td>
            <td className="py-1 pr-3 text-right tabular-nums">{fmt(r.paper)}</td>
            <td className={`py-1 pr-3 text-right tabular-nums ${mark(differ(r.paper, r.computed))}`}>
              {fmt(r.computed)}
            </td>
            {constructed && (
              <td className={`py-1 pr-3 text-right tabular-nums ${mark(differ(r.computed, r.constructed))}`}>
                {fmt(r.constructed)}
              </td>
            )}
            <td className="whitespace-nowrap py-1 pr-3 text-sm" data-testid="paper-verdict">
              {reproVerdict(r)}
            </td>
            <td className="py-1 text-sm text-muted">{r.note ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Opens the configuration whose schedule a row measures in the visualizer: one click. */
function OpenRow({ open, label }: { open: NonNullable<ReproRow['open']>; label: string }) {
  return (
    <>
      {' '}
      <button
        className={`${LINK} text-sm text-info`}
        onClick={() => useApp.getState().openConfig(open.algorithm, { ...open.params })}
        aria-label={`open ${label} in the visualizer`}
        data-testid="paper-row-open"
      >
        open
      </button>
    </>
  );
}
