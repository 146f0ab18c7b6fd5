import { useEffect } from 'react';
import { EXERCISE_PRESETS } from '../../src/tryit/exercise-catalogue';
import { decodeTryLink, encodeTryLink } from '../../src/tryit/share-link';
import { findCard } from '../../src/cards';
import { Boundary } from '../lib/Boundary';
import { useApp } from '../store/store';
import { NO_PICK, pickNode } from './picking';
import { addPicked, TryBuild } from './TryBuild';
import { TryHoldings } from './TryHoldings';
import { TryNetwork } from './TryNetwork';
import { TrySideBySide } from './TrySideBySide';
import { TrySize } from './TrySize';
import { toggleLinkOfSelected } from './TryRoute';
import { TryCompare, TryHints, TryShare, TryVerdict } from './TryReport';
import { useTry, useTryStore } from './tryContext';

/**
 * Try it (`mode=try`): the student builds a schedule by hand on an exercise's network, checked live
 * in the worker against the exercise's rules, its lower bound and the paper's algorithm. The link's
 * `try=` holds the exercise and the attempt so far; without one the first ready-made exercise opens.
 */
const presetLink = (i: number) => encodeTryLink({ exercise: EXERCISE_PRESETS[i].exercise, challenge: false });

/** A ready-made exercise's link as the worker writes it: parameters at their defaults left out. */
function canonicalLink(i: number): string {
  const e = EXERCISE_PRESETS[i].exercise;
  const defs = findCard(e.algorithm)?.params ?? [];
  const params = Object.fromEntries(
    Object.entries(e.params).filter(([k, v]) => String(defs.find((d) => d.key === k)?.default) !== v),
  );
  return encodeTryLink({ exercise: { ...e, params }, challenge: false });
}

