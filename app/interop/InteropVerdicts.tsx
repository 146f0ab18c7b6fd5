import { placeOf, type Verdict } from '../../src/interop/verdicts';
import type { RunResult } from '../../src/result';
import { linksOfTransfer, markLinks, transferNodes } from '../views/markedLinks';
import { interopOf } from './fileView';

/** Verdicts listed on the page (the counts cover all; the command line's check lists more). */
const SHOWN = 30;

const TONE: Record<Verdict['severity'], string> = {
  error: 'bg-danger-soft text-danger',
  warning: 'bg-warn-soft text-warn',
  note: 'bg-panel text-text',
};

/** The processors to ring for a verdict: its message's sender and receivers, else its rank. */
function nodesOf(r: RunResult, v: Verdict): number[] {
  const t = v.transfer;
  if (t !== undefined && t >= 0 && t < r.schedule.transferCount) return transferNodes(r, t);
  return v.rank !== undefined && v.rank < r.topology.nodeCount ? [v.rank] : [];
}

/**
 * What the importer found in a file made elsewhere — severity, where (rank, threadblock, step in
 * its threadblock) and what — each a button that goes to its Lab step, rings its processors and
 * marks its message's links.
 */
export function InteropVerdicts({ result }: { result: RunResult }) {
  const interop = interopOf(result);
  if (!interop) return null;
  const { listed, errors, warnings } = interop.verdicts;
  // The message's links marked, with its sender and receivers (or the rank) ringed.
  const go = (v: Verdict) =>
    markLinks(
      result,
      linksOfTransfer(result, v.transfer),
      v.labStep === undefined ? null : Math.min(v.labStep, result.schedule.stepCount),
      nodesOf(result, v),
    );
  return (
    <section data-testid="interop-verdicts">
      <h3 className="text-sm font-semibold text-text">
        {errors} error{errors === 1 ? '' : 's'}, {warnings} warning{warnings === 1 ? '' : 's'}
        {listed.length ? ': click one to see where' : ''}
      </h3>
      <ul className="mt-1 space-y-0.5 text-xs leading-snug">
        {listed.slice(0, SHOWN).map((v, i) => (
          <li key={i}>
            <button
              className="w-full rounded px-1 py-0.5 text-left hover:bg-panel"
              onClick={() => go(v)}
              data-testid="interop-verdict"
              data-severity={v.severity}
              data-step={v.labStep ?? ''}
            >
              <span className={`mr-1 rounded px-1 font-semibold ${TONE[v.severity]}`}>{v.severity}</span>
              {v.labStep !== undefined && <span className="text-muted">Lab step {v.labStep} · </span>}
              {/* Most texts start with their place; the others are given it. */}
              {placeOf(v) && !v.text.startsWith(placeOf(v)) && <span>{placeOf(v)}: </span>}
              <span>{v.text}</span>
            </button>
          </li>
        ))}
      </ul>
      {listed.length > SHOWN && (
        <p className="text-xs text-muted">
          … and {listed.length - SHOWN} more (`npm run cli -- check` lists them).
        </p>
      )}
    </section>
  );
}
