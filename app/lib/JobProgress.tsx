import { useEffect, useState } from 'react';

const LINK = 'underline decoration-dotted hover:text-text';

/**
 * How far a background job is, with its Stop button: "3 of 12 builds (25 %)" when the job counts its
 * work, the time it has run otherwise (a paper check is one piece of work).
 */
export function JobProgress({
  done,
  total,
  unit,
  onStop,
  stopTestId,
}: {
  done: number;
  total: number;
  /** What the job counts, e.g. "configurations", "verified builds". */
  unit: string;
  onStop: () => void;
  stopTestId: string;
}) {
  const [startedAt] = useState(() => performance.now());
  const [, tick] = useState(0);
  useEffect(() => {
    if (total) return;
    const t = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(t);
  }, [total]);
  const seconds = (performance.now() - startedAt) / 1000;
  const pct = total ? Math.round((100 * done) / total) : 0;
  return (
    <span role="status">
      computing in the background…{' '}
      {total ? `${done} of ${total} ${unit} (${pct}%)` : seconds >= 1 ? `${seconds.toFixed(0)} s` : ''}{' '}
      <button type="button" className={LINK} onClick={onStop} data-testid={stopTestId}>
        Stop
      </button>
    </span>
  );
}
