import { InteropPanel } from '../interop/InteropPanel';
import { selectResult, useApp } from '../store/store';
import { plural } from '../lib/format';

/** In place of the parameters while a schedule file is shown: which file, its verdict, and a way back. */
export function FilePanel() {
  const hash = useApp((s) => s.config.file);
  const result = useApp(selectResult);
  const status = useApp((s) => s.status);
  const shown = result?.source?.hash === hash ? result : null;
  return (
    <div className="flex flex-col gap-3 p-3" data-testid="file-panel">
      <h2 className="text-lg font-bold text-text">Schedule file</h2>
      {shown?.source ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className="text-muted">file</dt>
          <dd className="break-all font-medium" data-testid="file-name">
            {shown.source.name}
          </dd>
          {shown.source.madeBy && (
            <>
              <dt className="text-muted">made by</dt>
              <dd>{shown.source.madeBy}</dd>
            </>
          )}
          <dt className="text-muted">network</dt>
          <dd>
            {shown.topology.nodeCount} processors, {shown.topology.linkCount} links
          </dd>
          <dt className="text-muted">schedule</dt>
          <dd>
            {plural(shown.summary.steps, 'step')}, {plural(shown.summary.transfers, 'transfer')}
          </dd>
          <dt className="text-muted">verdict</dt>
          <dd
            data-testid="file-verdict"
            className={shown.report.ok ? 'text-ok' : 'font-semibold text-danger'}
          >
            {shown.report.ok ? 'verified: every rule holds' : plural(shown.report.total, 'violation')}
          </dd>
          <dt className="text-muted">model</dt>
          <dd data-testid="file-model">
            {shown.report.model?.declared ?? 'none named: the generic rules only'}
            {shown.report.model && (
              <ul className="mt-1 list-disc pl-4 text-xs leading-snug text-muted">
                {[...shown.report.model.rules, ...shown.report.model.notes].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-muted">
          {status === 'running' ? 'Reading and verifying the file…' : `File ${hash}`}
        </p>
      )}
      {shown && <InteropPanel result={shown} />}
      <p className="text-xs leading-snug text-muted">
        Kept in this browser under its hash {hash}: the link reopens it here. Time is not measured: a file
        brings no cost parameters.
      </p>
      <button
        className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-panel"
        onClick={() => useApp.getState().setFile('')}
        data-testid="close-file"
      >
        Close the file: back to the algorithm
      </button>
    </div>
  );
}
