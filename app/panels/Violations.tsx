import { RULE_TEXT } from '../../src/kernel/verify/rules';
import { selectResult, useApp } from '../store/store';
import { plural } from '../lib/format';
import { linksOfTransfer, markLinks, transferNodes } from '../views/markedLinks';

/** Violations listed on the page (the counts cover all of them). */
const SHOWN = 20;

/**
 * What the verifier found wrong with the schedule on screen (a file's, since the algorithms' are
 * always verified): each violation a button that goes to its step, rings its processors and marks
 * its transfer's links.
 */
export function Violations() {
  const result = useApp(selectResult);
  if (!result || result.report.ok) return null;
  const { violations, total, counts } = result.report;
  const go = (step: number, transfer: number) =>
    markLinks(
      result,
      linksOfTransfer(result, transfer),
      step === 0 ? result.schedule.stepCount : step,
      transferNodes(result, transfer),
    );
  return (
    <section className="rounded-lg border border-danger bg-danger-soft p-3" data-testid="violations">
      <h2 className="text-lg font-bold text-danger">
        {plural(total, 'violation')}: the schedule breaks the rules
      </h2>
      <p className="text-sm text-danger">
        {Object.entries(counts)
          .map(([rule, n]) => `${n} × ${RULE_TEXT[rule as keyof typeof RULE_TEXT]}`)
          .join('; ')}
        . Click one to see its step.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {violations.slice(0, SHOWN).map((v, i) => (
          <li key={i}>
            <button
              className="w-full rounded px-2 py-1 text-left text-danger hover:bg-danger-soft"
              onClick={() => go(v.step, v.transfer)}
              data-testid="violation"
              data-step={v.step}
            >
              <span className="font-semibold">
                {v.step > 0 ? `step ${v.step}` : v.rule === 'postcondition' ? 'at the end' : 'the file'}
              </span>{' '}
              · {v.message}
            </button>
          </li>
        ))}
      </ul>
      {total > SHOWN && (
        <p className="mt-1 text-sm text-danger">
          … and {total - SHOWN} more (the command line’s check lists them all).
        </p>
      )}
    </section>
  );
}
