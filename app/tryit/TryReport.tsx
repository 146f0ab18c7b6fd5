import { useState } from 'react';
import { decodeTryLink, encodeTryLink } from '../../src/tryit/share-link';
import type { TryView } from '../../src/tryit/try-view';
import { encodeConfig } from '../../src/config/url-codec';
import { formatValue } from '../lib/format';
import { pageLink } from '../lib/pageLink';
import { FileButton } from '../lib/FileButton';
import { useApp } from '../store/store';
import { useTry, useTryStore } from './tryContext';
import type { TryStore } from './tryStore';

/**
 * What the check says: the verdict, every problem in words (each also marked on the picture), the
 * attempt beside the bound and the paper's algorithm, the hints (the algorithm's step, the bound's
 * argument) and the ways to keep the attempt (a link, a challenge link, a schedule file).
 */
const button =
  'rounded-md border border-border bg-surface px-2.5 py-1 text-sm font-medium hover:bg-panel disabled:opacity-40';

export function TryVerdict({ view }: { view: TryView }) {
  const c = view.check;
  const tone = c.violationCount
    ? 'border-danger bg-danger-soft'
    : c.complete
      ? 'border-ok bg-ok-soft'
      : 'border-border bg-surface';
  return (
    <section aria-label="Check" className={`space-y-1 rounded-md border-l-4 p-2 ${tone}`}>
      <p className="text-base font-semibold" data-testid="try-verdict" aria-live="polite">
        {c.verdict}
      </p>
      {c.violations.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-sm" data-testid="try-violations">
          {c.violations.map((v, i) => (
            <li key={i}>
              <span className="font-semibold">Step {v.step + 1}:</span> {v.sentence}
            </li>
          ))}
          {c.violationCount > c.violations.length && (
            <li>… and {c.violationCount - c.violations.length} more.</li>
          )}
        </ul>
      )}
    </section>
  );
}

export function TryCompare({ view }: { view: TryView }) {
  const c = view.check;
  const unit = c.time.unit;
  const time = (t: number) => (Number.isFinite(t) ? formatValue(t, unit) : '—');
  return (
    <section aria-label="Attempt, bound and algorithm" className="rounded-md bg-surface p-2 shadow-sm">
      <table className="w-full text-sm" data-testid="try-compare">
        <thead>
          <tr className="text-left text-muted">
            <th className="font-medium"></th>
            <th className="pr-3 font-medium">Steps</th>
            <th className="font-medium">Time{unit === 's' ? '' : ` (${unit})`}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th className="text-left font-medium">Your attempt</th>
            <td>{c.steps}</td>
            <td>{time(c.time.total)}</td>
          </tr>
          <tr>
            <th className="text-left font-medium">Lower bound</th>
            <td>{c.bound.value}</td>
            <td>
              {c.otherBounds
                .map((b) => `${formatValue(b.value, b.unit)}${b.unit === 's' ? '' : ` ${b.unit}`}`)
                .join(', ') || '—'}
            </td>
          </tr>
          <tr>
            <th className="text-left font-medium">{c.reference ? c.reference.name : 'The algorithm'}</th>
            <td>{c.reference ? c.reference.steps : 'hidden'}</td>
            <td>{c.reference ? time(c.reference.time.total) : 'until complete'}</td>
          </tr>
        </tbody>
      </table>
      {c.reference?.note && <p className="mt-1 text-sm text-muted">{c.reference.note}.</p>}
      <SideBySideButton />
    </section>
  );
}

function SideBySideButton() {
  const side = useTry((s) => s.side);
  const { showSideBySide } = useTryStore().getState();
  return (
    <button
      className={`${button} mt-1.5`}
      onClick={() => showSideBySide(!side)}
      aria-pressed={side}
      data-testid="try-side"
      title="Your attempt and the paper's algorithm side by side, stepping together with ← Step and Step →"
    >
      {side ? 'Close the side-by-side view' : 'Step through beside the algorithm'}
    </button>
  );
}

