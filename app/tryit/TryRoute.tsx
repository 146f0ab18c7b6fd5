import { useState } from 'react';
import type { TryView } from '../../src/tryit/try-view';
import { nextLinks, orderRoute, toggleRouteLink } from './route-picking';
import { useTryStore } from './tryContext';
import type { TryStore } from './tryStore';

/**
 * The route of the selected transfer, and how to change it: click links on the picture (a link in
 * the route is taken out, one that continues it is put in), or from the keyboard pick the next link
 * from the list and Add it; "Shortest route" goes back to the default. Each change is one edit,
 * checked live and undone with Undo.
 */
const button =
  'rounded-md border border-border bg-surface px-2 py-0.5 text-sm font-medium hover:bg-panel disabled:opacity-40';

/** Sends the route with the link between u and v toggled, or says why it cannot be. */
export function toggleLinkOfSelected(store: TryStore, view: TryView, index: number, u: number, v: number) {
  const ref = { step: view.attempt.at, index };
  const t = view.attempt.steps[ref.step]?.transfers[index];
  if (!t) return;
  const got = toggleRouteLink(view, t, u, v);
  if ('error' in got) store.setState({ error: got.error });
  else store.getState().edit({ kind: 'route', ref, links: got.links });
}

export function TryRoute({ view, index }: { view: TryView; index: number }) {
  const [next, setNext] = useState('');
  const { edit } = useTryStore().getState();
  const b = view.board;
  const ref = { step: view.attempt.at, index };
  const t = view.attempt.steps[ref.step]?.transfers[index];
  if (!t) return null;
  const options = nextLinks(view, t);
  const chosen = options.includes(Number(next)) && next !== '' ? Number(next) : null;
  const words = t.route.length ? t.route.map((l) => `${b.linkFrom[l]}→${b.linkTo[l]}`).join(', ') : 'none';
  return (
    <div className="space-y-1 rounded border border-info bg-info-soft p-1.5 text-sm" data-testid="try-route">
      <p>
        <span className="font-semibold">
          Route of {b.noun[0]} {index + 1}:
        </span>{' '}
        <span data-testid="try-route-words">{words}</span>.{' '}
        <span className="text-text">
          Click a link on the picture to take it out or to add it where the route has reached.
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        <label className="flex items-center gap-1">
          Next link
          <select
            className="max-w-[14rem] rounded border border-border bg-surface px-1"
            value={chosen ?? ''}
            onChange={(e) => setNext(e.target.value)}
            data-testid="try-route-next"
          >
            <option value="">{options.length ? 'choose…' : 'none left'}</option>
            {options.map((l) => (
              <option key={l} value={l}>
                {b.linkNames[l]}
              </option>
            ))}
          </select>
        </label>
        <button
          className={button}
          disabled={chosen === null}
          onClick={() => {
            if (chosen === null) return;
            edit({ kind: 'route', ref, links: orderRoute(b, t.from, [...t.route, chosen]).route });
            setNext('');
          }}
          data-testid="try-route-add"
        >
          Add link
        </button>
        <button
          className={button}
          disabled={t.route.length === 0}
          onClick={() => edit({ kind: 'route', ref, links: t.route.slice(0, -1) })}
          data-testid="try-route-drop"
        >
          Remove last link
        </button>
        <button
          className={button}
          onClick={() => edit({ kind: 'receivers', ref, to: [...t.to] })}
          title="Back to a shortest route, on the lowest free channel"
          data-testid="try-route-shortest"
        >
          Shortest route
        </button>
      </div>
    </div>
  );
}
