import type { SearchAttempt } from '../../../src/kernel/spec';
import { useApp } from '../../store/store';
import { clashSteps, describeFault, faultsIn } from './nocAttempt';
import { noun, plural } from '../../lib/format';

/**
 * While a search runs: what is drawn (its attempt at the target, or the best valid schedule), the
 * steps with conflicts (a click goes there), and the way back to the live search.
 */
export function NocAttemptBar({
  attempt,
  steps,
  step,
}: {
  attempt: SearchAttempt | null;
  steps: number;
  step: number;
}) {
  const search = useApp((s) => s.search);
  if (!search || search.done) return null;
  const button = 'rounded border border-border bg-surface px-2 py-0.5 text-sm';
  if (!attempt)
    return search.attempt ? (
      <p className="px-2 pb-1 text-sm text-text" data-testid="noc-attempt-bar">
        Showing the best valid schedule ({plural(steps, 'step')}) while the search looks for a shorter one.{' '}
        <button type="button" className={button} onClick={() => useApp.getState().followSearch(true)}>
          Show the search’s attempt
        </button>
      </p>
    ) : null;
  const steps_ = clashSteps(attempt);
  return (
    <div className="px-2 pb-1 text-sm text-text" data-testid="noc-attempt-bar">
      <p>
        <b className="text-danger">
          The search’s best attempt at {plural(attempt.target, 'step')}:{' '}
          {plural(attempt.conflicts, 'conflict')} left
        </b>{' '}
        {search.held ? '(held while you read it) ' : '(live) '}
        {search.held ? (
          <button type="button" className={button} onClick={() => useApp.getState().followSearch(true)}>
            Follow the search
          </button>
        ) : (
          <button type="button" className={button} onClick={() => useApp.getState().followSearch(false)}>
            Show the best valid schedule ({plural(steps, 'step')})
          </button>
        )}
      </p>
      {steps_.length > 0 && (
        <p className="mt-0.5">
          Go to a conflict, in {noun(steps_.length, 'step')}:{' '}
          {steps_.slice(0, 24).map(({ step, count }) => (
            <button
              key={step}
              type="button"
              className="mr-1 rounded bg-danger-soft px-1.5 text-danger hover:bg-danger/20"
              data-testid="noc-clash-step"
              onClick={() => {
                useApp.getState().holdAttempt();
                useApp.getState().setStep(step);
              }}
            >
              {step}
              {count > 1 ? ` (${count})` : ''}
            </button>
          ))}
          {steps_.length > 24 ? `… and ${steps_.length - 24} more steps` : ''}
        </p>
      )}
      <FaultList attempt={attempt} step={step} />
    </div>
  );
}

/** A broadcast attempt's causality faults in the step shown, in words (their senders ringed on the picture). */
function FaultList({ attempt, step }: { attempt: SearchAttempt; step: number }) {
  const faults = faultsIn(attempt, step);
  if (!faults.length) return null;
  return (
    <ul className="mt-0.5 text-danger" data-testid="noc-faults">
      {faults.slice(0, 8).map((f) => (
        <li key={f.transfer} data-testid="noc-fault">
          {describeFault(f)}
        </li>
      ))}
      {faults.length > 8 ? <li>… and {faults.length - 8} more</li> : null}
    </ul>
  );
}
