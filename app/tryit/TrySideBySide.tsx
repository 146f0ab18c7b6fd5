import type { ReactNode } from 'react';
import type { TryView } from '../../src/tryit/try-view';
import { NO_PICK } from './picking';
import { TryNetwork } from './TryNetwork';

/**
 * The attempt beside the paper's algorithm: the same step of both, drawn on the same network, and
 * stepping together with ← Step / Step → (and N / P). The algorithm's step is the hint the worker
 * already makes (src/tryit/hints.ts), drawn here in colour on a picture of its own instead of grey.
 */

/** The view with the algorithm's transfers as the step being edited (nothing picked, no faults). */
export function algorithmView(view: TryView): TryView | null {
  const h = view.hint;
  if (h?.kind !== 'step') return null;
  const steps = view.attempt.steps.slice();
  steps[h.step] = { transfers: h.transfers, ...(h.offset !== undefined ? { offset: h.offset } : {}) };
  return {
    ...view,
    attempt: { ...view.attempt, steps },
    check: { ...view.check, violations: [] },
    hint: null,
  };
}

const noop = () => {};

export function TrySideBySide({ view, mine }: { view: TryView; mine: ReactNode }) {
  const step = view.attempt.at + 1;
  const theirs = algorithmView(view);
  const name = view.check.reference?.name ?? 'The algorithm';
  const caption = 'px-2 pt-1 text-sm font-semibold text-text';
  return (
    <div className="flex min-h-0 flex-1 gap-2" data-testid="try-side-by-side">
      <figure className="flex min-w-0 flex-1 flex-col">
        <figcaption className={caption}>Your attempt, step {step}</figcaption>
        <div className="min-h-0 flex-1">{mine}</div>
      </figure>
      <figure className="flex min-w-0 flex-1 flex-col border-l border-divider">
        <figcaption className={caption} data-testid="try-side-caption">
          {name}, step {step}
          {theirs ? '' : ':'}
        </figcaption>
        {theirs ? (
          <div className="min-h-0 flex-1">
            <TryNetwork view={theirs} picking={NO_PICK} onPick={noop} onSelect={noop} readOnly />
          </div>
        ) : (
          <p className="px-2 text-sm text-text" data-testid="try-side-words">
            {view.hint?.words ?? 'Show the algorithm’s step (H) to draw it here.'}
          </p>
        )}
      </figure>
    </div>
  );
}
