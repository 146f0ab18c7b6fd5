import { FileProgress } from '../files/FileProgress';
import { usePane, usePaneStore } from '../store/paneContext';
import { BuildStatus } from './BuildStatus';

/** Notices (e.g. what a permalink had that was ignored) and the last failed run's message. */
export function Notices() {
  const store = usePaneStore();
  const notices = usePane((s) => s.notices);
  const runError = usePane((s) => s.runError);
  const hasResult = usePane((s) => s.result !== null);
  return (
    <div className="flex flex-col gap-2 px-4 pt-2 empty:hidden">
      <FileProgress />
      <BuildStatus />
      {runError && (
        <div
          className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-base text-danger"
          role="alert"
          data-testid="run-error"
        >
          <b>Not run:</b> {runError}
          {hasResult && <span className="text-danger"> The last good result stays on screen.</span>}
        </div>
      )}
      {notices.map((n) => (
        <div
          key={n.id}
          className="flex items-start justify-between gap-4 rounded-md border border-warn bg-warn-soft px-3 py-2 text-warn"
          role="status"
          data-testid="notice"
        >
          <div>
            <b>{n.title}</b>
            <ul className="list-disc pl-5 text-sm">
              {n.items.map((it, i) => (
                <li key={i}>{it}</li>
              ))}
            </ul>
          </div>
          {n.action ? (
            <div className="flex shrink-0 gap-2">
              <button
                className="rounded-md border border-warn bg-surface px-3 py-1 text-sm font-medium hover:bg-warn-soft"
                onClick={() => {
                  store.getState().dismissNotice(n.id);
                  n.action?.run();
                }}
              >
                {n.action.label}
              </button>
              <button
                className="rounded-md px-3 py-1 text-sm hover:bg-warn/15"
                onClick={() => store.getState().dismissNotice(n.id)}
              >
                Dismiss
              </button>
            </div>
          ) : (
            <button
              className="rounded px-2 text-lg hover:bg-warn/15"
              onClick={() => store.getState().dismissNotice(n.id)}
              aria-label="Dismiss"
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
