import { sizeText } from '../../src/limits';
import { usePane } from '../store/paneContext';

/** The line that says how far the file being opened in this pane is: bytes read of all, then that it is being checked. */
export function FileProgress() {
  const reading = usePane((s) => s.reading);
  if (!reading) return null;
  const { name, done, total } = reading;
  const percent = total > 0 ? Math.floor((100 * done) / total) : 100;
  return (
    <p
      className="rounded-md border border-info bg-info-soft px-3 py-2 text-base text-info"
      role="status"
      data-testid="file-progress"
    >
      {done < total ? (
        <>
          Reading <b>{name}</b>: {sizeText(done)} of {sizeText(total)} ({percent}%)
          <progress className="ml-3 h-2 w-40 align-middle" max={total} value={done} aria-hidden />
        </>
      ) : (
        <>
          Checking <b>{name}</b> ({sizeText(total)} read): parsing and verifying it in the background…
        </>
      )}
    </p>
  );
}
