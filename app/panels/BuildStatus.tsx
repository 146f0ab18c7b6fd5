import { useEffect, useState } from 'react';
import { findCard } from '../../src/cards';
import { formatCount } from '../lib/format';
import { useApp } from '../store/store';
import { useServices } from '../store/servicesContext';

/** A build that runs this long (ms) shows how far it is and a Stop; quicker ones never flash it. */
const SHOW_AFTER_MS = 1000;

/**
 * A long build, while it runs: what is being built, how far it is when the build says (the NoC's
 * messages placed), how long it has run, and a Stop that ends it (a build is one piece of work:
 * nothing is kept, the last result stays and a message says so).
 */
export function BuildStatus() {
  const { stopBuild } = useServices();
  const running = useApp((s) => s.status === 'running');
  const building = useApp((s) => s.building);
  const name = useApp((s) =>
    s.config.file ? 'the schedule file' : (findCard(s.config.algorithm)?.name ?? ''),
  );
  const since = useApp((s) => s.runStartedAt);
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(t);
  }, [running]);
  const ms = Math.max(0, now - since);
  if (!running || (ms < SHOW_AFTER_MS && !building)) return null;
  const pct = building && building.total ? Math.floor((100 * building.done) / building.total) : null;
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 rounded-md border border-info bg-info-soft px-3 py-2 text-base text-info"
      role="status"
      data-testid="build-status"
    >
      <span>
        Building <b>{name}</b>…{' '}
        {building && (
          <span data-testid="build-progress">
            {formatCount(building.done)} of {formatCount(building.total)} {building.unit} ({pct} %),{' '}
          </span>
        )}
        {(ms / 1000).toFixed(0)} s
      </span>
      <button
        type="button"
        className="rounded-md border border-info bg-surface px-3 py-1 text-sm font-medium hover:bg-info-soft"
        onClick={stopBuild}
        data-testid="build-stop"
      >
        Stop
      </button>
    </div>
  );
}
