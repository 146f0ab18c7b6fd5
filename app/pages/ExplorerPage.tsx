import { SWEEPS } from '../../src/experiments/catalogue';
import { LineChart } from '../charts/LineChart';
import { EXPLORER_PAGES } from '../interconnects';
import { useApp } from '../store/store';
import type { JobEntry } from '../store/jobsSlice';
import { sweepJob, type SweepOutput } from '../store/labSync';
import { JobProgress } from '../lib/JobProgress';
import { sweepCsv } from '../../src/experiments/tables';
import { fileName } from '../lib/download';
import { PaperAndCsv } from './PaperAndCsv';
import { noun } from '../../src/kernel/util/units';

/** What the page shows of a sweep's job: its points so far, how far it is, how it ended. */
function sweepProgress(job: JobEntry) {
  // While it runs (and after an error) its output is the points so far; once done, all of them.
  const output = job.output as SweepOutput | null;
  return {
    values: output?.values ?? [],
    done: job.progress?.done ?? 0,
    total: job.progress?.total ?? 0,
    finished: job.status === 'done',
    stopped: output?.stopped ?? false,
    error: job.error,
  };
}

/** A button that reads as a link inside a sentence. */
const LINK = 'font-semibold text-info underline hover:text-info';

/**
 * The explorer: the paper's figures recomputed as sweeps in the worker, each point both from the
 * paper's closed form and from a constructed, verified schedule. Clicking a point opens it.
 */
export function ExplorerPage() {
  const chosen = useApp((s) => s.config.sweep);
  const selected = chosen || SWEEPS[0]?.id;
  const job = useApp((s) => (selected ? s.jobs[sweepJob(selected)] : undefined));
  const progress = job && sweepProgress(job);
  const page = EXPLORER_PAGES.find((p) => p.id === chosen);
  const onPage = page !== undefined;
  const def = SWEEPS.find((d) => d.id === selected);
  if (!def && !page) return <p className="p-6 text-lg text-muted">No charts are available yet.</p>;
  return (
    <div className="flex min-h-0 flex-1" data-testid="explorer">
      <nav
        className="w-56 shrink-0 space-y-1 overflow-y-auto border-r border-divider bg-surface p-3 xl:w-72"
        aria-label="Charts"
      >
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">Charts</h2>
        {SWEEPS.map((d) => (
          <button
            key={d.id}
            className={`block w-full rounded-md px-3 py-2 text-left ${d.id === def?.id && !onPage ? 'bg-inverse text-surface' : 'hover:bg-panel'}`}
            onClick={() => useApp.setState((s) => ({ config: { ...s.config, sweep: d.id } }))}
            aria-current={d.id === def?.id && !onPage ? 'page' : undefined}
            data-testid={`sweep-${d.id}`}
          >
            <div className="font-medium">{d.title}</div>
            <div className={`text-xs ${d.id === def?.id && !onPage ? 'text-surface/75' : 'text-muted'}`}>
              {d.where} · {d.id}
            </div>
          </button>
        ))}
        {EXPLORER_PAGES.map((p) => (
          <button
            key={p.id}
            className={`block w-full rounded-md px-3 py-2 text-left ${p === page ? 'bg-inverse text-surface' : 'hover:bg-panel'}`}
            onClick={() => useApp.setState((s) => ({ config: { ...s.config, sweep: p.id } }))}
            aria-current={p === page ? 'page' : undefined}
            data-testid={`sweep-${p.id}`}
          >
            <div className="font-medium">{p.title}</div>
            <div className={`text-xs ${p === page ? 'text-surface/75' : 'text-muted'}`}>
              {p.where} · {p.id}
            </div>
          </button>
        ))}
      </nav>
      {page || !def ? (
        <section className="min-w-0 flex-1 overflow-auto p-4">{page && <page.Page />}</section>
      ) : (
        <section className="flex min-w-0 flex-1 flex-col overflow-y-auto p-4">
          <h2 className="text-xl font-semibold">{def.title}</h2>
          <p className="text-sm text-muted">
            After {def.where} of <i>{def.paper.title}</i>. Dashed:{' '}
            {def.formulaLabel ?? 'the paper’s closed form'}; solid: the schedule we construct and verify for
            the same parameters
            {def.paperMarks?.length ? '; diamonds: numbers the paper prints' : ''}. Click a point to open it
            in the visualizer.
          </p>
          <PaperAndCsv
            paper={def.paper}
            testId="sweep-paper"
            className="mt-1"
            data={
              progress?.finished
                ? 'Its data'
                : `The ${progress?.values.length ?? 0} ${noun(progress?.values.length ?? 0, 'point')} so far`
            }
            csv={{
              title: "One row per point: both values, the paper's printed number, the parameters",
              file: `${fileName('sweep', def.id)}.csv`,
              make: () => sweepCsv(progress?.values ?? [], def),
              disabled: !progress?.values.length,
              testId: 'download-sweep-csv',
            }}
          />
          <div
            className="mt-1 h-5 text-sm text-muted"
            data-testid="sweep-progress"
            data-done={progress?.finished ? 'yes' : 'no'}
          >
            {progress?.error ? (
              <span className="text-danger">{progress.error}</span>
            ) : progress?.finished && progress.stopped ? (
              <span>
                stopped: {progress.values.length} of {progress.total} configurations computed and verified{' '}
                <button
                  className={LINK}
                  onClick={() => useApp.getState().dropJob(sweepJob(def.id))}
                  data-testid="sweep-restart"
                >
                  compute them all
                </button>
              </span>
            ) : progress?.finished ? (
              `${progress.total} configurations computed and verified`
            ) : (
              <JobProgress
                done={progress?.done ?? 0}
                total={progress?.total ?? 0}
                unit="configurations"
                onStop={() => useApp.getState().stopJob(sweepJob(def.id))}
                stopTestId="sweep-stop"
              />
            )}
          </div>
          {/* A short window scrolls the page down rather than squeezing the chart flat. */}
          <div className="min-h-[340px] flex-1">
            <LineChart
              values={progress?.values ?? []}
              x={def.x}
              y={def.y}
              marks={def.paperMarks}
              formulaLabel={def.formulaLabel}
              onPick={(v) => useApp.getState().openConfig(v.config.algorithm, { ...v.config.params })}
            />
          </div>
        </section>
      )}
    </div>
  );
}
