import { schemeTableau10 } from 'd3';
import { formatCount } from '../../lib/format';
import { useApp, type SearchState } from '../../store/store';
import { useServices } from '../../store/servicesContext';
import { plural } from '../../lib/format';

/**
 * The search, live (NoC paper, Sec. 5): the step target against the lower bound and the best so far,
 * its speed and where its chains run, each chain's conflicts over the search, and a Stop that keeps
 * the best schedule, which is the one shown and played once the search ends.
 */
export function NocSearchPanel() {
  const method = useApp((s) => String(s.config.params['method'] ?? ''));
  const search = useApp((s) => s.search);
  const steps = useApp((s) => s.result?.summary.steps ?? 0);
  if (method !== 'anneal' && method !== 'hybrid' && method !== 'exact') return null;
  return (
    <section className="rounded-lg border border-divider bg-surface p-4" data-testid="search-panel">
      <h2 className="text-lg font-semibold">Search</h2>
      {!search ? (
        <p className="text-muted">Starting from the constructive schedule ({plural(steps, 'step')})…</p>
      ) : (
        <SearchStatus search={search} steps={steps} />
      )}
    </section>
  );
}

/** Moves a second in words: "850 thousand", "1.2 million". */
const rate = (r: number) =>
  r >= 1e6 ? `${(r / 1e6).toFixed(1)} million` : `${Math.round(r / 1e3).toLocaleString('en-US')} thousand`;

/** Where the chains run and how fast: "4 chains on 1 worker of the pool, 850 thousand moves a second". */
function whereAndHowFast(p: NonNullable<SearchState['progress']>, workers: number): string {
  const chains = p.conflicts.length;
  const where =
    chains === 0
      ? ''
      : `${chains === 1 ? 'one annealing chain' : `${chains} chains`}${
          workers > 0 ? ` on ${plural(Math.min(workers, chains), 'worker')} of the pool` : ''
        }`;
  const speed = p.movesPerSecond ? `${rate(p.movesPerSecond)} moves a second` : '';
  return [where, speed].filter(Boolean).join(', ');
}

function SearchStatus({ search, steps }: { search: SearchState; steps: number }) {
  const { searchWorkers, stopSearch } = useServices();
  const p = search.progress;
  const seconds = search.totalMs ? ` in ${(search.totalMs / 1000).toFixed(1)} s` : '';
  const optimal = p !== null && (steps <= p.lowerBound || p.proved === steps);
  const found =
    search.improvements > 0
      ? `${plural(search.improvements, 'better schedule')} found since the constructive one (${plural(search.firstSteps, 'step')})`
      : `no better schedule than the constructive one (${plural(search.firstSteps, 'step')})${search.done ? '' : ' yet'}`;
  return (
    <div
      className="space-y-2 text-base text-text"
      data-testid="search-status"
      data-done={search.done ? '1' : '0'}
    >
      {search.done ? (
        <p>
          <b>{optimal ? 'Optimal' : search.stopped ? 'Stopped' : 'Ended'}:</b> {plural(steps, 'step')}
          {optimal
            ? steps <= (p?.lowerBound ?? 0)
              ? `, the lower bound: no schedule has fewer${p?.maxMoves ? ` (${formatCount(p.moves)} moves${seconds})` : ''}.`
              : `: the solver (HiGHS) proved that no schedule over these routes has ${steps - 1}.`
            : p?.maxMoves === 0
              ? ` (lower bound ${p.lowerBound}).`
              : p
                ? `; the lower bound is ${p.lowerBound} (${formatCount(p.moves)} moves${seconds}).`
                : '.'}{' '}
          {found}.
        </p>
      ) : (
        <p>
          {p ? (
            <>
              Looking for <b>{plural(p.target, 'step')}</b> (lower bound {p.lowerBound}, best valid so far:{' '}
              {steps});{' '}
              {p.maxMoves === 0
                ? 'the solver (HiGHS) decides whether a schedule that short exists'
                : `${formatCount(p.moves)} of ${formatCount(p.maxMoves)} moves`}
              . {found}.
            </>
          ) : (
            'Starting…'
          )}
        </p>
      )}
      {p && p.maxMoves > 0 && !search.done && (
        <p className="text-sm text-muted" data-testid="search-speed">
          {whereAndHowFast(p, searchWorkers())}.
        </p>
      )}
      {search.waiting && !search.done && (
        <p className="text-sm text-warn" data-testid="search-waiting">
          Waiting for a worker: another job (a sweep, a paper check or a comparison) is running on the pool;
          the search goes on when it ends.
        </p>
      )}
      {p?.note && (
        <p className="text-sm text-muted" data-testid="search-note">
          {p.note}
        </p>
      )}
      {search.note && (
        <p className="text-sm text-warn" data-testid="search-end-note">
          {search.note}
        </p>
      )}
      {search.history.length > 1 && p?.maxMoves !== 0 && <ConflictChart search={search} />}
      {!search.done && (
        <button
          type="button"
          className="rounded-md border border-border bg-surface px-3 py-1"
          onClick={stopSearch}
          data-testid="search-stop"
        >
          Stop (keep the best)
        </button>
      )}
    </div>
  );
}

/** Conflicts of each chain against moves; a new target starts where the line jumps up. */
function ConflictChart({ search }: { search: SearchState }) {
  const h = search.history;
  const [w, ht] = [300, 90];
  const maxMoves = Math.max(1, h[h.length - 1].moves);
  const maxC = Math.max(1, ...h.flatMap((x) => x.conflicts));
  const chains = Math.max(...h.map((x) => x.conflicts.length));
  const line = (c: number) =>
    h
      .map(
        (x, i) =>
          `${i ? 'L' : 'M'}${((x.moves / maxMoves) * w).toFixed(1)},${(ht - ((x.conflicts[c] ?? 0) / maxC) * ht).toFixed(1)}`,
      )
      .join('');
  return (
    <figure>
      <svg
        width={w}
        height={ht}
        className="overflow-visible"
        role="img"
        aria-label="conflicts of each chain over the search"
      >
        <line x1={0} x2={w} y1={ht} y2={ht} stroke="#94a3b8" />
        {Array.from({ length: chains }, (_, c) => (
          <path key={c} d={line(c)} fill="none" stroke={schemeTableau10[c % 10]} strokeWidth={1.5} />
        ))}
      </svg>
      <figcaption className="text-sm text-muted">
        conflicts of each chain ({chains === 1 ? 'one annealing chain' : `${chains} chains`}), from {maxC}{' '}
        down to 0 at each new target
      </figcaption>
    </figure>
  );
}