export function TryHints({ view }: { view: TryView }) {
  const why = useTry((s) => s.why);
  const side = useTry((s) => s.side);
  const store = useTryStore();
  const { showHint } = store.getState();
  const setWhy = (on: boolean) => store.setState({ why: on });
  return (
    <section aria-label="Hints" className="space-y-1.5 rounded-md bg-surface p-2 shadow-sm">
      <div className="flex flex-wrap gap-1.5">
        <button
          className={button}
          onClick={() => showHint(!view.hint)}
          aria-pressed={!!view.hint}
          data-testid="try-hint"
          title="Show the algorithm's step (H)"
        >
          {view.hint ? 'Hide' : 'Show'} the algorithm’s step
        </button>
        <button className={button} onClick={() => setWhy(!why)} aria-pressed={why} data-testid="try-why">
          Why is the bound {view.board.binding.value}?
        </button>
      </div>
      {view.hint && (
        <p className="text-sm text-text" data-testid="try-hint-words">
          {view.hint.words}{' '}
          {view.hint.kind !== 'step'
            ? ''
            : side
              ? 'Drawn beside your attempt.'
              : 'Drawn grey on the picture.'}
        </p>
      )}
      {why && (
        <p className="text-sm text-text" data-testid="try-why-words">
          {view.board.boundWords} {arguedOn(view)}
        </p>
      )}
    </section>
  );
}

/** What the picture marks for the bound's argument, in words. */
function arguedOn(view: TryView): string {
  const a = view.board.argued.argument;
  const parts = [
    a.vertices?.length ? `${a.vertices.length} ${a.vertices.length === 1 ? 'vertex' : 'vertices'}` : '',
    a.links?.length ? `${a.links.length} ${a.links.length === 1 ? 'link' : 'links'}` : '',
  ].filter(Boolean);
  return parts.length
    ? `Ringed in purple on the picture: ${parts.join(' and ')} the argument counts on.`
    : '';
}

export function TryShare({ view }: { view: TryView }) {
  const [said, setSaid] = useState('');
  const store = useTryStore();
  const { download } = store.getState();
  const copy = async (query: string, what: string) => {
    const href = pageLink(location.href, query);
    try {
      await navigator.clipboard.writeText(href);
      setSaid(`${what} copied.`);
    } catch {
      setSaid(`${what}: ${href}`);
    }
  };
  const challenge = () => {
    const exercise = decodeTryLink(view.link).exercise;
    const c = useApp.getState().config;
    return encodeConfig({ ...c, tryit: encodeTryLink({ exercise, challenge: true }) });
  };
  return (
    <section aria-label="Keep and share" className="space-y-1.5 rounded-md bg-surface p-2 shadow-sm">
      <div className="flex flex-wrap gap-1.5">
        <button
          className={button}
          disabled={!view.link}
          onClick={() => copy(encodeConfig(useApp.getState().config), 'The link to this attempt')}
          data-testid="try-copy-link"
        >
          Copy link
        </button>
        <button
          className={button}
          disabled={!view.link}
          onClick={() => copy(challenge(), 'A challenge link (the algorithm hidden until complete)')}
          data-testid="try-challenge"
        >
          Copy challenge link
        </button>
        <button className={button} onClick={download} data-testid="try-download">
          Download schedule
        </button>
        <FileButton className={button} testId="try-open-file" onFile={(f) => openAttempt(store, f)}>
          Open attempt file…
        </FileButton>
      </div>
      {view.linkProblem && <p className="text-sm text-warn">{view.linkProblem}</p>}
      {said && (
        <p className="break-all text-sm text-text" aria-live="polite">
          {said}
        </p>
      )}
    </section>
  );
}

/** Reopens a downloaded attempt file (at most 4 MB: an attempt is small). */
async function openAttempt(store: TryStore, f: File) {
  if (f.size > 4_000_000) store.setState({ error: 'an attempt file is at most 4 MB; this one is larger' });
  else store.getState().openFileText(await f.text());
}