export function TryPage() {
  const link = useApp((s) => s.config.tryit);
  const store = useTryStore();
  const { edit, openLink, showHint } = store.getState();
  const view = useTry((s) => s.view);
  const error = useTry((s) => s.error);
  const picking = useTry((s) => s.picking);
  const why = useTry((s) => s.why);
  const side = useTry((s) => s.side);

  // A link the page did not write itself (the first, Back/Forward, a pasted one) is opened.
  useEffect(() => {
    const text = link || presetLink(0);
    if (text !== store.getState().written) openLink(text);
  }, [link, store, openLink]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, select, textarea, dialog[open]')) return;
      const s = store.getState();
      const v = s.view;
      if (!v) return;
      const ctrl = e.ctrlKey || e.metaKey;
      let done = true;
      if (/^[0-9]$/.test(e.key) && !ctrl) s.setTyped((s.typed + e.key).slice(-3));
      else if (e.key === 'Backspace' && s.typed) s.setTyped(s.typed.slice(0, -1));
      else if (e.key === 'Enter' && s.typed) {
        const node = Number(s.typed);
        s.setTyped('');
        if (node < v.board.nodes) s.setPicking(pickNode(s.picking, node));
        else store.setState({ error: `there is no processor ${node}; they are 0 to ${v.board.nodes - 1}` });
      } else if (e.key === 'Enter' && !(t instanceof HTMLButtonElement)) addPicked(v, s.picking, edit);
      else if ((e.key === 'z' && ctrl && !e.shiftKey) || (!ctrl && (e.key === 'u' || e.key === 'U')))
        edit({ kind: 'undo' });
      else if (
        (ctrl && (e.key === 'y' || (e.key === 'Z' && e.shiftKey))) ||
        (!ctrl && (e.key === 'r' || e.key === 'R'))
      )
        edit({ kind: 'redo' });
      else if (ctrl) done = false;
      else if (e.key === 'n' || e.key === 'N') edit({ kind: 'next' });
      else if (e.key === 'p' || e.key === 'P') edit({ kind: 'previous' });
      else if (e.key === 'h' || e.key === 'H') showHint(!v.hint);
      else if (e.key === 'c' || e.key === 'C') s.setPicking(NO_PICK);
      else if (e.key === 'Delete' && s.picking.selected !== null)
        edit({ kind: 'delete', ref: { step: v.attempt.at, index: s.picking.selected } });
      else done = false;
      if (done) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, edit, showHint]);

  // The ready-made exercise shown, if it is one (its link without the attempt).
  const bare = view?.link
    ? encodeTryLink({ exercise: decodeTryLink(view.link).exercise, challenge: false })
    : '';
  const preset = EXERCISE_PRESETS.findIndex((_, i) => canonicalLink(i) === bare);
  // The attempt's picture (beside the algorithm's, its hint is not drawn grey on it).
  const mine = view && (
    <TryNetwork
      view={side ? { ...view, hint: null } : view}
      picking={picking}
      onPick={(n) => store.getState().setPicking(pickNode(store.getState().picking, n))}
      onSelect={(i) => store.getState().setPicking({ selected: i })}
      onLink={(u, v) => {
        const s = store.getState();
        if (s.view && s.picking.selected !== null)
          toggleLinkOfSelected(store, s.view, s.picking.selected, u, v);
      }}
      argued={why}
    />
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto" data-testid="try-page">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-2">
        <h2 className="text-xl font-bold">Try it</h2>
        <label className="flex items-center gap-2 text-sm">
          Exercise
          <select
            className="max-w-[36rem] rounded-md border border-border bg-surface px-2 py-1"
            value={preset}
            onChange={(e) => Number(e.target.value) >= 0 && openLink(presetLink(Number(e.target.value)))}
            data-testid="try-exercise"
          >
            {preset < 0 && (
              <option value={-1}>{view ? `${view.board.name} (from the link)` : 'from the link'}</option>
            )}
            {EXERCISE_PRESETS.map((p, i) => (
              <option key={p.id} value={i}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        {view && <TrySize key={`${view.board.name}:${view.board.vertices}`} view={view} />}
        {view?.challenge && (
          <span className="rounded bg-warn-soft px-2 text-sm font-semibold text-warn">
            Challenge: the algorithm is hidden until you are done
          </span>
        )}
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-md border border-danger bg-danger-soft px-2 py-1 text-sm text-danger"
          data-testid="try-error"
        >
          {error}
          {view ? ' — nothing was changed.' : ''}
        </p>
      )}
      {!view ? (
        <p className="text-lg text-muted">{error ? 'No exercise open.' : 'Making the exercise…'}</p>
      ) : (
        <div className="try-row flex min-h-0 flex-1 gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="px-2 text-sm text-text">
              <p data-testid="try-description">
                <span className="font-semibold">{view.board.name}</span> ({view.board.paper}).{' '}
                <span className="font-semibold">Start:</span> {view.board.start}{' '}
                <span className="font-semibold">Goal:</span> {view.board.goal}
              </p>
            </div>
            <div className="min-h-[18rem] flex-1 rounded-md bg-surface shadow-sm">
              <Boundary name="Try it network" resetKey={view}>
                {side ? <TrySideBySide view={view} mine={mine} /> : mine}
              </Boundary>
            </div>
            <details className="px-2 text-sm text-text">
              <summary className="cursor-pointer font-medium">The rules of this network</summary>
              <ul className="list-disc pl-5">
                {view.board.rules.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </details>
          </div>
          <div className="flex w-[26rem] shrink-0 flex-col gap-2 xl:w-[30rem]">
            <TryVerdict view={view} />
            <TryBuild view={view} />
            <TryCompare view={view} />
            <TryHints view={view} />
            <TryShare view={view} />
            <TryHoldings view={view} />
            <p className="text-sm text-muted">
              Keys: a node’s number then Enter picks it (sender first, then receivers); Enter adds; N / P next
              and previous step; U undo, R redo; H the algorithm’s step; C clear; Delete removes the selected{' '}
              {view.board.noun[0]}.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
